"""The load test's server (bench/load.py): a PostgreSQL database of the run's own on a
server on loopback, created and dropped, and gunicorn serving it in a process group of
its own, started, waited for and stopped (also on Ctrl-C or an error)."""

import asyncio
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit

import dj_database_url
import httpx
import psycopg
from psycopg import sql

ROOT = Path(__file__).resolve().parent.parent
LOOPBACK = ("127.0.0.1", "localhost", "::1")


# ---------------------------------------------------------------------------- the database


def loopback_database(url: str) -> dict[str, Any]:
    """The parsed database URL; ValueError unless it names PostgreSQL on loopback."""
    config: dict[str, Any] = dict(dj_database_url.parse(url))
    if not config["ENGINE"].endswith("postgresql"):
        raise ValueError(f"needs PostgreSQL, got {url!r} (set PG_URL)")
    host = config.get("HOST") or ""
    if not (host in LOOPBACK or host.startswith("127.")):
        raise ValueError(f"the database must be on loopback (127.0.0.1), not {host!r}")
    return config


def loopback_redis(url: str) -> str:
    """`url` (REDIS_URL, for the workers' shared cache); ValueError unless on loopback."""
    host = urlsplit(url).hostname or ""
    if not url.startswith("redis://") or not (host in LOOPBACK or host.startswith("127.")):
        raise ValueError(f"REDIS_URL must be redis:// on loopback (127.0.0.1), not {url!r}")
    return url


def _admin(config: dict) -> psycopg.Connection:
    """A connection to the server's maintenance database, to create and drop ours."""
    return psycopg.connect(
        host=config.get("HOST") or None,
        port=config.get("PORT") or None,
        user=config.get("USER") or None,
        password=config.get("PASSWORD") or None,
        dbname="postgres",
        autocommit=True,
        connect_timeout=10,
    )


def database_url(config: dict, name: str) -> str:
    """The URL of database `name` on the server of `config`, for the run's workers."""
    user = quote(config.get("USER") or "", safe="")
    password = config.get("PASSWORD")
    auth = f"{user}:{quote(password, safe='')}@" if password else (f"{user}@" if user else "")
    host = config["HOST"]
    host = f"[{host}]" if ":" in host else host
    port = f":{config['PORT']}" if config.get("PORT") else ""
    return f"postgres://{auth}{host}{port}/{name}"


def create_database(config: dict, name: str) -> None:
    """Create the run's database `name` on the server of `config` (psycopg.Error if not)."""
    with _admin(config) as admin:
        admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))


def drop_database(config: dict, name: str) -> None:
    """Drop the run's database (after closing this process's connections to it)."""
    from django.db import connections

    connections.close_all()
    with _admin(config) as admin:
        admin.execute(
            sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
        )
    print(f"load: database {name} dropped", flush=True)


# ------------------------------------------------------------------------------ gunicorn


def start_gunicorn(
    env: dict, workers: int, log: Path, access: Path
) -> tuple[subprocess.Popen, str]:
    """gunicorn on a loopback socket bound here (so the port is surely free and ours), in
    a new session: its process group is its own, and only it is signalled later."""
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    host, port = listener.getsockname()
    with log.open("ab") as out:
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "gunicorn",
                "config.wsgi",
                "--bind",
                f"fd://{listener.fileno()}",
                "--workers",
                str(workers),
                "--timeout",
                "30",
                "--graceful-timeout",
                "5",
                # Each request's method, path, status and time in the worker (ms): the
                # time without the wait for a free worker, to tell the two apart.
                "--access-logfile",
                str(access),
                "--access-logformat",
                "%(m)s %(U)s %(s)s %(M)s %({hx-request}i)s",
            ],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            pass_fds=[listener.fileno()],
            start_new_session=True,
        )
    listener.close()  # gunicorn holds its own copy of the socket
    return process, f"http://{host}:{port}"


def stop_gunicorn(process: subprocess.Popen) -> None:
    """TERM the process group gunicorn leads (master and workers), KILL what stays."""
    for sig, wait in ((signal.SIGTERM, 15), (signal.SIGKILL, 5)):
        try:
            os.killpg(process.pid, sig)
        except ProcessLookupError:
            break  # the group is gone: nothing of ours is left
        try:
            process.wait(timeout=wait)
        except subprocess.TimeoutExpired:
            continue
        # The master is gone; a worker it did not reap would still be in the group.
        try:
            os.killpg(process.pid, 0)
        except ProcessLookupError:
            break
        time.sleep(0.5)


async def wait_ready(process: subprocess.Popen, base: str, log: Path) -> None:
    """Until /healthz answers 200 (the database reachable, migrations applied)."""
    async with httpx.AsyncClient(base_url=base, trust_env=False, timeout=5) as client:
        for _ in range(120):
            if process.poll() is not None:
                raise RuntimeError(f"gunicorn exited with {process.returncode}:\n{tail(log)}")
            try:
                if (await client.get("/healthz")).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            await asyncio.sleep(0.5)
    raise RuntimeError(f"gunicorn did not answer /healthz within 60 s:\n{tail(log)}")


def group_cpu(group: int) -> float:
    """Seconds of CPU the live processes of process group `group` (gunicorn's master and
    workers) have used, from Linux's /proc; NaN where there is no /proc to read."""
    proc = Path("/proc")
    if not proc.is_dir():
        return float("nan")
    ticks = 0
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            # The fields after the command's name (in parentheses, which may hold spaces):
            # state, ppid, pgrp, …, utime and stime as the 12th and 13th.
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue  # gone meanwhile
        if int(fields[2]) == group:
            ticks += int(fields[11]) + int(fields[12])
    return ticks / os.sysconf("SC_CLK_TCK")


def tail(log: Path, lines: int = 40) -> str:
    """The log's last lines (gunicorn's, to say why it failed); empty if unreadable."""
    try:
        return "\n".join(log.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return ""
