"""Bench: the judge's and the director's pages through Django's whole request stack, as
ratios to a bare view that inserts one row. Run from the repo root:
`python bench/bench_requests.py` (`RUNS=n` for more or fewer timed requests).

Every request goes through django.test.Client: the site's URLs (plus the bare view, from
bench/stack_urls.py), all middleware, a session and a login, and the database connection
kept between requests as the production settings keep it; but not the test runner's
instrumented template rendering, which no server has. Timings on a busy machine
drift together, so the ratios to the bare insert of the same run are the figures to
compare; the query counts do not drift at all.

The data lives in a throwaway database: a temporary SQLite file, or, when PG_URL (or
DATABASE_URL) names a PostgreSQL server, a uniquely named database created there and
dropped afterwards. The database the URL names is never written to.
"""

import os
import secrets
import statistics
import sys
import tempfile
import time
import uuid
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlencode

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings_test")
if os.environ.get("PG_URL"):
    os.environ["DATABASE_URL"] = os.environ["PG_URL"]

import django

django.setup()

from django.conf import settings  # noqa: E402
from django.db import connection  # noqa: E402
from django.http import HttpResponse  # noqa: E402
from django.test import Client, override_settings  # noqa: E402
from django.urls import reverse  # noqa: E402

from clubs.demo import load_demo  # noqa: E402
from config.startup import warm_and_freeze  # noqa: E402
from tournaments import hand_store  # noqa: E402
from tournaments.access import TableAccess  # noqa: E402
from tournaments.demo import DEMO_TOURNAMENTS, load_demo_tournament  # noqa: E402
from tournaments.models import Hand, HandRevision, Table, Tournament  # noqa: E402

URLCONF = "bench.stack_urls"
HANDS = 30  # at the judge's table whose page is timed, and at the one that saves (each
# hand saved is taken off again, untimed, so every save is the 31st hand)
RUNS = int(os.environ.get("RUNS", "60"))
WARMUP = 5
# The hand form as a browser sends it: a Povinost by seat 1 with seat 3, 59 points.
HAND_POST = {
    "contract": "povinost",
    "declarer": "1",
    "partner": "3",
    "declarer_points": "59",
    "challenge": "0",
    "pagat_challenge": "0",
    "action": "save",
}
FORM_ENCODED = "application/x-www-form-urlencoded"
# Issue 28's budgets, as ratios to the bare insert and statement counts; printed, not enforced.
TARGETS = {"save a hand": (3.0, 8), "save a hand (htmx)": (3.0, 8), "judge page": (3.0, None)}


@dataclass(frozen=True)
class Figure:
    """One request's timings over the runs and its queries (those of the last run)."""

    name: str
    median_ms: float
    p95_ms: float
    queries: int


@dataclass(frozen=True)
class Site:
    """The demo tournament with its clients: a judge at each of two tables of 30 hands,
    the director, and an anonymous visitor."""

    tournament: Tournament
    page_table: Table
    save_table: Table
    page_judge: Client
    save_judge: Client
    director: Client
    visitor: Client


def _fill(table: Table, hands: int) -> None:
    """Record `hands` hands at `table` as its judge would, cycling the demo's hands."""
    demo_hands = DEMO_TOURNAMENTS[0].hands
    judge = table.judge
    access = TableAccess(table, judge, judge.username if judge else "", is_director=False)
    while (count := table.hands.count()) < hands:
        table.refresh_from_db(fields=["version"])
        hand_store.add_hand(
            access=access,
            data=demo_hands[count % len(demo_hands)],
            submission=uuid.uuid4(),
            expected_version=table.version,
        )


