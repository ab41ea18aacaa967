"""SQLite under the writers of a tournament day, as a club starting on it runs it: a real
server (gunicorn, two workers of several threads) on a temporary SQLite file, the director
closing and reopening the round while the judges' phones ping and save hands. Every
request is answered, refused in words at worst, never a 500 (`database is locked`).

The server and its database are its own (a subprocess), whatever database the suite uses.
"""

import json
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import pytest

ROOT = Path(__file__).resolve().parent.parent
CSRF = "a" * 32  # an unmasked CSRF secret: the cookie and the header agree
ROUNDS = 8  # each director's closes and reopens
PINGS = 15  # each phone's pings and saves

# A migrated database with the tournament of tests/cast.py, every table's sheet confirmed (no hands yet, so each
# seat has its 100 chips): the round may close. Prints what the test needs as JSON.
SEED = """
import django, json
django.setup()
from django.core.management import call_command
call_command("migrate", verbosity=0)
from django.contrib.sessions.backends.db import SessionStore
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from tests import cast
from tests.tournaments.helpers import confirm_sheets

def session(user):
    store = SessionStore()
    store[SESSION_KEY] = str(user.pk)
    store[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    store[HASH_SESSION_KEY] = user.get_session_auth_hash()
    store.create()
    return store.session_key

director = cast.user(*cast.DIRECTOR)
judge = cast.user(*cast.JUDGE)
club = cast.lodge()
tournament = cast.westfest(club, director)
round1 = cast.round_one(tournament, cast.sixteen_players(club), director)
tables = [cast.judged(round1, n, judge) for n in (1, 2, 3, 4)]
confirm_sheets(round1, director, {n: {s: 100 for s in (1, 2, 3, 4)} for n in (1, 2, 3, 4)})
print(json.dumps({
    "tournament": tournament.pk,
    "tables": [table.pk for table in tables],
    "director": session(director),
    "judge": session(judge),
}))
"""


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def server(tmp_path):
    """A gunicorn serving the site from a fresh SQLite file: its URL and the seed's ids."""
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'club.sqlite3'}",
        "DEBUG": "1",
        "SECRET_KEY": "test-only-not-a-secret",
        "PYTHONPATH": str(ROOT),
        "LOG_LEVEL": "WARNING",
    }
    seeded = subprocess.run(
        [sys.executable, "-c", SEED], env=env, cwd=ROOT, check=True, capture_output=True, text=True
    )
    ids = json.loads(seeded.stdout.strip().splitlines()[-1])
    port = _free_port()
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "config.wsgi",
            f"--bind=127.0.0.1:{port}",
            "--workers=2",
            "--preload",
            "--threads=4",
            "--timeout=60",
            "--graceful-timeout=2",
        ],
        env=env,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=(tmp_path / "gunicorn.log").open("w"),
    )
    url = f"http://127.0.0.1:{port}"
    try:
        for _attempt in range(100):
            try:
                if httpx.get(f"{url}/healthz").status_code == 200:
                    break
            except httpx.TransportError:
                time.sleep(0.1)
        yield url, ids
    finally:
        process.terminate()
        process.wait(10)


def _client(url: str, session: str) -> httpx.Client:
    return httpx.Client(
        base_url=url,
        cookies={"sessionid": session, "csrftoken": CSRF},
        headers={"X-CSRFToken": CSRF},
        timeout=60,
    )


def test_the_round_closes_and_reopens_while_the_phones_ping_and_save(server):
    url, ids = server
    status_url = f"/tournaments/{ids['tournament']}/rounds/1/status/"
    answers: list[tuple[str, int]] = []
    barrier = threading.Barrier(2 + 2 * len(ids["tables"]))

    def director():
        with _client(url, ids["director"]) as client:
            barrier.wait()
            for _n in range(ROUNDS):
                for data in ({"status": "closed"}, {"status": "playing", "reason": "recount"}):
                    answers.append(
                        (f"round {data['status']}", client.post(status_url, data=data).status_code)
                    )

    def phone(table: int, saving: bool):
        with _client(url, ids["judge"]) as client:
            barrier.wait()
            for n in range(PINGS):
                if saving:
                    data = {
                        "contract": "povinost",
                        "challenge": "0",
                        "pagat_challenge": "0",
                        "declarer": "1",
                        "partner": "3",
                        "declarer_points": "59",
                        "action": "save",
                        "submission": f"00000000-0000-4000-8000-{table:06d}{n:06d}",
                        "version": "0",
                    }
                    answers.append(
                        ("save", client.post(f"/tables/{table}/hands/", data=data).status_code)
                    )
                else:
                    answers.append(
                        (
                            "ping",
                            client.post(
                                f"/tables/{table}/contact/", data={"waiting": str(n % 3)}
                            ).status_code,
                        )
                    )

    threads = [threading.Thread(target=director) for _n in range(2)]
    threads += [
        threading.Thread(target=phone, args=(table, saving))
        for table in ids["tables"]
        for saving in (False, True)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(300)
    failed = [answer for answer in answers if answer[1] >= 500]
    assert failed == []
    assert len(answers) == 2 * 2 * ROUNDS + 2 * len(ids["tables"]) * PINGS
    # A ping is noted; a close, a reopen and a save are done or refused in words, and the
    # page they redirect to says which.
    assert {kind: {code for what, code in answers if what == kind} for kind, _code in answers} == {
        "ping": {204},
        "round closed": {302},
        "round playing": {302},
        "save": {302},
    }
