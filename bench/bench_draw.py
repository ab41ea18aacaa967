"""Time the seating draw for a large tournament: 256 players with 7 rounds of history.

Run from the repository root: ``python bench/bench_draw.py``. No Django needed.
"""

import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

# Run as a script, Python puts bench/ on the path, not the repository root.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.draw import draw_round

PLAYERS = tuple(range(1, 257))
ROUNDS_OF_HISTORY = 7
RUNS = 7


def history_of(rounds: int) -> list[tuple[tuple[int, ...], ...]]:
    """Earlier rounds as the draw itself would have made them."""
    history, byes = [], Counter()
    for number in range(rounds):
        draw = draw_round(PLAYERS, seed=number, history=history, bye_history=byes)
        history.append(draw.tables)
        byes.update(draw.byes)
    return history


def shuffled_history_of(rounds: int) -> list[tuple[tuple[int, ...], ...]]:
    """So many shuffled rounds that no draw avoids every repeat: the search spends its budget."""
    rng, history = random.Random(0), []
    for _ in range(rounds):
        order = list(PLAYERS)
        rng.shuffle(order)
        history.append(tuple(zip(*[iter(order)] * 4, strict=True)))
    return history


def median_ms(history: list[tuple[tuple[int, ...], ...]]) -> float:
    times = []
    for run in range(RUNS):
        start = time.perf_counter()
        draw_round(PLAYERS, seed=1000 + run, history=history)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> None:
    history = history_of(ROUNDS_OF_HISTORY)
    print(
        f"draw: {len(PLAYERS)} players, {ROUNDS_OF_HISTORY} rounds of history: "
        f"{median_ms(history):.1f} ms"
    )
    # The worst case: the fixed search budget is used up because repeats cannot be avoided.
    print(
        f"draw: {len(PLAYERS)} players, 100 shuffled rounds: {median_ms(shuffled_history_of(100)):.1f} ms"
    )


if __name__ == "__main__":
    main()
