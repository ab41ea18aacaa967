"""Czech Taroky, calling the XIX, seed 000 — RULES §3 and §7.2.

Four players; card points counted in threes, 70 in a deal. The declaring side wins with
36; the base (základ) is ``|points − 35|``, and 35:35 is a plichta (base 0, only the
binding items count). Amounts are points, paid between the players.

>>> from scoring.house_rules import resolve
>>> hand = Hand.from_json({"contract": "solo", "declarer": 1, "declarer_points": 30})
>>> dict(score(hand, resolve(HOUSE_RULES)).deltas)
{1: -15, 2: 5, 3: 5, 4: 5}
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from scoring.house_rules import HouseRule, resolve
from scoring.labels import (
    CZECH_CONTRACTS,
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
from scoring.rulesets.cz_deal import CzechDeal
from scoring.rulesets.cz_renonc import adjustment_line, renonc_lines
from scoring.rulesets.cz_renonc_catalogue import renonc_entries
from scoring.rulesets.cz_varsava import loser_line
from scoring.rulesets.cz_xix_hand import LEVELS, NAME, SEATS, Contract, Hand
from scoring.rulesets.cz_xix_hlasky import HLASKY, hlaska_lines
from scoring.settlement import Amount, Line, Settlement, exact, zero
from scoring.words import Phrase, Value, gettext_noop, phrase, series, word

__all__ = [
    "DEAL",
    "DRIVE_TRICKS",
    "FORM",
    "HLASKY",
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
    "ZERO_SUM",
    "Hand",
    "score",
    "summary",
]

TITLE = gettext_noop("Czech Taroky, calling the XIX")  # translated where shown
TABLE_SIZES: tuple[int, ...] = (4,)  # 000: "Počet hráčů 4"
ZERO_SUM = True  # points are paid between the players
SCORES_IN_CHIPS = False  # points: body, točke
FORM = "scoring.forms.cz_xix.CzXixHandForm"
TABLE_FIELD: str | None = None
SCORE_STEP: int | None = None  # points paid: the table's total is checked
RUBBERS = None  # no rubbers: each hand is scored on its own
DRIVE_TRICKS = None  # not played as a drive: no tricks to total
# The první is the forehand's obligation to bid (000 "Hlásí ji povinně předák"); only the
# forehand calls a Varšava (000).
DEAL = CzechDeal(forehands_own=frozenset({"prvni", "varsava"}))

_DECISION = "RULES §3.2 Decision: 000 gives the povinnosti no prices"


def _multiplier(name: str, title: str, help: str) -> HouseRule:
    return HouseRule(name, 1, "decimal", minimum=0, title=title, help=help, source=_DECISION)


HOUSE_RULES: tuple[HouseRule, ...] = (
    _multiplier(
        "prvni_multiplier", gettext_noop("Multiplier: první"),
        gettext_noop("The base of a první (základní povinnost) is multiplied by this."),
    ),
    _multiplier(
        "druha_multiplier", gettext_noop("Multiplier: druhá"),
        gettext_noop("The base of a druhá povinnost is multiplied by this."),
    ),
    _multiplier(
        "preferanc_multiplier", gettext_noop("Multiplier: preferanc, first three"),
        gettext_noop("The base of a preferanc with the first three is multiplied by this."),
    ),
    _multiplier(
        "preferanc_second_multiplier", gettext_noop("Multiplier: preferanc, second three"),
        gettext_noop("The base of a preferanc with the second three is multiplied by this."),
    ),
    _multiplier(
        "preferanc_back_multiplier",
        gettext_noop("Multiplier: preferanc, back to the first three"),
        gettext_noop(
            "The base of a preferanc gone back to the first three is multiplied by this."
        ),
    ),
    _multiplier(
        "solo_multiplier", gettext_noop("Multiplier: sólo"),
        gettext_noop("The base of a sólo is multiplied by this."),
    ),
    HouseRule(
        "varsava_value", 10, "int", minimum=0, maximum=10_000,
        title=gettext_noop("Varšava: what the most points pay"),
        help=gettext_noop(
            "What the player with the most points pays each other player in a Varšava."
        ),
        source="RULES §3.5 Decision: 000 gives Varšava no price",
    ),
    HouseRule(
        "renonc_points", 20, "int", minimum=0, maximum=10_000,
        title=gettext_noop("Renonc: what it costs"),
        help=gettext_noop(
            "What a renonc costs the offender, to each other player, × the flek factor."
        ),
        source="RULES §7.2 Decision: Vysočina club rules, 1 Kč ×2 per flek at 5 h a point",
    ),
    HouseRule(
        "honery_always", "family", "choice", choices=("family", "honery"),
        choice_titles=(gettext_noop("the Honéry family"), gettext_noop("Honéry only")),
        title=gettext_noop("Hlášky counted for a side that lost"),
        help=gettext_noop(
            "Which hlášky count even for a side that lost: the Honery family, or honery only."
        ),
        source="RULES §3.4 Decision: 000 \"mimo Honery, ty se přičítají vždy\"",
    ),
)  # fmt: skip

PRESETS: Mapping[str, Mapping[str, Any]] = MappingProxyType(
    {
        "seed": resolve(HOUSE_RULES),
        "vysocina": resolve(HOUSE_RULES, {"renonc_points": 20}),
        "preferanc_by_talon": resolve(
            HOUSE_RULES, {"preferanc_second_multiplier": 2, "preferanc_back_multiplier": 4}
        ),
    }
)
# Each preset as a director picks it on the tournament's setup.
PRESET_TITLES: Mapping[str, str] = MappingProxyType(
    {
        "seed": gettext_noop("The seed's rules (deskovehry.cz)"),
        "vysocina": gettext_noop("Vysočina club"),
        "preferanc_by_talon": gettext_noop("Preferanc priced by the talon"),
    }
)
PRESET_SOURCES: Mapping[str, str] = MappingProxyType(
    {
        "seed": "Taroky, seed 000 (deskovehry.cz), as RULES.md reads it",
        "vysocina": "Vysočina club rules (RULES §7.2): renonc 1 Kč, ×2 per flek level, at "
        "5 h a point = 20 points; the other settings as the seed",
        "preferanc_by_talon": "RULES §3.2: per-contract multipliers, preferanc priced by talon "
        "set 1/2/4 (first three, second three, back to the first three)",
    }
)

_NAMES = {
    Contract.PRVNI: gettext_noop("první"),
    Contract.DRUHA: gettext_noop("druhá"),
    Contract.PREFERANC: gettext_noop("preferanc"),
    Contract.SOLO: gettext_noop("sólo"),
}
_TALON_RULE = {
    1: "preferanc_multiplier",
    2: "preferanc_second_multiplier",
    3: "preferanc_back_multiplier",
}


def _example(kind: str, code: str) -> dict[str, Any]:
    """The catalogue's example hand for a renonc kind (a misdeal by the dealer, seat 4)."""
    if kind == "misdeal":
        return {"ruleset": NAME, "penalties": [{"code": code, "seat": 4}]}
    if kind.startswith("varsava"):
        points = {"1": 20, "2": 15, "3": 25, "4": 10}
        hand: dict[str, Any] = {"contract": "varsava", "declarer": 1, "varsava_points": points}
    else:
        hand = {"contract": "prvni", "declarer": 1, "partner": 3, "declarer_points": 41}
    seat = 1 if kind.startswith("varsava") else 2
    return {"ruleset": NAME, **hand, "flek": 1, "penalties": [{"code": code, "seat": seat}]}


