"""The Czech deal (000 and 001 "Rozdávání"), shared by both Czech rulesets (RULES §8).

The deal passes one seat a hand, to the forehand (předák), who sits at the dealer's right
and bids first. A hand does not record its dealer, so the rotation is counted from the
last hand that tells it: the sitter of Taroky ve třech at a table of four (the dealer sits
the hand out), the offender of a misdeal renonc, or the forehand who must bid or call a
contract only the forehand plays. Every hand dealt since moves the deal one seat on (a
standalone ruling of conduct was not dealt).

>>> deal = CzechDeal(forehands_own=frozenset({"varsava"}), sits_out_at=4)
>>> deal.next_turn([{"contract": "prvni", "declarer": 1, "sitter": 3},
...                 {"contract": "solo", "declarer": 2, "sitter": 4}], 4)
Turn(dealer=1, bidder=2, sitter=1)
>>> deal.dealer_of({"penalties": [{"code": "cz.renonc.misdeal", "seat": 2}]}, 4)
2
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scoring.settlement import Seat
from scoring.turns import HandData, Turn, after, forehand_turn, sits_out
from scoring.words import gettext_noop

__all__ = ["CzechDeal"]


@dataclass(frozen=True)
class CzechDeal:
    """The deal to the forehand; ``forehands_own`` are contracts only the forehand plays."""

    forehands_own: frozenset[str]
    sits_out_at: int | None = None
    bidder: str = gettext_noop("forehand (předák)")
    first_hand: str = gettext_noop(
        "The deal passes one seat a hand; the forehand (předák) at the dealer's right bids first."
    )

    def next_turn(self, hands: Sequence[HandData], seats: int) -> Turn | None:
        """Counted on from the last dealt hand that tells its dealer."""
        return forehand_turn(
            hands, seats, dealer_of=lambda hand: self.dealer_of(hand, seats), dealt=_dealt,
            sitter=sits_out(self, seats),
        )  # fmt: skip

    def dealer_of(self, hand: HandData, seats: int) -> Seat | None:
        """The sitter, a misdeal's offender, or the seat before a forehand's own contract."""
        if hand.get("sitter"):
            return hand["sitter"]
        for penalty in hand.get("penalties") or ():
            if _kind(penalty) == "misdeal":
                return penalty["seat"]
        if hand.get("contract") in self.forehands_own and hand.get("declarer"):
            return after(hand["declarer"], seats, -1)
        return None


def _dealt(hand: HandData) -> bool:
    """A hand was dealt if it has a game, or a renonc voided it (a misdeal too)."""
    penalties = hand.get("penalties") or ()
    # A standalone ruling of conduct was not dealt; every other renonc voids a dealt hand.
    return bool(hand.get("contract")) or any(_kind(penalty) != "conduct" for penalty in penalties)


def _kind(penalty: HandData) -> str:
    """The renonc's kind, whatever code family wrote it: ``cz.renonc.misdeal`` → misdeal."""
    return str(penalty.get("code", "")).rsplit(".", 1)[-1]
