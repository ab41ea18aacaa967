"""Load test: 32 judges' phones against gunicorn and PostgreSQL, then a check of every hand
stored. `make load` (`LOAD_SECONDS=n` per pace), or from the repo root
`python bench/load.py [--seconds N] [--short] [--workers N]`; with `REDIS_URL` (a Redis
server on loopback) the workers share it as a cache, as docs/deploy.md describes.

What it does, all on this machine (loopback only; bounded in time and requests):

1. creates its own database on the PostgreSQL server of `PG_URL` (or `DATABASE_URL`;
   default postgres://postgres@127.0.0.1:5432/postgres), migrates it and collects the
   static files, and builds through the services an SPJST tournament with round 1 in play
   at 32 tables, each with a private judge link (`bench/load_site.py`);
2. starts gunicorn (production settings, several sync workers) on a free loopback port,
   in a process group of its own, and nginx in front of it as docs/deploy.md deploys it
   (bench/load_proxy.py), when nginx is installed; without, gunicorn alone, as behind
   the HTTPS proxy of docs/deploy.md;
3. drives a phone per table, and a second phone at every eighth table, each through the
   table's judge link, at two paces: realistic (a hand every 2–6 s per phone) and flat
   out (no pause), and a third time at the realistic pace while 10 anonymous clients
   flood `POST /api/score/` with the largest document it takes (the abuse phase,
   bench/load_abuse.py). A phone reads the judge page, takes the hand form's hidden fields (its
   CSRF token, submission id and table version) and posts a Povinost: as the page's htmx
   does (then an answer that brings a blank form for the next hand spares reading the
   page again), or, at every fourth table, as a plain form without JavaScript. One hand
   in ten is sent twice with the same submission id, half of them as a double tap (both
   at once) and half as a resend after the answer. A redirect back to the table (HTTP's,
   or htmx's HX-Redirect) carries Django's page message (saved, saved before, or the
   refusal in words) in the message cookie; an htmx answer says in its X-Hand-Outcome
   header whether it saved the hand or brings the form back filled in because another
   phone saved first (a refusal: nothing saved); nothing depends on the page's layout,
   only on the form's field names and action;
4. stops nginx and gunicorn (their process groups, also on Ctrl-C or an error), checks the database
   against the answers (`bench/load_site.py`: every acknowledged hand stored once, no
   duplicates, hands numbered 1..n, chips zero-sum per hand, per table and in the
   standings, the round closed through the services), drops the database and prints
   p50/p95/p99, throughput and the answers by status class.

Exits 0 when every check holds and every request got an answer other than 4xx or 5xx;
1 otherwise; 2 when it could not start; 130 when interrupted. The latency target (p95 ≤
100 ms at the realistic pace) is printed, not enforced, at the realistic pace alone (it
depends on the machine); under the abuse phase's flood it is enforced: the rate limits
are there to keep it.

This module is the entry point and the run's order; its parts: the database and gunicorn
(`bench/load_server.py`), nginx (`bench/load_proxy.py`), the phones and their figures (`bench/load_phones.py`), what a
phone reads in a page and an answer (`bench/load_pages.py`), the verdict on the answers
and the report (`bench/load_report.py`), the tournament and the check of the database
(`bench/load_site.py`), the abuse phase's flood (`bench/load_abuse.py`).
"""

import argparse
import asyncio
import os
import secrets
import signal
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit

import psycopg

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

# The run's parts, found through ROOT: its server, its phones, its verdict and report.
from bench.load_pages import Messages  # noqa: E402
from bench.load_phones import ABUSE, FLAT_OUT, REALISTIC, SECOND_PHONE_EVERY, Run, drive  # noqa: E402
from bench.load_proxy import find_nginx, start_nginx, stop_nginx  # noqa: E402
from bench.load_report import failures, flood_cost, report  # noqa: E402
from bench.load_server import (  # noqa: E402
    create_database,
    database_url,
    drop_database,
    group_cpu,
    loopback_database,
    loopback_redis,
    start_gunicorn,
    stop_gunicorn,
    tail,
    wait_ready,
)