def build(hands: int = HANDS) -> Site:
    """The demo SPJST tournament in play, tables 1 and 2 filled to `hands` hands."""
    load_demo()
    tournament = load_demo_tournament(DEMO_TOURNAMENTS[0])
    if tournament is None:
        raise RuntimeError("the bench needs an empty database")
    # Played by the clock: a round of a set number of hands (the demo's 12) refuses more.
    Tournament.objects.filter(pk=tournament.pk).update(hands_per_round=None, minutes_per_round=90)
    tournament.refresh_from_db()
    round_ = tournament.rounds.get(number=1)
    page_table, save_table = (round_.tables.select_related("judge").get(number=n) for n in (1, 2))
    judges = []
    for table in (page_table, save_table):
        _fill(table, hands)
        judges.append(_logged_in(table.judge))
    return Site(
        tournament,
        page_table,
        save_table,
        page_judge=judges[0],
        save_judge=judges[1],
        director=_logged_in(tournament.created_by),
        visitor=Client(),
    )


def _logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _timed(name: str, request: Callable) -> tuple[float, int]:
    """One request's time in ms and its query count; an error answer stops the bench.

    The queries are counted by an execute wrapper, not Django's query log: logging writes
    each statement out with its values (for a statement sent apart from its values, by
    putting them in, JSON and all), a cost no server pays."""
    statements = 0

    def count(execute, sql, params, many, context):
        nonlocal statements
        statements += 1
        return execute(sql, params, many, context)

    with connection.execute_wrapper(count):
        start = time.perf_counter()
        response = request()
        elapsed = (time.perf_counter() - start) * 1000
    if response.status_code >= 400:
        raise RuntimeError(f"{name}: HTTP {response.status_code}")
    return elapsed, statements


def _figure(name: str, times: list[float], queries: int) -> Figure:
    times = sorted(times)
    p95 = times[round(0.95 * (len(times) - 1))]
    return Figure(name, statistics.median(times), p95, queries)


def measure(site: Site, runs: int = RUNS, warmup: int = WARMUP) -> list[Figure]:
    """Time each request `runs` times after `warmup` untimed ones; the bare insert first.

    The requests take turns (one of each per run), so a burst of load from elsewhere on
    the machine slows them all alike and leaves the ratios to the bare insert standing.
    """
    tournament, save_table = site.tournament, site.save_table
    save_table.refresh_from_db(fields=["version"])
    add_url = reverse("tournaments:hand_add", args=[save_table.pk])
    saved: list[str] = []  # the submissions of the saves, in order

    def save_hand(htmx: bool = False) -> HttpResponse:
        # A browser follows the redirect and the page reads the "saved" message; unread,
        # the messages would pile up in the cookie and then in the session.
        site.save_judge.cookies.pop("messages", None)
        data = {**HAND_POST, "submission": str(uuid.uuid4()), "version": str(save_table.version)}
        # With htmx (the judge's phone with JavaScript) the answer is the new hand's row,
        # the chips and a blank form; without, a redirect to the table's page.
        headers = {"HX-Request": "true"} if htmx else {}
        # Form-encoded, as browsers and htmx send a form without files (not multipart).
        response = site.save_judge.post(add_url, urlencode(data), FORM_ENCODED, headers=headers)
        # Kept here, not read back: a query of the bench's own would count as the save's.
        save_table.version += 1
        saved.append(data["submission"])
        return response

    def conflict() -> HttpResponse:
        # Another phone saved first: a form on the table's previous version stores nothing
        # and comes back whole, with what was typed (the tail of the htmx saves in
        # `make load`, where two phones share a table).
        data = {
            **HAND_POST,
            "submission": str(uuid.uuid4()),
            "version": str(save_table.version - 1),
        }
        response = site.save_judge.post(
            add_url, urlencode(data), FORM_ENCODED, headers={"HX-Request": "true"}
        )
        if response.headers.get("X-Hand-Outcome") != "conflict":
            raise RuntimeError("save a hand (conflict): the stale form was not refused")
        return response

    def forget_saved() -> None:
        """Take the hand the last save stored off the table again (untimed), so every save
        is the 31st hand of a table of 30, as the header says, and not of an ever longer
        table; a save that stored nothing stops the bench."""
        hand = Hand.objects.filter(submission=saved[-1]).first()
        if hand is None:
            raise RuntimeError("save a hand: a POST stored no hand")
        HandRevision.objects.filter(hand=hand).delete()
        hand.delete()

    page = reverse("tournaments:table", args=[site.page_table.pk])
    requests = {
        "bare insert": lambda: site.save_judge.post(reverse("bench_insert", args=[tournament.pk])),
        "save a hand": save_hand,
        "save a hand (htmx)": lambda: save_hand(htmx=True),
        "htmx save, conflict": conflict,
        "judge page": lambda: site.page_judge.get(page),
        "dashboard": lambda: site.director.get(
            reverse("tournaments:dashboard", args=[tournament.pk])
        ),
        "standings": lambda: site.visitor.get(
            reverse("tournaments:standings", args=[tournament.pk])
        ),
    }
    hands = save_table.hands.count()
    times: dict[str, list[float]] = {name: [] for name in requests}
    queries: dict[str, int] = {}
    with override_settings(ROOT_URLCONF=URLCONF):
        for run in range(warmup + runs):
            for name, call in requests.items():
                elapsed, queries[name] = _timed(name, call)
                if name.startswith("save"):
                    forget_saved()
                if run >= warmup:
                    times[name].append(elapsed)
    figures = [_figure(name, times[name], queries[name]) for name in requests]
    if save_table.hands.count() != hands or len(saved) != 2 * (warmup + runs):
        raise RuntimeError("save a hand: the table did not keep its hands")
    return figures


