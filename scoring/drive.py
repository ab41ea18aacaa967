"""A whist drive (RULES §6.3): the trump schedule, trick totals, the ranking and the
progressive movement. Pure Python: the tournaments app feeds it rows and stores what it
returns.

A drive is played at tables of four, two pairs a table: seats 1 and 3 against seats 2
and 4. Trumps are not turned up as in a rubber (003 "otočením posledního listu") but
follow a printed schedule by hand number, so every table plays the same trumps at the
same time; each player counts the tricks taken with the partner of the moment, and the
highest total over the drive wins.

>>> trump_schedule(6)
('hearts', 'diamonds', 'spades', 'clubs', 'hearts', 'diamonds')
>>> ranking({"Ann": 40, "Bob": 44, "Cyril": 40})
[(1, 'Bob', 44), (2, 'Ann', 40), (2, 'Cyril', 40)]
>>> next_seating([(1, 2, 3, 4), (5, 6, 7, 8)], [{1: 8, 2: 5, 3: 8, 4: 5},
...                                             {1: 4, 2: 9, 3: 4, 4: 9}])
((1, 3, 6, 8), (5, 7, 2, 4))
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import Any, TypeVar

__all__ = [
    "PAIRS",
    "TABLE",
    "TRUMPS",
    "DriveError",
    "next_seating",
    "pair_tricks",
    "player_tricks",
    "ranking",
    "trump_schedule",
]

# The printed schedule's order, repeated: red, red, black, black, as clubs print it
# (the seed has trumps turned up; a drive fixes them so all tables play the same).
TRUMPS = ("hearts", "diamonds", "spades", "clubs")
TABLE = 4  # a drive table: two pairs
PAIRS = ((1, 3), (2, 4))  # the seats of the pairs at a table: N–S and E–W

Player = TypeVar("Player", bound=Hashable)
DriveTricks = Callable[[Mapping[str, Any], Sequence[int]], Mapping[int, int]]


class DriveError(ValueError):
    """Tables or results the movement cannot use; says which."""


def trump_schedule(hands: int) -> tuple[str, ...]:
    """The trumps of hands 1..``hands``: hearts, diamonds, spades, clubs, then again."""
    return tuple(TRUMPS[index % len(TRUMPS)] for index in range(hands))


def player_tricks(
    played: Iterable[tuple[Mapping[str, Any], Mapping[int, Player]]], drive_tricks: DriveTricks
) -> dict[Player, int]:
    """Each player's tricks over the drive from ``(hand's JSON, seat → player)`` pairs.

    ``drive_tricks`` is the ruleset's ``DRIVE_TRICKS``: a hand's tricks by seat, a pair's
    tricks credited to both partners.
    """
    totals: dict[Player, int] = {}
    for hand, seats in played:
        for seat, tricks in drive_tricks(hand, tuple(seats)).items():
            player = seats[seat]
            totals[player] = totals.get(player, 0) + tricks
    return totals


def ranking(totals: Mapping[Player, int]) -> list[tuple[int, Player, int]]:
    """``(place, player, total)`` best first; equal totals share the place (1, 2, 2, 4).

    Players with equal totals are listed in the order they are given (the caller sorts
    them by name), so the ranking says nothing between them.
    """
    ordered = sorted(totals.items(), key=lambda item: -item[1])
    rows: list[tuple[int, Player, int]] = []
    for index, (player, total) in enumerate(ordered):
        place = rows[-1][0] if rows and rows[-1][2] == total else index + 1
        rows.append((place, player, total))
    return rows


def pair_tricks(result: Mapping[int, int]) -> tuple[int, int]:
    """A table's round as its two pairs' tricks (seats 1 + 3, seats 2 + 4).

    A partnership's tricks are credited to both partners, so each pair's sum is twice its
    tricks: the comparison is the same.
    """
    north_south, east_west = (sum(result.get(seat, 0) for seat in pair) for pair in PAIRS)
    return north_south, east_west


def next_seating(
    tables: Sequence[Sequence[Player]], results: Sequence[Mapping[int, int]]
) -> tuple[tuple[Player, ...], ...]:
    """The progressive movement: next round's tables from this round's.

    ``tables`` are the round's tables, top table (table 1) first, each its players in seat
    order 1..4; ``results`` each table's tricks over the round by seat. At each table the
    pair with more tricks wins; on equal tricks N–S (seats 1 and 3) counts as the winner,
    a fixed rule printed on the movement sheet instead of a cut of the cards. Winners move
    up one table, except the top table's, who stay; losers stay, except the top table's,
    who go down to the bottom table. At every table the two who stay split and each takes
    one of the two who arrive as partner: the stayers take seats 1 and 2, the arrivals
    seats 3 and 4, so the new pairs (seats 1 and 3, 2 and 4) are each a stayer and an
    arrival.
    With one table the winners and losers both stay and change partners the same way.
    """
    if len(tables) != len(results):
        raise DriveError(f"{len(tables)} tables but {len(results)} results")
    if not tables:
        raise DriveError("no table to move from")
    staying: list[tuple[Player, Player]] = []
    moving: list[tuple[Player, Player]] = []
    for number, (table, result) in enumerate(zip(tables, results, strict=True), start=1):
        if len(table) != TABLE:
            raise DriveError(f"table {number} has {len(table)} players; a drive seats {TABLE}")
        north_south = (table[0], table[2])  # seats 1 and 3
        east_west = (table[1], table[3])  # seats 2 and 4
        ns, ew = pair_tricks(result)
        winners, losers = (north_south, east_west) if ns >= ew else (east_west, north_south)
        staying.append(winners if number == 1 else losers)
        moving.append(losers if number == 1 else winners)
    last = len(tables) - 1
    seating = []
    for index, stayers in enumerate(staying):
        # Table k receives the winners of table k + 1; the bottom table the top's losers.
        arrivals = moving[index + 1] if index < last else moving[0]
        seating.append((stayers[0], stayers[1], arrivals[0], arrivals[1]))
    return tuple(seating)
