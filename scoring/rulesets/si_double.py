"""Slovenian Tarok with two packs, seed 002 — RULES §5 and §7.3.

4, 6 or 8 players; the 108 cards count in threes to 140 and the declaring side wins with
more than 70. Scores are written for the players, not paid between them (not zero-sum):
each member of the declaring side is credited the hand value and the declaring side's
announcements, each defender the defenders' announcements.

>>> from scoring.house_rules import resolve
>>> hand = Hand.from_json({"contract": "trojka", "declarer": 1, "partners": [3],
...                        "declarer_points": 83, "kontra": 1})
>>> settlement = score(hand, resolve(HOUSE_RULES))
>>> dict(settlement.deltas)
{1: 90, 2: 0, 3: 90, 4: 0}
>>> settlement.lines[0].label
'Game (trojka 30): 83 points, |83−70|=13 → 15; 30+15=45; kontra ×2 = 90; seats 1 and 3 score +90 each'
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from scoring.house_rules import HouseRule, resolve
from scoring.labels import SIDE, called, doubled, made, outcome, seats_text, written_line
from scoring.rulesets.si_double_catalogue import adjustment_entry
from scoring.rulesets.si_double_hand import (
    CONTRACTS,
    HALF,
    LEVELS,
    NAME,
    Contract,
    Hand,
    table_seats,
)
from scoring.rulesets.si_double_napovedi import NAPOVEDI, Napoved, counted
from scoring.settlement import Line, Seat, Settlement
from scoring.turns import RotatingDeal
from scoring.words import Phrase, Value, gettext_noop, phrase, plural_phrase, series, word

__all__ = [
    "DEAL",
    "DRIVE_TRICKS",
    "FORM",
    "GAME_VALUES",
    "HOUSE_RULES",
    "LEVELS",
    "NAME",
    "NAPOVEDI",
    "PENALTIES",
    "PRESETS",
    "PRESET_SOURCES",
    "PRESET_TITLES",
    "RUBBERS",
    "SCORES_IN_CHIPS",
    "SCORE_STEP",
    "SEATS",
    "TABLE_FIELD",
    "TABLE_SIZES",
    "TITLE",
    "ZERO_SUM",
    "Hand",
    "round_to_five",
    "score",
    "summary",
]

TITLE = gettext_noop("Slovenian Tarok with two packs")  # translated where shown
TABLE_SIZES: tuple[int, ...] = (4, 6, 8)  # 002 Del II, III, IV
ZERO_SUM = False  # scores written for each player (RULES §0.2)
SCORES_IN_CHIPS = False  # points: body, točke
SEATS = table_seats  # 1..players: a function of the hand
FORM = "scoring.forms.si_double.SiDoubleHandForm"
TABLE_FIELD: str | None = "players"
# Every score is a multiple of 5 (RULES §5.2–5.3: values in tens and fives, the difference
# and a klop rounded to 5, halves of them); the director's adjustments are recorded apart.
SCORE_STEP: int | None = 5
RUBBERS = None  # no rubbers: each hand is scored on its own
DRIVE_TRICKS = None  # not played as a drive: no tricks to total
# The hands record no dealer: seat 1 deals first and the deal passes one seat a hand.
DEAL = RotatingDeal()

GAME_VALUES: Mapping[Contract, int] = MappingProxyType(
    {
        Contract.SESTICA: 10,
        Contract.STIRICA: 20,
        Contract.TROJKA: 30,
        Contract.DVOJKA: 40,
        Contract.ENKA: 50,
        Contract.SOLO_SESTICA: 60,
        Contract.SOLO_STIRICA: 70,
        Contract.SOLO_TROJKA: 80,
        Contract.SOLO_DVOJKA: 90,
        Contract.SOLO_ENKA: 100,
        Contract.BERAC: 110,
        Contract.SOLO_BREZ: 120,
        Contract.BARVNI_VALAT: 200,
        Contract.VALAT: 500,
    }
)
_NAMES = {
    Contract.SESTICA: "šestica",
    Contract.STIRICA: "štirica",
    Contract.SOLO_SESTICA: "solo šestica",
    Contract.SOLO_STIRICA: "solo štirica",
    Contract.BERAC: "berač",
}
SILENT_VALAT = 250  # 002: "Valat 500 (tihi: 250)"
_SIDES = {"declarer": SIDE["declarer"], "opponents": gettext_noop("the defenders")}
_CAUGHT = gettext_noop("caught in the last trick")

HOUSE_RULES: tuple[HouseRule, ...] = (
    HouseRule(
        "klop_extreme", 140, "int", minimum=0, maximum=1_000,
        title=gettext_noop("Klop: the extreme score"),
        help=gettext_noop(
            "In a klop, a player with more than 70 points scores minus this; one with no "
            "trick scores plus this."
        ),
        source="RULES §5.3 Decision: the one-pack ±70, doubled",
    ),
    HouseRule(
        "defenders_valat_counts", True, "bool",
        title=gettext_noop("The defenders' silent valat counts"),
        help=gettext_noop(
            "A silent valat taken by the defenders scores −250 for each declaring member "
            "(off: nothing is written)."
        ),
        source="RULES §5.3 Decision (TZS B1.14)",
    ),
)  # fmt: skip
PRESETS: Mapping[str, Mapping[str, Any]] = MappingProxyType({"seed": resolve(HOUSE_RULES)})
# Each preset as a director picks it on the tournament's setup.
PRESET_TITLES: Mapping[str, str] = MappingProxyType(
    {
        "seed": gettext_noop("The seed's rules (TZS B1.14)"),
    }
)
PRESET_SOURCES: Mapping[str, str] = MappingProxyType(
    {"seed": "Tarok z dvema paketoma, seed 002, scored by TZS B1.14 as RULES.md §5 reads it"}
)
PENALTIES = (adjustment_entry(NAME),)


def round_to_five(points: int) -> int:
    """Whole points to the nearest 5: a remainder of 1–2 rounds down, 3–4 up (RULES §5.3).

    >>> [round_to_five(n) for n in (2, 3, 12, 13, 70)]
    [0, 5, 10, 15, 70]
    """
    fives, rest = divmod(points, 5)
    return 5 * (fives + (rest >= 3))


def name_of(contract: Contract) -> str:
    """The contract as the players say it: ``solo šestica``, ``berač``, ``barvni valat``."""
    return _NAMES.get(contract, contract.value.replace("_", " "))


def score(hand: Hand, rules: Mapping[str, Any]) -> Settlement:
    """Score a validated hand under the house rules (missing settings take defaults)."""
    rules = resolve(HOUSE_RULES, rules)
    seats = hand.seats
    adjustments = [_adjustment_line(hand, index) for index in range(len(hand.penalties))]
    if hand.contract is None:  # a standalone adjustment
        return Settlement(NAME, seats, tuple(adjustments))
    if hand.contract is Contract.KLOP:
        return Settlement(NAME, seats, (*_klop_lines(hand, rules), *adjustments))
    if hand.contract.won_or_lost:
        return Settlement(NAME, seats, (_won_or_lost_line(hand), *adjustments))
    if hand.silent_valat is not None:
        return Settlement(NAME, seats, (_silent_valat_line(hand, rules), *adjustments))
    napovedi = _napovedi_lines(hand)
    return Settlement(NAME, seats, (_game_line(hand), *napovedi, *adjustments))


def _game_line(hand: Hand) -> Line:
    """±(game value + difference) × 2^kontra for each declaring member (RULES §5.3)."""
    contract, points = hand.contract, hand.declarer_points
    # A normal game with no silent valat: the reader (_check_complete) has refused one
    # without these.
    assert contract is not None and points is not None
    value = GAME_VALUES[contract]
    raw = abs(points - HALF)
    difference = round_to_five(raw)
    won = points > HALF
    game: dict[str, Value] = dict(
        contract=name_of(contract), value=value, points=points, half=HALF, raw=raw
    )
    parts = [
        phrase("Game ({contract} {value}): {points} points, |{points}−{half}|={raw}", **game)
        if raw == difference
        else phrase(
            "Game ({contract} {value}): {points} points, |{points}−{half}|={raw} → {difference}",
            difference=difference, **game,
        ),
        phrase("{value}+{difference}={sum}", value=value, difference=difference, sum=value + difference)
        if won
        else phrase(
            "{value}+{difference}={sum}, lost", value=value, difference=difference, sum=value + difference
        ),
    ]  # fmt: skip
    amount = doubled(value + difference, hand.kontra, LEVELS, parts)
    return written_line("game", parts, hand.seats, hand.declaring_side, amount if won else -amount)


def _won_or_lost_line(hand: Hand) -> Line:
    """Berač, barvni valat, valat: ±the value × 2^kontra, no difference."""
    contract = hand.contract
    assert contract is not None  # score() has put a standalone adjustment apart
    value = GAME_VALUES[contract]
    parts = [
        phrase(
            "Game ({contract} {value}): {result}",
            contract=name_of(contract),
            value=value,
            result=outcome(bool(hand.won)),
        )
    ]
    amount = doubled(value, hand.kontra, LEVELS, parts)
    side = hand.declaring_side
    return written_line("game", parts, hand.seats, side, amount if hand.won else -amount)


def _silent_valat_line(hand: Hand, rules: Mapping[str, Any]) -> Line:
    """A valat nobody bid: a flat 250 instead of game, difference and announcements."""
    by_declarer = hand.silent_valat == "declarer"
    parts = [
        phrase(
            "Silent valat by {side}: {points} instead of game, difference and announcements",
            side=word(_SIDES["declarer" if by_declarer else "opponents"]),
            points=SILENT_VALAT,
        )
    ]
    if not by_declarer and not rules["defenders_valat_counts"]:
        parts.append(phrase("the defenders' valat does not count (house rule): nothing is written"))
        return written_line("valat", parts, hand.seats, hand.declaring_side, 0)
    amount = doubled(SILENT_VALAT, hand.kontra, LEVELS, parts)
    if not by_declarer:
        parts.append(phrase("the defenders score 0"))
    side = hand.declaring_side
    return written_line("valat", parts, hand.seats, side, amount if by_declarer else -amount)


def _napovedi_lines(hand: Hand) -> list[Line]:
    """Each announcement for its side; of one side's entries in a group only the highest."""
    return [
        _napoved_line(hand, napoved, counts)
        for napoved, counts in zip(hand.announcements, counted(hand.announcements), strict=True)
    ]


