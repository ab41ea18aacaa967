"""Bench: standings for 256 players × 8 rounds, a season leaderboard over 50 tournaments,
and 10,000 rows as XLSX. Run from the repo root: `python bench/bench_standings.py`.

Builds the data in a throwaway SQLite database (or DATABASE_URL's server, in a test
database) with bulk inserts, then times the same functions the pages call.
"""

import datetime
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings_test")

import django

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.db import connection  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402
from django.utils import timezone  # noqa: E402

from clubs.models import Club, Player, Season  # noqa: E402
from tournaments.exports import SheetData, xlsx_bytes  # noqa: E402
from tournaments.leaderboard import season_leaderboard  # noqa: E402
from tournaments.models import Round, ScoreSheet, Seat, SheetLine, Table, Tournament  # noqa: E402
from tournaments.totals import tournament_standings  # noqa: E402


def _tournament(club, season, players, day: int, rounds: int, rng, director) -> Tournament:
    tournament = Tournament.objects.create(
        name=f"Bench {day}", date=datetime.date(2026, 1, 1) + datetime.timedelta(days=day),
        host_club=club, season=season, ruleset="spjst", hands_per_round=12,
        standings_method="placement" if day % 2 else "chips", placement_points=["4", "3", "2", "1"],
    )  # fmt: skip
    now = timezone.now()
    for number in range(1, rounds + 1):
        round_ = Round.objects.create(
            tournament=tournament, number=number, seed=number, status="closed"
        )
        order = players[:]
        rng.shuffle(order)
        tables = Table.objects.bulk_create(
            Table(round=round_, number=n + 1) for n in range(len(order) // 4)
        )
        seats, lines = [], []
        sheets = ScoreSheet.objects.bulk_create(
            ScoreSheet(table=t, entered_actor="bench", confirmed_by=director, confirmed_at=now)
            for t in tables
        )
        for i, (table, sheet) in enumerate(zip(tables, sheets, strict=True)):
            counts = [rng.randint(60, 140) for _ in range(3)]
            counts.append(400 - sum(counts))
            for seat, (player, chips) in enumerate(
                zip(order[4 * i : 4 * i + 4], counts, strict=True), 1
            ):
                seats.append(Seat(table=table, round=round_, number=seat, player=player))
                lines.append(SheetLine(sheet=sheet, seat=seat, player=player, chips=chips))
        Seat.objects.bulk_create(seats)
        SheetLine.objects.bulk_create(lines)
    return tournament


def _time(call, runs: int = 5) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> None:
    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0)
    try:
        rng = random.Random(1)
        club = Club.objects.create(name="Bench club", short_name="B", country="US")
        players = Player.objects.bulk_create(
            Player(
                first_name=f"F{n}", last_name=f"L{n}", display_name=f"Player {n}", home_club=club
            )
            for n in range(256)
        )
        season = Season.objects.create(
            name="Bench",
            start_date=datetime.date(2026, 1, 1),
            end_date=datetime.date(2026, 12, 31),
            best_of=10,
        )
        director = get_user_model().objects.create_user("bench-director")
        big = _tournament(club, None, players, 0, 8, rng, director)
        print(
            f"standings: 256 players × 8 rounds: {_time(lambda: tournament_standings(big)):.0f} ms"
        )
        for day in range(1, 51):
            _tournament(club, season, rng.sample(players, 64), day, 3, rng, director)
        print(f"leaderboard: 50 tournaments: {_time(lambda: season_leaderboard(season)):.0f} ms")
        rows = [(n, f"Player {n}", "Club", n % 7 - 3, n * 3, n - 5000) for n in range(10_000)]
        sheet = SheetData("Rows", ("Place", "Player", "Club", "R1", "Penalties", "Chips"), rows)
        print(f"xlsx: 10,000 rows: {_time(lambda: xlsx_bytes([sheet]), runs=3):.0f} ms")
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