PENALTIES = renonc_entries(
    NAME, "cz", "000 Renonc; RULES §7.2",
    phrase("the renonc price of the house rules ({amount})", amount=20),
    word(gettext_noop("the game's flek factor (×2 flek, ×4 reflek, ×8 superflek)")), _example,
)  # fmt: skip


def score(hand: Hand, rules: Mapping[str, Any]) -> Settlement:
    """Score a validated hand under the house rules (missing settings take defaults)."""
    rules = resolve(HOUSE_RULES, rules)
    renoncs = renonc_lines(hand.penalties, SEATS, rules["renonc_points"], hand.flek, LEVELS)
    if hand.voided:
        return Settlement(NAME, SEATS, tuple(renoncs))
    if hand.contract is None:  # a standalone ruling
        return Settlement(NAME, SEATS, (adjustment_line(SEATS), *renoncs))
    return Settlement(NAME, SEATS, (*_play_lines(hand, rules), *renoncs))


def _play_lines(hand: Hand, rules: Mapping[str, Any]) -> list[Line]:
    if hand.folded:
        label = phrase(
            "Game (první): folded, the declarer bought the called tarok; nothing is scored"
        )
        return [Line("game", label, zero(SEATS))]
    if hand.contract is Contract.VARSAVA:
        varsava_points = hand.varsava_points
        assert varsava_points is not None  # the reader requires them in a Varšava
        return [loser_line(SEATS, varsava_points, rules["varsava_value"], hand.flek, LEVELS)]
    points = hand.declarer_points
    # A played hand that was not folded: the reader (_check_complete) requires its points.
    assert points is not None
    winner = None if points == 35 else "declarer" if points >= 36 else "opponents"
    return [
        _game_line(hand, rules),
        *_pagat_line(hand),
        *_valat_line(hand),
        *hlaska_lines(hand.hlasky, SEATS, hand.sides, winner, rules),
    ]


