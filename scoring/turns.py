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
from scoring.words import gettext_noop

__all__ = ["Deal", "HandData", "RotatingDeal", "Turn", "after", "forehand_turn", "sits_out"]

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


@dataclass(frozen=True)
class RotatingDeal:
    """The deal passes one seat a hand, counted from the round's first hand.

    For games whose hands never tell their dealer (Slovenian Tarok). Seat 1 deals the
    round's first hand; every dealt hand since (``dealt``: one with a contract, not a
    standalone ruling) moves the deal one seat on, and the seat after the dealer in playing
    order (the forehand) bids first. A judge who seats the first dealer elsewhere overrides
    the proposal, and the count goes on from seat 1 regardless.

    >>> RotatingDeal().next_turn([], 6), RotatingDeal().next_turn([{"contract": "klop"}] * 7, 6)
    (Turn(dealer=1, bidder=2, sitter=None), Turn(dealer=2, bidder=3, sitter=None))
    """

    sits_out_at: int | None = None
    bidder: str = gettext_noop("forehand")
    first_hand: str = gettext_noop(
        "Seat 1 deals the round's first hand; the deal passes one seat a hand."
    )

    def next_turn(self, hands: Sequence[HandData], seats: int) -> Turn | None:
        """Seat 1, moved on one seat for each hand dealt so far."""
        dealt = sum(1 for hand in hands if hand.get("contract"))
        dealer = after(1, seats, dealt)
        return Turn(dealer, after(dealer, seats))

    def dealer_of(self, hand: HandData, seats: int) -> Seat | None:
        """Never told: a hand records its contract, not who dealt it."""
        return None
