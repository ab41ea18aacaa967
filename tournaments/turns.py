"""Whose turn: the dealer and the first bidder the judge's page proposes (RULES §8).

SPJST (004 "Reminders" 17): the last hand's Povinost deals the next hand, and the
Povinost is the player at the dealer's right, the next seat in playing order. After a
`wrong_povinost` ruling the rightful player bids next. After `wrong_trump_called` the
bidder loses the Povinost: the plain rotation already passes it to the next seat, so
nothing changes. The round's first Povinost is the holder of tarok II, which only the
cards can tell, so the first hand proposes nothing.

Czech rulesets (000 "Rozdávání", 001 "Rozdávání"): the deal passes one seat a hand, to the
forehand (předák), who sits at the dealer's right and bids first. A hand does not record
its dealer, so the rotation is counted from the last hand that tells it: the sitter of
Taroky ve třech at a table of four (the dealer sits the hand out), the offender of a
misdeal renonc, or the forehand who must bid the první (calling the XIX) or call a
Varšava. Every hand dealt since moves the deal one seat on (a standalone ruling of
conduct was not dealt). The judge can always override the proposal.

>>> next_turn([{"declarer": 2}], seats=4)
Turn(dealer=2, bidder=3, sitter=None)
>>> next_turn([{"declarer": 4, "penalties": [{"code": "spjst.wrong_povinost", "seat": 4, "rightful": 1}]}])
Turn(dealer=4, bidder=1, sitter=None)
>>> next_turn([{"contract": "prvni", "declarer": 1, "sitter": 3}, {"contract": "solo", "declarer": 2, "sitter": 4}], seats=4, ruleset="cz_three")
Turn(dealer=1, bidder=2, sitter=1)
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

CZECH = frozenset({"cz_xix", "cz_three"})
# Rulesets whose dealer sits each hand out at a table of this size (Taroky ve třech at 4).
SITTING_OUT = {"cz_three": 4}
# Contracts only the forehand plays or calls: the první is the forehand's obligation to
# bid (000 "Hlásí ji povinně předák"); Varšava only the forehand calls (000, 001).
FOREHANDS_OWN = {"cz_xix": frozenset({"prvni", "varsava"}), "cz_three": frozenset({"varsava"})}

Hand = Mapping[str, Any]


@dataclass(frozen=True)
class Turn:
    """The next hand's dealer, first bidder, and the player sitting it out (if any)."""

    dealer: int
    bidder: int
    sitter: int | None = None


def _after(seat: int, seats: int, steps: int = 1) -> int:
    return (seat - 1 + steps) % seats + 1


def sits_out(ruleset: str, seats: int) -> bool:
    """Whether at a table of `seats` the dealer sits each hand out."""
    return SITTING_OUT.get(ruleset) == seats


def next_turn(hands: Sequence[Hand], seats: int = 4, ruleset: str = "spjst") -> Turn | None:
    """The proposal for the hand after `hands` (the table's hands in order), if any."""
    if ruleset in CZECH:
        return _czech_turn(hands, seats, ruleset)
    last = next((hand for hand in reversed(hands) if hand.get("declarer")), None)
    if last is None:
        return None
    dealer = last["declarer"]
    bidder = _after(dealer, seats)
    for penalty in last.get("penalties", ()):
        if penalty.get("code", "").endswith(".wrong_povinost") and penalty.get("rightful"):
            bidder = penalty["rightful"]
    return Turn(dealer, bidder)


def _czech_turn(hands: Sequence[Hand], seats: int, ruleset: str) -> Turn | None:
    dealt = [hand for hand in hands if _dealt(hand)]
    for since, hand in enumerate(reversed(dealt)):
        dealer = _dealer(hand, seats, ruleset)
        if dealer is not None:
            nxt = _after(dealer, seats, since + 1)
            return Turn(nxt, _after(nxt, seats), nxt if sits_out(ruleset, seats) else None)
    return None


def _dealt(hand: Hand) -> bool:
    """A hand was dealt if it has a game, or a renonc voided it (a misdeal too)."""
    penalties = hand.get("penalties") or ()
    return bool(hand.get("contract")) or any(
        not penalty.get("code", "").endswith(".conduct") for penalty in penalties
    )


def _dealer(hand: Hand, seats: int, ruleset: str) -> int | None:
    """Who dealt `hand`, when the hand tells it."""
    if hand.get("sitter"):
        return hand["sitter"]
    for penalty in hand.get("penalties") or ():
        if penalty.get("code", "").endswith(".misdeal"):
            return penalty["seat"]
    if hand.get("contract") in FOREHANDS_OWN[ruleset] and hand.get("declarer"):
        return _after(hand["declarer"], seats, -1)
    return None
