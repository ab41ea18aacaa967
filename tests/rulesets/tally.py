"""Tally: a test-only game whose scores are written for each player, at tables of 4, 6, 8.

It stands in for any ruleset that is not zero-sum and seats more than four (the two-pack
Slovenian game): each player writes down the points taken in a hand, and that is the
player's score for it. Nothing under tournaments/ knows it.

>>> hand = Hand.from_json({"players": 6, "points": {"1": 10, "2": 0, "3": 5, "4": 0,
...                                                 "5": 20, "6": 35}})
>>> dict(score(hand, {}).deltas)
{1: 10, 2: 0, 3: 5, 4: 0, 5: 20, 6: 35}
>>> str(summary({"players": 6, "points": {"1": 10, "5": 20, "6": 35, "3": 5}}))
'Tally: 70 points'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.forms.base import HandForm
from scoring.forms.fields import PILLS
from scoring.house_rules import HouseRule
from scoring.levels import Levels
from scoring.penalties import PenaltyEntry
from scoring.reader import JsonObject
from scoring.settlement import Line, Seat, Settlement
from scoring.turns import HandData, Turn, after
from scoring.words import Phrase, phrase

NAME = "tally"
TITLE = "Tally (a test game)"
TABLE_SIZES: tuple[int, ...] = (4, 6, 8)
ZERO_SUM = False
SCORES_IN_CHIPS = False
HOUSE_RULES: tuple[HouseRule, ...] = ()
PRESETS: Mapping[str, Mapping[str, Any]] = {}
PRESET_TITLES: Mapping[str, str] = {}
PENALTIES: tuple[PenaltyEntry, ...] = ()
LEVELS = Levels.NONE
FORM = "tests.rulesets.tally.TallyHandForm"
TABLE_FIELD: str | None = "players"
SCORE_STEP: int | None = None
RUBBERS = None  # no rubbers: each hand is scored on its own
DRIVE_TRICKS = None  # not played as a drive: no tricks to total
TOTAL = 70


def SEATS(hand: Hand | Mapping[str, Any]) -> tuple[Seat, ...]:
    """Seats 1 … the hand's number of players."""
    players = hand.players if isinstance(hand, Hand) else hand.get("players", 4)
    return tuple(range(1, players + 1))


@dataclass(frozen=True)
class RoundDeal:
    """Seat 1 deals first; the deal passes one seat a hand."""

    sits_out_at: int | None = None
    bidder: str = "first to play"
    first_hand: str = "Seat 1 deals the first hand."

    def next_turn(self, hands: Sequence[HandData], seats: int) -> Turn | None:
        if not hands:
            return None
        dealer = after(1, seats, len(hands))
        return Turn(dealer, after(dealer, seats))

    def dealer_of(self, hand: HandData, seats: int) -> Seat | None:
        return None


DEAL = RoundDeal()


@dataclass(frozen=True)
class Hand:
    """Every player's points taken; together they make the deck's 70."""

    players: int
    points: Mapping[Seat, int]

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Hand:
        hand = JsonObject(data, "", ("contract", "players", "points", "penalties"))
        hand.absent("penalties", "Tally has no penalties")
        hand.choice("contract", {"tally": "tally"})
        hand.require("players")
        players = hand.int("players", 4, 8)
        if players not in TABLE_SIZES:
            raise hand.error("players", f"must be 4, 6 or 8 (got {players})")
        points = JsonObject(data.get("points") or {}, "points", [str(s) for s in range(1, 9)])
        taken = {seat: points.int(str(seat), 0, TOTAL, 0) or 0 for seat in range(1, players + 1)}
        if sum(taken.values()) != TOTAL:
            raise hand.error("points", f"must total {TOTAL} (got {sum(taken.values())})")
        return cls(players, taken)


def score(hand: Hand, rules: Mapping[str, Any]) -> Settlement:
    """One line: each player scores the points taken."""
    seats = SEATS(hand)
    taken = ", ".join(f"{seat}: {hand.points[seat]}" for seat in seats)
    label = phrase("Each player scores the points taken: {points}", points=taken)
    return Settlement(NAME, seats, (Line("points", label, dict(hand.points)),))


def summary(hand: Mapping[str, Any]) -> Phrase:
    """``Tally: 70 points``."""
    return phrase("Tally: {points} points", points=sum((hand.get("points") or {}).values()))


class TallyHandForm(HandForm):
    """The judge's form: one number a seat."""

    ruleset = NAME
    tab = "Tally"
    template_name = "scoring/forms/plain.html"
    SCALARS = ("contract", "players")
    SEAT_MAPS = ("points",)

    contract = forms.ChoiceField(
        label=_("Contract"), choices=[("tally", "tally")], initial="tally", widget=PILLS
    )
    players = forms.TypedChoiceField(
        choices=[(str(n), str(n)) for n in TABLE_SIZES], coerce=int, widget=forms.HiddenInput
    )

    def add_fields(self) -> None:
        self.fields["players"].initial = str(len(self.seats))
        self.add_seat_numbers("points", _("points"), TOTAL)

    def hand_json(self) -> dict[str, Any]:
        hand = super().hand_json()
        hand.pop("penalties")
        hand.pop("declarer_points", None)
        return hand