DEFAULT_PG_URL = "postgres://postgres@127.0.0.1:5432/postgres"
TABLES = 32
SECONDS = 60  # per pace, unless --seconds or LOAD_SECONDS say otherwise
SHORT_SECONDS = 5  # per pace with --short (CI)


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--seconds",
        type=float,
        default=float(os.environ.get("LOAD_SECONDS") or SECONDS),
        help=f"each pace's duration (default LOAD_SECONDS or {SECONDS})",
    )
    parser.add_argument("--short", action="store_true", help=f"CI: {SHORT_SECONDS} s per pace")
    parser.add_argument(
        "--workers",
        type=int,
        default=2 * (os.cpu_count() or 1) + 1,
        help="gunicorn workers (default: two per core plus one, as docs/deploy.md)",
    )
    parser.add_argument("--tables", type=int, default=TABLES, help=argparse.SUPPRESS)
    # Some of the paces only (`--paces realistic,abuse`), to compare two quickly.
    parser.add_argument("--paces", default="realistic,flat out,abuse", help=argparse.SUPPRESS)
    arguments = parser.parse_args(argv)
    if arguments.short:
        arguments.seconds = min(arguments.seconds, SHORT_SECONDS)
    if not 0 < arguments.seconds <= 3600 or not 1 <= arguments.workers <= 32:
        parser.error("--seconds must be in (0, 3600], --workers in 1..32")
    return arguments


def _terminate(signum: int, frame: object) -> None:
    # SIGTERM (a CI runner's timeout, kill) unwinds like Ctrl-C, through every `finally`.
    raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> int:
    arguments = _arguments(argv)
    signal.signal(signal.SIGTERM, _terminate)
    # A shell without job control starts a background command with SIGINT ignored, and
    # Python keeps it so: the run would then play on through an interrupt. Ctrl-C or
    # SIGINT stops the run however it was started.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    url = os.environ.get("PG_URL") or os.environ.get("DATABASE_URL") or DEFAULT_PG_URL
    redis = os.environ.get("REDIS_URL", "").strip()
    try:
        config = loopback_database(url)
        if redis:
            loopback_redis(redis)
    except ValueError as error:
        print(f"load: {error}", file=sys.stderr)
        return 2
    name = f"tarock_load_{os.getpid()}_{secrets.token_hex(3)}"
    nginx = find_nginx()
    # The production settings, as docs/deploy.md runs them; the key is made for this run.
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DATABASE_URL": database_url(config, name),
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "127.0.0.1",
        "LOG_LEVEL": "WARNING",
        # Behind the proxy of docs/deploy.md: the abuse phase's clients each come from an
        # address of their own (X-Forwarded-For), counted apart by the rate limits. nginx
        # appends the loopback address it heard them from: the clients then stand for a
        # proxy of their own in front of it (two proxies), else for nginx itself (one).
        "TRUSTED_PROXY_COUNT": "2" if nginx else "1",
        # With REDIS_URL the workers share it (sessions, docs/deploy.md), under keys of
        # this run's own.
        "CACHE_KEY_PREFIX": name,
    }
    env.pop("PG_URL", None)
    os.environ.update(env)
    try:
        create_database(config, name)
    except psycopg.Error as error:
        print(f"load: cannot create a database at {url}: {error}", file=sys.stderr)
        return 2
    try:
        with tempfile.TemporaryDirectory(prefix="tarock-load-") as folder:
            return _run(arguments, name, env, Path(folder) / "gunicorn.log", nginx)
    except KeyboardInterrupt:
        print(
            f"load: interrupted; {'nginx and ' if nginx else ''}gunicorn stopped", file=sys.stderr
        )
        return 130
    except RuntimeError as error:  # gunicorn or nginx did not start, a link did not open
        print(f"load: {error}", file=sys.stderr)
        return 1
    finally:
        drop_database(config, name)


