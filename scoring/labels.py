"""Wording shared by every ruleset's line labels.

>>> side_text((1, 3), 3), side_text((4,), -12)
('seats 1 and 3 win 3 each', 'seat 4 alone loses 12 to each of the others')
"""

from __future__ import annotations

from collections.abc import Sequence

from scoring.settlement import Amount, Seat

__all__ = ["seats_text", "side_text"]


def seats_text(seats: Sequence[Seat]) -> str:
    """``seat 4`` / ``seats 1 and 3`` / ``seats 1, 2 and 3``."""
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return "seats " + ", ".join(str(s) for s in seats[:-1]) + f" and {seats[-1]}"


def side_text(side: Sequence[Seat], amount: Amount) -> str:
    """What a side item does to ``side``, which wins ``amount`` (loses it when negative)."""
    won, size = amount > 0, abs(amount)
    if len(side) == 1:
        verb = f"wins {size} from" if won else f"loses {size} to"
        return f"{seats_text(side)} alone {verb} each of the others"
    return f"{seats_text(side)} {'win' if won else 'lose'} {size} each"
