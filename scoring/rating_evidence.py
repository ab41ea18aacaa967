"""Whether the ratings rate well: their order against the players' true skill, beside a
plain baseline (each player's average place at the table).

Pure Python: the site hands it the rated tables (`scoring.ratings.TableResult`), the
ratings and each player's hidden skill (a simulated history knows it), and prints what
this returns. The figure is Spearman's rank correlation: 1 when the order is the true
order, 0 when it says nothing.

>>> spearman([1, 2, 3, 4], [10, 20, 30, 40])
1.0
>>> spearman([1, 2, 3, 4], [40, 30, 20, 10])
-1.0
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from scoring.ratings import PlayerRating, TableResult, table_ranks


def _ranks(values: Sequence[float]) -> list[float]:
    """Each value's rank from 1, equal values sharing the mean of their ranks."""
    order = sorted(range(len(values)), key=values.__getitem__)
    ranks = [0.0] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        for position in range(start, end + 1):
            ranks[order[position]] = (start + end) / 2 + 1
        start = end + 1
    return ranks


def spearman(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Spearman's rank correlation of two equally long series (ties take mean ranks)."""
    if len(xs) != len(ys) or len(xs) < 2:
        raise ValueError(
            f"need two series of the same length, at least 2 (got {len(xs)}, {len(ys)})"
        )
    rx, ry = _ranks(xs), _ranks(ys)
    mx, my = sum(rx) / len(rx), sum(ry) / len(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    vx = sum((a - mx) ** 2 for a in rx)
    vy = sum((b - my) ** 2 for b in ry)
    return round(cov / (vx * vy) ** 0.5, 6) if vx and vy else 0.0


def average_places(tables: Iterable[TableResult]) -> dict[int, float]:
    """The baseline: each player's average place at the table, scaled so the first at
    a table is 1 and the last 0 (tables of different sizes weigh alike)."""
    sums: dict[int, list[float]] = {}
    for table in tables:
        size = len(table.amounts)
        if size < 2:
            continue
        for player, rank in table_ranks(table.amounts).items():
            score = sums.setdefault(player, [0.0, 0])
            score[0] += (size - rank) / (size - 1)
            score[1] += 1
    return {player: total / count for player, (total, count) in sums.items()}


@dataclass(frozen=True)
class Evidence:
    """How well one game's ratings order its players: Spearman's correlation of the
    ordinal with the true skill, and of the average place with it (the baseline)."""

    players: int
    tables_each: float  # the average number of tables a player was rated on
    rating: float
    baseline: float


def evidence(
    tables: Sequence[TableResult],
    ratings: Iterable[PlayerRating],
    skill: Mapping[int, float],
    min_tables: int = 1,
) -> Evidence:
    """The figures over the players with a known skill rated on ``min_tables`` or more."""
    rated = [r for r in ratings if r.player in skill and r.events >= min_tables]
    places = average_places(tables)
    truth = [skill[r.player] for r in rated]
    return Evidence(
        players=len(rated),
        tables_each=round(sum(r.events for r in rated) / len(rated), 1) if rated else 0.0,
        rating=spearman([r.ordinal for r in rated], truth),
        baseline=spearman([places[r.player] for r in rated], truth),
    )
