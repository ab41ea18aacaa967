"""Varšava, shared by the Czech rulesets (000; 001; RULES §3.5, §4.2).

Each player plays alone and tries to take as few card points as possible. The player with
the most points pays every other player the Varšava's value × its flek factor; players
tied for the most each pay (001: "Při rovině platí oba hráči"), so what they would pay
each other cancels out.

>>> most_points({1: 20, 2: 25, 3: 25, 4: 0})
(2, 3)
>>> loser_line((1, 2, 3, 4), {1: 20, 2: 25, 3: 5, 4: 20}, 10, 1, Levels("flek", ("flek",))).label
'Varšava: points 1: 20, 2: 25, 3: 5, 4: 20; most points (25): seat 2; 10 to each; flek ×2 = 20; seat 2 pays 20 to each other player'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from scoring.labels import doubled, personal_line, seats_text
from scoring.levels import Levels
from scoring.settlement import Amount, Line, Seat, exact
from scoring.words import phrase

__all__ = ["loser_line", "most_points", "points_text"]


def most_points(points: Mapping[Seat, int]) -> tuple[Seat, ...]:
    """The seats with the most points (several when tied)."""
    top = max(points.values())
    return tuple(seat for seat, own in points.items() if own == top)


def points_text(points: Mapping[Seat, int]) -> str:
    """``1: 20, 2: 25, 3: 5``."""
    return ", ".join(f"{seat}: {own}" for seat, own in points.items())


def loser_line(
    seats: Sequence[Seat],
    points: Mapping[Seat, int],
    value: Amount,
    level: int,
    levels: Levels,
) -> Line:
    """The Varšava's payment: the most points pay ``value`` × 2^level to each other player."""
    losers = most_points(points)
    value = exact(value)
    parts = [
        phrase(
            "Varšava: points {points}; most points ({most}): {seats}",
            points=points_text(points), most=max(points.values()), seats=seats_text(losers),
        ),
        phrase("{amount} to each", amount=value),
    ]  # fmt: skip
    amount = doubled(value, level, levels, parts)
    return personal_line("varsava", parts, seats, losers, -amount)