def _contract_name(contract: Contract, hand: Hand) -> Phrase:
    name = word(_NAMES[contract])
    if contract is Contract.PREFERANC:
        return phrase("{contract}, {talon}", contract=name, talon=word(TALON[_talon(hand)]))
    if hand.partner is None and contract in (Contract.PRVNI, Contract.DRUHA):
        return phrase("{contract}, tiché sólo", contract=name)
    return name


def _talon(hand: Hand) -> int:
    talon = hand.preferanc_talon
    assert talon is not None  # the reader requires it in a preferanc
    return talon


def _contract_multiplier(contract: Contract, hand: Hand, rules: Mapping[str, Any]) -> Amount:
    if contract is Contract.PREFERANC:
        return rules[_TALON_RULE[_talon(hand)]]
    return rules[f"{contract.value}_multiplier"]


def _game_line(hand: Hand, rules: Mapping[str, Any]) -> Line:
    """The game: base |points − 35|, × the contract's multiplier, × the flek."""
    points, contract = hand.declarer_points, hand.contract
    # A played hand: the reader (_check_complete) has refused one without these.
    assert points is not None and contract is not None
    name = _contract_name(contract, hand)
    if points == 35:
        return Line(
            "game",
            phrase("Game ({contract}): 35:35 is a plichta, base 0", contract=name),
            zero(SEATS),
        )
    base = abs(points - 35)
    parts = [
        phrase("Game ({contract}): |{points}−35|={base}", contract=name, points=points, base=base)
    ]
    multiplier = _contract_multiplier(contract, hand, rules)
    amount: Amount = base
    if multiplier != 1:
        amount = exact(base * multiplier)
        parts.append(
            phrase("×{multiplier} = {amount}", multiplier=exact(multiplier), amount=amount)
        )
    amount = doubled(amount, hand.flek, LEVELS, parts)
    return side_line("game", parts, SEATS, hand.declaring_side, amount if points > 35 else -amount)


def _pagat_line(hand: Hand) -> tuple[Line, ...]:
    """The Pagat (binding): ±10 announced, ±5 silent, × its own flek."""
    pagat = hand.pagat
    if pagat is None:
        return ()
    how: dict[str, Value] = dict(
        seat=seats_text([pagat.holder]), call=called(pagat.announced), result=outcome(pagat.won)
    )
    points = 10 if pagat.announced else 5
    parts = [
        phrase(
            "Pagat ({seat}) {call} (the druhá's obligation), {result}: {points}",
            points=points,
            **how,
        )
        if hand.contract is Contract.DRUHA
        else phrase("Pagat ({seat}) {call}, {result}: {points}", points=points, **how)
    ]
    amount = doubled(points, pagat.level, LEVELS, parts)
    side = hand.sides["declarer" if pagat.holder in hand.declaring_side else "opponents"]
    return (side_line("pagat", parts, SEATS, side, amount if pagat.won else -amount),)


def _valat_line(hand: Hand) -> tuple[Line, ...]:
    """The Valat (binding): +20 announced, +10 silent, −20 failed, × its own flek."""
    valat = hand.valat
    if valat is None:
        return ()
    points = 20 if valat.announced else 10
    parts = [
        phrase(
            "Valat by {side}, {call}, {result}: {points}",
            side=word(SIDE[valat.side]), call=called(valat.announced), result=made(valat.won),
            points=points,
        )
    ]  # fmt: skip
    amount = doubled(points, valat.level, LEVELS, parts)
    return (
        side_line("valat", parts, SEATS, hand.sides[valat.side], amount if valat.won else -amount),
    )


def summary(hand: Mapping[str, Any]) -> Phrase:
    """A recorded hand in one line: ``První 1+3: 41, flek, Pagat, Honéry (3)``."""
    hlasky = [
        series([word(HLASKY[str(each["kind"])].title), f"({each['seat']})"], " ")
        for each in hand.get("hlasky") or ()
        if str(each.get("kind")) in HLASKY
    ]
    level = LEVELS.name(hand["flek"]) if hand.get("flek") else ""
    return hand_summary(hand, level, PENALTIES, contracts=CZECH_CONTRACTS, announced=hlasky)
