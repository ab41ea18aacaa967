"""Ranking players: shared places, placement points at a table, tie-breaks (RULES §8).

Pure functions over plain rows, so the tournament standings and the season leaderboards
rank the same way.

>>> shared_places([(10,), (7,), (7,), (3,)])
[1, 2, 2, 4]
>>> placement_points(rank=2, tied=2, table=[Decimal(4), Decimal(3), Decimal(2), Decimal(1)])
Decimal('2.5')
"""

from collections.abc import Iterable, Sequence
from decimal import Decimal
from typing import Any

from clubs.collation import collation_key


def shared_places(keys: Sequence[tuple]) -> list[int]:
    """Places for rows already sorted best first: equal keys share a place (1, 2, 2, 4)."""
    places: list[int] = []
    for index, key in enumerate(keys):
        tied_with_previous = index > 0 and key == keys[index - 1]
        places.append(places[-1] if tied_with_previous else index + 1)
    return places


def placement_points(*, rank: int, tied: int, table: Sequence[Decimal]) -> Decimal:
    """Points for finishing `rank`-th at a table, `tied` players sharing that rank.

    Tied players share the average of the places they cover: two tied for 2nd at
    4/3/2/1 get (3 + 2) / 2 = 2.5 each. Places beyond the table's list score 0.
    """
    covered = [table[i] if i < len(table) else Decimal(0) for i in range(rank - 1, rank - 1 + tied)]
    return normalize(sum(covered, Decimal(0)) / tied)


def bye_points(table: Sequence[Decimal]) -> Decimal | int:
    """Placement points for a bye: the average of the table's points, what a player who
    breaks even at a table can expect (the README: a bye breaks even; RULES §8 is silent).

    >>> bye_points([Decimal(4), Decimal(3), Decimal(2), Decimal(1)])
    Decimal('2.5')
    >>> bye_points([])
    0
    """
    if not table:
        return 0
    return normalize(sum(table, Decimal(0)) / len(table))


def normalize(amount: Decimal) -> Decimal | int:
    """An exact amount without trailing zeros: 2.50 → 2.5, 3.0 → 3."""
    if amount == amount.to_integral_value():
        return int(amount)
    return amount.normalize()


def rank_rows(
    rows: list[dict[str, Any]], keys: Sequence[str], language: str = "en"
) -> list[dict[str, Any]]:
    """Sort rows best first by `keys` (higher is better) and give each its shared `place`;
    players tied on every key share the place and are listed by name as `language` files
    names (the name breaks no tie, it only orders the tied).

    >>> rows = [{"name": "Šárka", "total": 5}, {"name": "Sára", "total": 5}, {"name": "Zoe", "total": 9}]
    >>> [(row["place"], row["name"]) for row in rank_rows(rows, ("total",), "cs")]
    [(1, 'Zoe'), (2, 'Sára'), (2, 'Šárka')]
    """
    ordered = best_first(rows, keys, language)
    places = shared_places([tuple(row[k] for k in keys) for row in ordered])
    for row, place in zip(ordered, places, strict=True):
        row["place"] = place
    return ordered


def best_first(
    rows: Iterable[dict[str, Any]], keys: Sequence[str], language: str, name: str = "name"
) -> list[dict[str, Any]]:
    """`rows` best first by `keys` (higher is better), the tied by their `name` as
    `language` files names (a director's results and a club's: equal totals).

    >>> rows = [{"who": "Chalupa", "total": 3}, {"who": "Hruška", "total": 3}]
    >>> [row["who"] for row in best_first(rows, ("total",), "cs", name="who")]
    ['Hruška', 'Chalupa']
    """
    return sorted(
        rows, key=lambda row: (tuple(-row[k] for k in keys), collation_key(row[name], language))
    )