def table(figures: list[Figure]) -> str:
    """The figures as a text table: times, ratios to the bare insert, queries, targets."""
    bare = figures[0].median_ms
    lines = [f"{'request':<22}{'median':>9}{'p95':>9}{'× bare':>8}{'queries':>9}  target"]
    for figure in figures:
        ratio, most = TARGETS.get(figure.name, (None, None))
        met = (ratio is None or figure.median_ms <= ratio * bare) and (
            most is None or figure.queries <= most
        )
        target = " and ".join(
            part
            for part in (
                f"≤ {ratio:g}× bare" if ratio else "",
                f"≤ {most} queries" if most else "",
            )
            if part
        )
        if target:
            target += ": met" if met else ": not met"
        lines.append(
            f"{figure.name:<22}{figure.median_ms:>7.1f}ms{figure.p95_ms:>7.1f}ms"
            f"{figure.median_ms / bare:>7.1f}×{figure.queries:>9}  {target}"
        )
    return "\n".join(line.rstrip() for line in lines)


def _serve_like_a_server() -> None:
    """Settings as a server process has them, with what the test client needs.

    The client's host is allowed and mail kept in memory, without
    `setup_test_environment`'s instrumented template rendering: that sends a signal per
    template rendered, on which the client copies the whole context, a cost no server
    pays and one that falls on the pages that render templates and not on the bare
    insert, which renders none. The database connection is kept between requests and
    checked before reuse, as config/settings.py has it (the test settings close it after
    each request, for the test runner's sake).
    """
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "testserver"]
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    connection.settings_dict.update(CONN_MAX_AGE=60, CONN_HEALTH_CHECKS=True)


def main() -> None:
    # WhiteNoise warns that `collectstatic` has not run; the bench serves no static file.
    warnings.filterwarnings("ignore", "No directory at", UserWarning)
    _serve_like_a_server()
    settings_dict = connection.settings_dict
    postgres = connection.vendor == "postgresql"
    with tempfile.TemporaryDirectory(prefix="bench-requests-") as folder:
        settings_dict["TEST"]["NAME"] = (
            f"bench_tarock_{os.getpid()}_{secrets.token_hex(4)}"
            if postgres
            else str(Path(folder) / "bench.sqlite3")
        )
        old_name = connection.creation.create_test_db(verbosity=0, serialize=False)
        try:
            site = build()
            # As a server process does after loading (config/wsgi.py).
            warm_and_freeze()
            figures = measure(site)
        finally:
            connection.creation.destroy_test_db(old_name, verbosity=0)
    print(
        f"requests ({connection.vendor}, {RUNS} runs each, "
        f"the judge's table at {HANDS} hands, each save adding hand {HANDS + 1}):"
    )
    print(table(figures))


if __name__ == "__main__":
    main()
