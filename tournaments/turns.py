"""Whose turn: the dealer and the first bidder the judge's page proposes (RULES §8).

SPJST (004 "Reminders" 17): the last hand's Povinost deals the next hand, and the
Povinost is the player at the dealer's right, the next seat in playing order. After a
`wrong_povinost` ruling the rightful player bids next. After `wrong_trump_called` the
bidder loses the Povinost: the plain rotation already passes it to the next seat, so
nothing changes. The round's first Povinost
is the holder of tarok II, which only the cards can tell, so the first hand proposes
nothing. Czech games: the forehand (at the dealer's right) deals next, the same rotation.
The judge can always override the proposal.

>>> next_turn([{"declarer": 2}], seats=4)
Turn(dealer=2, bidder=3)
>>> next_turn([{"declarer": 4, "penalties": [{"code": "spjst.wrong_povinost", "seat": 4, "rightful": 1}]}])
Turn(dealer=4, bidder=1)
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Turn:
    dealer: int
    bidder: int


def _after(seat: int, seats: int) -> int:
    return seat % seats + 1


def next_turn(hands: Sequence[Mapping[str, Any]], seats: int = 4) -> Turn | None:
    """The proposal for the hand after `hands` (the table's hands in order), if any."""
    last = next((hand for hand in reversed(hands) if hand.get("declarer")), None)
    if last is None:
        return None
    dealer = last["declarer"]
    bidder = _after(dealer, seats)
    for penalty in last.get("penalties", ()):
        if penalty.get("code", "").endswith(".wrong_povinost") and penalty.get("rightful"):
            bidder = penalty["rightful"]
    return Turn(dealer, bidder)
