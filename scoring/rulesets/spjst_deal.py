"""The SPJST deal (004 "Reminders" 17; RULES §8): the last hand's Povinost deals next.

The Povinost is the player at the dealer's right, the next seat in playing order. After a
``wrong_povinost`` ruling the rightful player bids next. After ``wrong_trump_called`` the
bidder loses the Povinost: the plain rotation already passes it to the next seat, so
nothing changes. The round's first Povinost is the holder of tarok II, which only the
cards can tell, so the first hand proposes nothing.

>>> DEAL.next_turn([{"declarer": 2}], 4)
Turn(dealer=2, bidder=3, sitter=None)
>>> DEAL.next_turn([{"declarer": 4, "penalties": [
...     {"code": "spjst.wrong_povinost", "seat": 4, "rightful": 1}]}], 4)
Turn(dealer=4, bidder=1, sitter=None)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scoring.rulesets.spjst_hand import NAME
from scoring.settlement import Seat
from scoring.turns import HandData, Turn, after
from scoring.words import gettext_noop

__all__ = ["DEAL", "PovinostDeal"]

_WRONG_POVINOST = f"{NAME}.wrong_povinost"


@dataclass(frozen=True)
class PovinostDeal:
    """The deal that follows the Povinost."""

    sits_out_at: int | None = None
    bidder: str = gettext_noop("Povinost")
    first_hand: str = gettext_noop("First hand: the holder of tarok II is Povinost.")

    def next_turn(self, hands: Sequence[HandData], seats: int) -> Turn | None:
        """The last declarer deals; the seat after, or the rightful Povinost, bids."""
        last = next((hand for hand in reversed(hands) if hand.get("declarer")), None)
        if last is None:
            return None
        dealer = last["declarer"]
        bidder = after(dealer, seats)
        for penalty in last.get("penalties") or ():
            if penalty.get("code") == _WRONG_POVINOST and penalty.get("rightful"):
                bidder = penalty["rightful"]
        return Turn(dealer, bidder)

    def dealer_of(self, hand: HandData, seats: int) -> Seat | None:
        """Never told: a hand records who played the Povinost (the next dealer), not its dealer."""
        return None


DEAL = PovinostDeal()
