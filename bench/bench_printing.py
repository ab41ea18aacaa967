"""Time the printed documents: a round's 64 filled score sheets as one PDF, and a 256-row
standings table.

Run from the repository root: ``python bench/bench_printing.py``. No Django needed.
"""

import datetime
import random
import statistics
import sys
import time
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path

# Run as a script, Python puts bench/ on the path, not the repository root.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.printing import (
    ScoreSheetDoc,
    SheetHand,
    SheetSeat,
    TableDoc,
    score_sheets_pdf,
    table_pdf,
)

TABLES, HANDS, PLAYERS = 64, 12, 256
RUNS = 3
# As the SPJST ruleset summarises its hands (scoring.rulesets.spjst.summary).
SUMMARIES = ("Povinost 1+3: 59", "Prever 2: 47, Kontra", "Povinost 2+4: 35, Pagat", "Prever 3: 52")
FIRST = ("Šárka", "Jiří", "Žiga", "Anna", "Zdeněk", "Čestmír", "Ludmila", "Tomáš")
LAST = ("Kříž", "Dvořák", "Zupančič", "Nováková", "Procházka", "Černý", "Kovač", "Hrubý")


def player(index: int) -> str:
    return f"{FIRST[index % len(FIRST)]} {LAST[index // len(FIRST) % len(LAST)]} {index}"


def hand(rng: random.Random, number: int) -> SheetHand:
    """A zero-sum SPJST hand: the declarer wins or pays the stake from each of the others."""
    stake, declarer = rng.choice((2, 3, 4, 6, 8, 12)) * rng.choice((1, -1)), rng.randrange(4)
    deltas = [-stake] * 4
    deltas[declarer] = 3 * stake
    return SheetHand(number, rng.choice(SUMMARIES), tuple(deltas))


def sheet(rng: random.Random, table: int) -> ScoreSheetDoc:
    hands = tuple(hand(rng, number) for number in range(1, HANDS + 1))
    counts = tuple(100 + sum(hand.deltas[seat] for hand in hands) for seat in range(4))
    return ScoreSheetDoc(
        tournament="SPJST Tarock Open — Ennis 2026",
        date=datetime.date(2026, 3, 14),
        round=3,
        table=table,
        ruleset="SPJST Tarock",
        seats=tuple(SheetSeat(seat + 1, player(4 * table + seat)) for seat in range(4)),
        start=100,
        table_total=400,
        judge_url=f"https://tarock.example.org/judge/3/{table}?key={rng.getrandbits(64):016x}",
        hands=hands,
        counts=counts,
        confirmed_by="Jan Novák",
    )


def standings(rng: random.Random) -> TableDoc:
    rows = tuple(
        (
            rank,
            player(rank),
            "SPJST Lodge 88",
            Decimal(rng.randrange(-9000, 9000)) / 100,
            rng.randrange(300, 500),
        )
        for rank in range(1, PLAYERS + 1)
    )
    columns = ("Rank", "Player", "Club", "Money", "Chips")
    return TableDoc("Standings after round 3", "SPJST Tarock Open — Ennis 2026", columns, rows)


def median_ms(make: Callable[[], bytes]) -> tuple[float, int]:
    """The median time of RUNS runs, and the size of the PDF made."""
    times, size = [], 0
    for _ in range(RUNS):
        start = time.perf_counter()
        size = len(make())
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000, size


def main() -> None:
    rng = random.Random(0)
    sheets = [sheet(rng, table) for table in range(1, TABLES + 1)]
    elapsed, size = median_ms(lambda: score_sheets_pdf(sheets))
    print(f"pdf: {TABLES} score sheets in {elapsed:.0f} ms ({size // 1024} KiB)")
    table = standings(rng)
    elapsed, size = median_ms(lambda: table_pdf(table))
    print(f"pdf: {PLAYERS}-row table in {elapsed:.0f} ms ({size // 1024} KiB)")


if __name__ == "__main__":
    main()