def _napoved_line(hand: Hand, napoved: Napoved, counts: bool) -> Line:
    rule = napoved.rule
    result = made(True) if napoved.won else made(False) if napoved.announced else word(_CAUGHT)
    which: dict[str, Value] = dict(
        napoved=rule.title.capitalize(), side=word(_SIDES[napoved.side]),
        call=called(napoved.announced), result=result,
    )  # fmt: skip
    side = hand.sides[napoved.side]
    if not counts:
        parts = [
            phrase("{napoved} ({side}) {call}, {result}", **which),
            phrase("not counted: the side's higher one of its group counts alone"),
        ]
        return written_line("announcement", parts, hand.seats, side, 0)
    value = rule.amount(announced=napoved.announced)
    parts = [
        phrase("{napoved} ({side}) {call}, {result}: {value}", value=value, **which)
        if napoved.announced
        else phrase(
            "{napoved} ({side}) {call}, {result}: {full}/2={value}",
            full=rule.value, value=value, **which,
        )
    ]  # fmt: skip
    amount = doubled(value, napoved.kontra, LEVELS, parts)
    return written_line("announcement", parts, hand.seats, side, amount if napoved.won else -amount)


def _klop_lines(hand: Hand, rules: Mapping[str, Any]) -> list[Line]:
    """Each player alone: −own points rounded to 5; over 70 −140; no trick +140."""
    extreme, lines = rules["klop_extreme"], []
    seat_points, seat_tricks = hand.klop_points, hand.klop_tricks
    # A klop: the reader (_check_klop) requires both.
    assert seat_points is not None and seat_tricks is not None
    for seat in hand.seats:
        points, tricks = seat_points[seat], seat_tricks[seat]
        parts = [
            plural_phrase(
                "Klop, {seat}: {points} points in {count} trick",
                "Klop, {seat}: {points} points in {count} tricks",
                count=tricks,
                seat=seats_text([seat]),
                points=points,
            )
        ]
        if tricks == 0:
            parts.append(phrase("no trick: +{extreme}", extreme=extreme))
            amount = extreme
        elif points > HALF:
            parts.append(phrase("more than {half}: −{extreme}", half=HALF, extreme=extreme))
            amount = -extreme
        else:
            amount = -round_to_five(points)
            if amount != -points:
                parts.append(phrase("{points} → {rounded}", points=points, rounded=-amount))
        lines.append(written_line("klop", parts, hand.seats, (seat,), amount))
    return lines