def _run(arguments: argparse.Namespace, name: str, env: dict, log: Path, nginx: str | None) -> int:
    """Build, serve, drive, check; the exit status."""
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.db import connections
    from django.urls import reverse

    from bench import load_site

    started = time.monotonic()
    call_command("migrate", verbosity=0)
    # The production settings serve hashed static names from the manifest it writes.
    call_command("collectstatic", interactive=False, verbosity=0)
    tournament_id, tables = load_site.build(arguments.tables)
    connections.close_all()  # the server's workers have the database to themselves
    urls = {
        table.pk: (
            reverse("tournaments:judge_link", args=[table.token]),
            reverse("tournaments:table", args=[table.pk]),
            reverse("tournaments:hand_add", args=[table.pk]),
        )
        for table in tables
    }
    print(
        f"load: database {name}: {len(tables)} tables in play, built in "
        f"{time.monotonic() - started:.0f} s",
        flush=True,
    )
    access = log.with_name("access.log")
    process, base = start_gunicorn(env, arguments.workers, log, access)
    proxy = None
    ledger = load_site.Ledger()
    try:
        asyncio.run(wait_ready(process, base, log))
        print(
            f"load: gunicorn (process group {process.pid}, {arguments.workers} workers) at "
            f"{base}; cache: {'Redis (shared)' if env.get('REDIS_URL') else 'each worker its own'}; "
            f"{arguments.seconds:g} s per pace; machine: {os.cpu_count()} cores, "
            f"load average {os.getloadavg()[0]:.1f}",
            flush=True,
        )
        if nginx:
            rates = (settings.API_RATE_ADDRESS, settings.API_RATE_ANONYMOUS)
            proxy, base = start_nginx(
                nginx,
                log.with_name("nginx"),
                urlsplit(base).netloc,
                rates,
                settings.SESSION_COOKIE_NAME,
            )
            print(
                f"load: the stack: nginx → gunicorn (nginx {nginx}, process group "
                f"{proxy.pid}, at {base}; it refuses anonymous API posts past "
                f"{rates[0]} an address or {rates[1]} in all)",
                flush=True,
            )
        else:
            print(
                "load: the stack: gunicorn alone (nginx is not installed: "
                "`apt-get install nginx` puts it in front, as docs/deploy.md does)",
                flush=True,
            )
        run = Run(
            base,
            urls,
            ledger,
            Messages(),
            access,
            stack="nginx" if proxy else "gunicorn",
            api_hands=settings.API_MAX_HANDS,
            server_cpu=lambda: group_cpu(process.pid),
            proxy_cpu=lambda: group_cpu(proxy.pid) if proxy else float("nan"),
        )
        wanted = arguments.paces.split(",")
        paces = [pace for pace in (REALISTIC, FLAT_OUT, ABUSE) if pace.name in wanted]
        results = asyncio.run(drive(run, tables, paces, arguments.seconds))
    finally:
        if proxy is not None:
            stop_nginx(proxy)
        stop_gunicorn(process)
    phones = len(tables) + len(tables) // SECOND_PHONE_EVERY
    problems = []
    for stats in results:
        print(report(stats, phones, len(tables)))
        problems += failures(stats)
        for error in stats.errors[:5]:
            print(f"    {error}")
    if cost := flood_cost(results):
        print(cost)
    verdict = load_site.verify(tournament_id, ledger)
    print(
        f"database: {verdict.hands} hands at {verdict.tables} tables; "
        f"{len(ledger.acknowledged)} acknowledged: {verdict.lost} lost, "
        f"{verdict.duplicated} duplicated, {verdict.stored_though_refused} refused but "
        f"stored, {verdict.unasked} stored unasked; hands numbered 1..n, versions, one "
        f"revision each, zero-sum chips per hand, sheets confirmed, round closed, "
        f"table totals zero" + ("" if verdict.ok else " (see below)")
    )
    problems += verdict.problems
    if problems:
        print("FAILED:\n  " + "\n  ".join(problems))
        if log.exists() and log.stat().st_size:
            print(f"gunicorn's log (last lines):\n{tail(log)}")
        return 1
    print(f"OK: 0 server errors, 0 lost, 0 duplicated ({time.monotonic() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
