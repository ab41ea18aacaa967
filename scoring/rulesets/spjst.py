"""SPJST Tarock (Texas), seed 004 — RULES §2 and §7.1.

Four players; chips move only between them. The declaring side wins the game with 54 of
the 106 card points (53–53 loses); the chips per opponent are
``round_half_up((|points − 53| + 10) × m / 10)``, m = 2 for Povinost, 3 for Prever.

>>> from scoring.house_rules import resolve
>>> hand = Hand.from_json({"contract": "prever", "declarer": 2, "prever_talon": 2,
...                        "declarer_points": 47})
>>> dict(score(hand, resolve(HOUSE_RULES)).deltas)
{1: 10, 2: -30, 3: 10, 4: 10}
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from scoring.house_rules import HouseRule, resolve
from scoring.labels import (
    SIDE,
    TALON,
    called,
    doubled,
    hand_summary,
    made,
    outcome,
    seats_text,
    side_line,
)
from scoring.rulesets.spjst_catalogue import PENALTIES
from scoring.rulesets.spjst_deal import DEAL
from scoring.rulesets.spjst_hand import LEVELS, NAME, SEATS, Contract, Hand
from scoring.rulesets.spjst_penalties import (
    adjustment_lines,
    check_adjustment,
    effect_of,
    penalty_lines,
)
from scoring.rulesets.spjst_values import VALUES, declarable_values
from scoring.settlement import (
    Amount,
    Line,
    Seat,
    Settlement,
    round_half_up,
    settle_personal_item,
    zero,
)
from scoring.words import Phrase, Value, gettext_noop, phrase, word

__all__ = [
    "DEAL",
    "DRIVE_TRICKS",
    "FORM",
    "HOUSE_RULES",
    "LEVELS",
    "NAME",
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
    "VALUES",
    "ZERO_SUM",
    "Hand",
    "declarable_values",
    "score",
    "summary",
]

TITLE = gettext_noop("SPJST Tarock (Texas)")  # translated where shown
# 004 quick sheet 1: "Must be 4 players." A tournament with a remainder gives byes.
TABLE_SIZES: tuple[int, ...] = (4,)
# Chips are paid between the players: every hand's deltas sum to 0.
ZERO_SUM = True
SCORES_IN_CHIPS = True  # chips paid at the table
FORM = "scoring.forms.spjst.SpjstHandForm"
TABLE_FIELD: str | None = None
SCORE_STEP: int | None = None  # chips paid: the table's total is checked
RUBBERS = None  # no rubbers: each hand is scored on its own
DRIVE_TRICKS = None  # not played as a drive: no tricks to total

HOUSE_RULES: tuple[HouseRule, ...] = (
    HouseRule(
        "prever_back_multiplier", 3, "int", minimum=1, maximum=100,
        title=gettext_noop("Lost Prever, back to the first three: multiplier"),
        help=gettext_noop(
            "What a lost Prever costs, times, when the player went back to the first three."
        ),
        source="004 §8 and quick sheet (triple); the Westfest 2012 rules use 4",
    ),
    HouseRule(
        "valat_replaces_game", False, "bool",
        title=gettext_noop("A made Valat replaces the game"),
        help=gettext_noop("A made Valat replaces the game instead of being scored beside it."),
        source="RULES §2.3 Decision: 004 §16 voids only the Pagat",
    ),
    HouseRule(
        "renege_penalty", "discard_irregularity", "choice",
        choices=("discard_irregularity", "misdeal"),
        choice_titles=(
            gettext_noop("as a discarding irregularity"),
            gettext_noop("as a misdeal (the hand is void)"),
        ),
        title=gettext_noop("Renege penalty"),
        help=gettext_noop(
            "A renege is penalised as a discarding irregularity, or as a misdeal (void)."
        ),
        source="004 §30 (as discarding irregularities); its quick sheet says as a misdeal",
    ),
)  # fmt: skip

PRESETS: Mapping[str, Mapping[str, Any]] = MappingProxyType(
    {
        "seed": resolve(HOUSE_RULES),
        "westfest_2012": resolve(HOUSE_RULES, {"prever_back_multiplier": 4}),
    }
)
# Each preset as a director picks it on the tournament's setup.
PRESET_TITLES: Mapping[str, str] = MappingProxyType(
    {
        "seed": gettext_noop("SPJST rules (Texas)"),
        "westfest_2012": gettext_noop("Westfest 2012 (Prever back ×4)"),
    }
)
PRESET_SOURCES: Mapping[str, str] = MappingProxyType(
    {
        "seed": "SPJST Tarock Rules (Texas), seed 004, as RULES.md reads them",
        "westfest_2012": "SPJST tarock tournament rules, Westfest 2012: Prever back ×4",
    }
)

_MULTIPLIER = {Contract.POVINOST: 2, Contract.PREVER: 3}


def score(hand: Hand, rules: Mapping[str, Any]) -> Settlement:
    """Score a validated hand under the house rules (missing settings take defaults).

    A void hand and a standalone adjustment score only their penalties' own payments.
    """
    rules = resolve(HOUSE_RULES, rules)
    if any(effect_of(p.code, rules).voids for p in hand.penalties):
        lines = penalty_lines(hand.penalties, rules, (), SEATS)
    elif hand.is_adjustment:
        # Again with the house rules: only now is it known whether a renege voids.
        check_adjustment(hand.penalties, rules)
        lines = adjustment_lines(hand.penalties, rules, SEATS)
    else:
        items = (_game_line(hand, rules), *_pagat_line(hand), *_valat_line(hand))
        values = _value_lines(hand)
        lines = [*items, *values, *penalty_lines(hand.penalties, rules, items, SEATS)]
    return Settlement(NAME, SEATS, tuple(lines))


def _opponents(hand: Hand) -> tuple[Seat, ...]:
    return tuple(s for s in SEATS if s not in hand.declaring_side)


def _game_line(hand: Hand, rules: Mapping[str, Any]) -> Line:
    """The game (§29): the chip formula, the Prever loss multiplier, the challenges."""
    if rules["valat_replaces_game"] and hand.valat and hand.valat.won:
        return Line("game", phrase("Game: not scored, the Valat replaces it"), zero(SEATS))
    points, contract = hand.declarer_points, hand.contract
    # A played hand: the reader (_check_complete) has refused one without these.
    assert points is not None and contract is not None
    multiplier = _MULTIPLIER[contract]
    difference = abs(points - 53)
    product = (difference + 10) * multiplier
    chips: Amount = round_half_up(Fraction(product, 10))
    formula: dict[str, Value] = dict(
        points=points, difference=difference, plus_ten=difference + 10,
        multiplier=multiplier, product=product, chips=chips,
    )  # fmt: skip
    parts = [
        phrase(
            "Game: |{points}−53|={difference}, +10={plus_ten}, ×{multiplier}={product}"
            " → {chips} chips (53–53 is a loss)", **formula,
        )
        if points == 53
        else phrase(
            "Game: |{points}−53|={difference}, +10={plus_ten}, ×{multiplier}={product}"
            " → {chips} chips", **formula,
        )
    ]  # fmt: skip
    won = points >= 54
    if contract is Contract.PREVER and not won:
        talon = hand.prever_talon
        assert talon is not None  # the reader requires a Prever's talon
        factor = rules["prever_back_multiplier"] if talon == 3 else talon
        chips *= factor
        parts.append(
            phrase(
                "Prever lost, {talon}: ×{factor} = {chips}",
                talon=word(TALON[talon]), factor=factor, chips=chips,
            )
        )  # fmt: skip
    chips = doubled(chips, hand.challenge, LEVELS, parts)  # Kontra ×2 … Mort ×16
    return side_line("game", parts, SEATS, hand.declaring_side, chips if won else -chips)


def _pagat_line(hand: Hand) -> tuple[Line, ...]:
    """The Pagat (§15, §19), void when a Valat was made (§16)."""
    pagat = hand.pagat
    if pagat is None:
        return ()
    how: dict[str, Value] = dict(
        seat=seats_text([pagat.holder]), call=called(pagat.announced), result=outcome(pagat.won)
    )
    if hand.valat and hand.valat.won:
        return (
            Line(
                "pagat",
                phrase("Pagat ({seat}) {call}, {result}: void, the Valat was made", **how),
                zero(SEATS),
            ),
        )
    chips: Amount = 4 if pagat.announced else 2
    parts = [phrase("Pagat ({seat}) {call}, {result}: {chips} chips", chips=chips, **how)]
    chips = doubled(chips, pagat.level, LEVELS, parts)
    side = hand.declaring_side if pagat.holder in hand.declaring_side else _opponents(hand)
    return (side_line("pagat", parts, SEATS, side, chips if pagat.won else -chips),)


def _valat_line(hand: Hand) -> tuple[Line, ...]:
    """The Valat (§16), void when its call was voided (§30)."""
    valat = hand.valat
    if valat is None:
        return ()
    side = hand.declaring_side if valat.side == "declarer" else _opponents(hand)
    how: dict[str, Value] = dict(
        side=word(SIDE[valat.side]), call=called(valat.announced), result=made(valat.won)
    )
    if any(p.code == "spjst.valat_call_voided" for p in hand.penalties):
        return (
            Line(
                "valat",
                phrase("Valat by {side}, {call}, {result}: the call is void, no chips", **how),
                zero(SEATS),
            ),
        )
    chips = 40 if valat.announced else 20
    parts = [phrase("Valat by {side}, {call}, {result}: {chips} chips", chips=chips, **how)]
    return (side_line("valat", parts, SEATS, side, chips if valat.won else -chips),)


def _value_lines(hand: Hand) -> list[Line]:
    """The values (§21), each paid by the other three; void after an illegal declaration."""
    void = {(p.seat, p.value) for p in hand.penalties if p.code == "spjst.illegal_declaration"}
    lines = []
    for declared in hand.values:
        which: dict[str, Value] = dict(value=declared.rule.title, seat=seats_text([declared.seat]))
        if (declared.seat, declared.value) in void:
            said = phrase("Value {value} ({seat}): void, an illegal declaration", **which)
            lines.append(Line("value", said, zero(SEATS)))
            continue
        chips = declared.rule.chips
        deltas = settle_personal_item(SEATS, declared.seat, chips)
        lines.append(
            Line(
                "value",
                phrase("Value {value} ({seat}): {chips} from each", chips=chips, **which),
                deltas,
            )
        )
    return lines


def summary(hand: Mapping[str, Any]) -> Phrase:
    """A recorded hand in one line: ``Prever 2: 47, Kontra``."""
    level = LEVELS.name(hand["challenge"]) if hand.get("challenge") else ""
    return hand_summary(hand, level, PENALTIES)