def _adjustment_line(hand: Hand, index: int) -> Line:
    """``si.adjustment``: the director writes ``points`` for one seat (RULES §7.3)."""
    adjustment = hand.penalties[index]
    parts = [phrase("Adjustment by the director: {reason}", reason=adjustment.reason)]
    seat: tuple[Seat, ...] = (adjustment.seat,)
    return written_line("penalty", parts, hand.seats, seat, adjustment.points)


def summary(hand: Mapping[str, Any]) -> Phrase:
    """A recorded hand in one line: ``Trojka 1+3: 83, kontra, 2 announcements``."""
    parts: list[Value] = []
    contract = hand.get("contract")
    if contract == Contract.KLOP.value:
        points = hand.get("klop_points") or {}
        parts.append("Klop " + " ".join(f"{seat}:{points[seat]}" for seat in points))
    elif contract:
        side = "+".join(str(s) for s in (hand.get("declarer"), *(hand.get("partners") or ())))
        known = CONTRACTS.get(contract)
        head = f"{(name_of(known) if known else str(contract)).capitalize()} {side}"
        if hand.get("won") is not None:
            parts.append(phrase("{contract}: {result}", contract=head, result=outcome(hand["won"])))
        elif hand.get("silent_valat"):
            by = word(_SIDES.get(hand["silent_valat"], str(hand["silent_valat"])))
            parts.append(phrase("{contract}: silent valat by {side}", contract=head, side=by))
        elif hand.get("declarer_points") is not None:
            parts.append(f"{head}: {hand['declarer_points']}")
        else:
            parts.append(head)
        if hand.get("kontra"):
            parts.append(word(LEVELS.name(hand["kontra"])))
        if hand.get("announcements"):
            parts.append(phrase("{count} announcements", count=len(hand["announcements"])))
    adjustments = [
        phrase(
            "adjustment ({seat}: {points})", seat=str(p.get("seat")), points=str(p.get("points"))
        )
        for p in hand.get("penalties") or ()
    ]
    if not parts and not adjustments:
        return word("—")
    return series([series(parts, ", "), *adjustments] if parts else adjustments)
