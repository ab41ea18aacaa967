"""Duel: a tiny two-contract game that exists only for the tests.

It proves that a ruleset is one module and one registry line: nothing under tournaments/
knows it, yet a whole tournament day runs on it (tests/rulesets/test_duel_day.py).

Four players with the tarock pack counted in threes (70 points). The declarer plays alone
and wins with 36 or more; each opponent pays the contract's price (a game 1, a solo 3),
doubled by the declarer's "double" (×2) or "redouble" (×4), and is paid it on a loss.

>>> from scoring.house_rules import resolve
>>> hand = Hand.from_json({"contract": "solo", "declarer": 2, "declarer_points": 40,
...                        "double": 1})
>>> score(hand, resolve(HOUSE_RULES)).lines[0].label
'Solo: 40 points of 70, won; price 3; double ×2 = 6; seat 2 alone wins 6 from each of the others'
>>> str(summary({"contract": "solo", "declarer": 2, "declarer_points": 40, "double": 1}))
'Solo 2: 40, double'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.forms.base import HandForm
from scoring.forms.fields import PILLS, level_field, seat_field
from scoring.house_rules import HouseRule
from scoring.labels import doubled, hand_summary, outcome, side_line
from scoring.levels import Levels
from scoring.penalties import PenaltyEntry
from scoring.reader import JsonObject
from scoring.settlement import Seat, Settlement
from scoring.turns import HandData, Turn, after
from scoring.words import Phrase, phrase

NAME = "duel"
TITLE = "Duel (a test game)"
TABLE_SIZES: tuple[int, ...] = (4,)
ZERO_SUM = True
SCORES_IN_CHIPS = True
SEATS: tuple[Seat, ...] = (1, 2, 3, 4)
HOUSE_RULES: tuple[HouseRule, ...] = ()
PRESETS: Mapping[str, Mapping[str, Any]] = {}
PRESET_TITLES: Mapping[str, str] = {}
PENALTIES: tuple[PenaltyEntry, ...] = ()
LEVELS = Levels("double", ("double", "redouble"))
FORM = "tests.rulesets.duel.DuelHandForm"
TABLE_FIELD: str | None = None
SCORE_STEP: int | None = None
RUBBERS = None  # no rubbers: each hand is scored on its own
DRIVE_TRICKS = None  # not played as a drive: no tricks to total
PRICES = {"game": 1, "solo": 3}


@dataclass(frozen=True)
class EveryHandDeal:
    """Seat 1 deals the round's first hand; the deal passes one seat a hand."""

    sits_out_at: int | None = None
    bidder: str = "first to bid"
    first_hand: str = "Seat 1 deals the first hand."

    def next_turn(self, hands: Sequence[HandData], seats: int) -> Turn | None:
        dealer = after(1, seats, len(hands))
        return Turn(dealer, after(dealer, seats))

    def dealer_of(self, hand: HandData, seats: int) -> Seat | None:
        return None


DEAL = EveryHandDeal()


@dataclass(frozen=True)
class Hand:
    """A Duel hand: the contract, the declarer, the declarer's points and the doubling."""

    contract: str
    declarer: Seat
    declarer_points: int
    double: int = 0

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Hand:
        fields = ("contract", "declarer", "declarer_points", LEVELS.field, "penalties")
        hand = JsonObject(data, "", fields)
        hand.absent("penalties", "Duel has no penalties")
        for name in ("contract", "declarer", "declarer_points"):
            hand.require(name)
        return cls(
            hand.choice("contract", {name: name for name in PRICES}),
            hand.int("declarer", 1, 4),
            hand.int("declarer_points", 0, 70),
            hand.int(LEVELS.field, 0, LEVELS.top, 0),
        )


def score(hand: Hand, rules: Mapping[str, Any]) -> Settlement:
    """One line: the declarer wins or loses the price × 2^double from each opponent."""
    won = hand.declarer_points >= 36
    parts = [
        phrase(
            "{contract}: {points} points of 70, {result}; price {price}",
            contract=hand.contract.capitalize(), points=hand.declarer_points,
            result=outcome(won), price=PRICES[hand.contract],
        )
    ]  # fmt: skip
    amount = doubled(PRICES[hand.contract], hand.double, LEVELS, parts)
    line = side_line("game", parts, SEATS, (hand.declarer,), amount if won else -amount)
    return Settlement(NAME, SEATS, (line,))


def summary(hand: Mapping[str, Any]) -> Phrase:
    """``Solo 2: 40, double``."""
    return hand_summary(hand, LEVELS.name(hand["double"]) if hand.get("double") else "")


class DuelHandForm(HandForm):
    """The judge's form for a Duel hand: the plain fields only."""

    ruleset = NAME
    tab = "Duel"
    template_name = "scoring/forms/plain.html"
    SCALARS = ("contract", "declarer", "double")
    DEFAULTS = {"double": 0}

    contract = forms.ChoiceField(
        label=_("Contract"), choices=[(name, name) for name in PRICES], widget=PILLS
    )
    declarer = seat_field(_("Declarer (seat)"), required=True)
    double = level_field(_("Double"), LEVELS)
