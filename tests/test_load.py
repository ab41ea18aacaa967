"""`make load` keeps working: CI runs it on PostgreSQL in its short mode (skipped on
SQLite). The run itself checks the database against the answers and exits non-zero on a
server error, a lost or a duplicated hand; here we also check that it stops the gunicorn
it started, and drops its database, when it ends and when it is interrupted. Timings are
printed by the run, never checked."""

import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import psycopg
import pytest
from django.db import connection

LOAD = Path(__file__).resolve().parent.parent / "bench" / "load.py"

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="the load test serves PostgreSQL only"
    ),
]


def _start(**popen) -> subprocess.Popen:
    env = {**os.environ, "PG_URL": os.environ["DATABASE_URL"]}
    return subprocess.Popen(
        [sys.executable, str(LOAD), "--short"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        **popen,
    )


def _as_a_background_job() -> None:
    # What a shell without job control does to a command it starts with `&`, and what a
    # CI runner may pass on: SIGINT ignored.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _finish(process: subprocess.Popen, timeout: float = 240) -> str:
    try:
        output, _ = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        # SIGTERM unwinds the run like Ctrl-C: it stops its gunicorn and drops its database.
        process.terminate()
        output, _ = process.communicate(timeout=60)
        pytest.fail(f"the load run took over {timeout} s:\n{output}")
    return output


def _gone(output: str) -> None:
    """The run's gunicorn process group is gone and its database dropped."""
    group = int(re.search(r"process group (\d+)", output)[1])
    with pytest.raises(ProcessLookupError):
        os.killpg(group, 0)
    database = re.search(r"database (tarock_load_\w+)", output)[1]
    settings = connection.settings_dict
    with psycopg.connect(
        host=settings["HOST"] or None,
        port=settings["PORT"] or None,
        user=settings["USER"] or None,
        password=settings["PASSWORD"] or None,
        dbname="postgres",
    ) as admin:
        assert not admin.execute(
            "SELECT 1 FROM pg_database WHERE datname = %s", [database]
        ).fetchone()


def test_a_short_load_run_stores_every_acknowledged_hand_once():
    output = _finish(_start())
    assert "OK: 0 server errors, 0 lost, 0 duplicated" in output, output
    for pace in ("realistic", "flat out"):
        assert f"\n{pace} (36 phones at 32 tables" in output
    assert re.search(r"answers: \d+ 2xx, \d+ 3xx, 0 4xx, 0 5xx, 0 no answer", output)
    _gone(output)


@pytest.mark.parametrize("started", ["in the foreground", "as a background job"])
def test_an_interrupted_load_run_stops_its_gunicorn_and_drops_its_database(started):
    background = started == "as a background job"
    process = _start(preexec_fn=_as_a_background_job if background else None)
    lines = []
    for line in process.stdout:
        lines.append(line)
        if "process group" in line:  # gunicorn is serving, the phones are starting
            process.send_signal(signal.SIGINT)
            break
    output = "".join(lines) + _finish(process)
    assert process.returncode == 130, output
    assert "interrupted" in output
    _gone(output)
