"""Whose turn: the next hand's dealer and first bidder, as a ruleset proposes them (RULES §8).

Each ruleset has a :class:`Deal`: how its deal rotates, what its first bidder is called,
and whether the dealer sits the hand out. The machinery the rotations share lives here.
A judge can always override a proposal.

>>> after(4, 4), after(1, 4, -1)
(1, 4)
>>> forehand_turn([{"contract": "solo", "declarer": 2}, {"contract": "solo", "declarer": 3}],
...               4, dealer_of=lambda hand: 1 if hand["declarer"] == 2 else None)
Turn(dealer=3, bidder=4, sitter=None)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from scoring.settlement import Seat

__all__ = ["Deal", "HandData", "Turn", "after", "forehand_turn", "sits_out"]

HandData = Mapping[str, Any]  # a recorded hand's JSON object, as the table stores it


@dataclass(frozen=True)
class Turn:
    """The next hand's dealer, first bidder, and the player sitting it out (if any)."""

    dealer: Seat
    bidder: Seat
    sitter: Seat | None = None


class Deal(Protocol):
    """How a ruleset's deal goes round a table, and the words the judge's page uses for it."""

    # Read-only: a ruleset's deal is a frozen dataclass.
    @property
    def bidder(self) -> str:
        """What the first bidder is called: "Povinost", "forehand (předák)"."""
        ...

    @property
    def first_hand(self) -> str:
        """What the judge's page says while no hand tells the rotation yet."""
        ...

    @property
    def sits_out_at(self) -> int | None:
        """The table size at which the dealer sits each hand out, if any."""
        ...

    def next_turn(self, hands: Sequence[HandData], seats: int) -> Turn | None:
        """The proposal for the hand after ``hands`` (a table's hands in order), if any."""
        ...

    def dealer_of(self, hand: HandData, seats: int) -> Seat | None:
        """Who dealt ``hand``, when the hand tells it."""
        ...


def sits_out(deal: Deal, seats: int) -> bool:
    """Whether at a table of ``seats`` the dealer sits each hand out."""
    return deal.sits_out_at == seats


def after(seat: Seat, seats: int, steps: int = 1) -> Seat:
    """The seat ``steps`` places on in playing order (back, when negative)."""
    return (seat - 1 + steps) % seats + 1


def forehand_turn(
    hands: Sequence[HandData],
    seats: int,
    *,
    dealer_of: Callable[[HandData], Seat | None],
    dealt: Callable[[HandData], bool] = lambda hand: True,
    sitter: bool = False,
) -> Turn | None:
    """The deal passes one seat a hand to the forehand, who sits at the dealer's right.

    A hand need not record its dealer, so the rotation is counted from the last dealt
    hand that tells it (``dealer_of``); every hand dealt since moves the deal one seat
    on. With ``sitter`` the dealer sits the hand out.
    """
    played = [hand for hand in hands if dealt(hand)]
    for since, hand in enumerate(reversed(played)):
        dealer = dealer_of(hand)
        if dealer is not None:
            nxt = after(dealer, seats, since + 1)
            return Turn(nxt, after(nxt, seats), nxt if sitter else None)
    return None
