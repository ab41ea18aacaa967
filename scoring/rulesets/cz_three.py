"""Taroky ve třech, seed 001 — RULES §4 and §7.3.

Three players (a fourth sits out as dealer and pays or receives like the opponents).
The declarer plays alone and wins with 36 of the 70 points; each opponent pays or
receives the game's price × 2^flek. Amounts are the seed's Kč units, exact to the half.

>>> from scoring.house_rules import resolve
>>> hand = Hand.from_json({"contract": "druha", "declarer": 1, "declarer_points": 41,
...                        "bonuses": [{"kind": "trul", "side": "opponents", "won": True}]})
>>> dict(score(hand, resolve(HOUSE_RULES)).deltas)
{1: 2, 2: -1, 3: -1}
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from types import MappingProxyType
from typing import Any

from scoring.house_rules import HouseRule, resolve
from scoring.labels import (
    CZECH_CONTRACTS,
    SIDE,
    called,
    doubled,
    hand_summary,
    made,
    outcome,
    personal_line,
    side_line,
)
from scoring.rulesets.cz_deal import CzechDeal
from scoring.rulesets.cz_renonc import adjustment_line, renonc_lines
from scoring.rulesets.cz_renonc_catalogue import renonc_entries
from scoring.rulesets.cz_three_bonuses import BONUSES, Bonus
from scoring.rulesets.cz_three_hand import LEVELS, NAME, Contract, Hand, table_seats
from scoring.rulesets.cz_varsava import loser_line
from scoring.settlement import Amount, Line, Settlement, exact
from scoring.words import Phrase, gettext_noop, phrase, word

__all__ = [
    "BONUSES",
    "DEAL",
    "DRIVE_TRICKS",
    "FORM",
    "GAME_PRICES",
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

TITLE = gettext_noop("Taroky ve třech")  # translated where shown
# 001: three players; a fourth at the table sits each hand out as dealer (pauzíruje).
TABLE_SIZES: tuple[int, ...] = (3, 4)
ZERO_SUM = True  # Kč paid between the players, the sitter included
SCORES_IN_CHIPS = False  # points: body, točke
SEATS = table_seats  # 1..3, or 1..4 with a sitter: a function of the hand
FORM = "scoring.forms.cz_three.CzThreeHandForm"
TABLE_FIELD: str | None = None  # a sitter, if any, is named by the ruling
SCORE_STEP: int | None = None  # Kč paid: the table's total is checked
RUBBERS = None  # no rubbers: each hand is scored on its own
DRIVE_TRICKS = None  # not played as a drive: no tricks to total
# Only the forehand calls a Varšava (001); at a table of four the dealer sits out.
DEAL = CzechDeal(forehands_own=frozenset({"varsava"}), sits_out_at=4)

GAME_PRICES: Mapping[Contract, Decimal] = MappingProxyType(
    {
        Contract.PRVNI: Decimal(1),
        Contract.DRUHA: Decimal("1.5"),
        Contract.TRETI: Decimal(2),
        Contract.CTVRTA: Decimal("2.5"),
        Contract.PATA: Decimal(3),
        Contract.SOLO: Decimal(4),
    }
)
# (announced, silent): Valát in První–Pátá, Sólo-valát in a Sólo.
VALAT_PRICES = {False: (Decimal(8), Decimal(4)), True: (Decimal(16), Decimal(8))}
VARSAVA_VALUE = NO_TRICK_VALUE = Decimal(2)

HOUSE_RULES: tuple[HouseRule, ...] = (
    HouseRule(
        "renonc_value", Decimal(1), "decimal", minimum=0,
        title=gettext_noop("Renonc: what it costs"),
        help=gettext_noop(
            "What a renonc costs the offender, to each other player, × the flek factor."
        ),
        source="RULES §7.2–§7.3 Decision in the seed's Kč: the Vysočina club's 1 Kč, ×2 per "
        "flek level (= 20 points at 5 h a point)",
    ),
    HouseRule(
        "failed_valat_doubles_bonuses", False, "bool",
        title=gettext_noop("A failed Valát doubles the bonuses too"),
        help=gettext_noop(
            "Bonuses also count double when an announced Valát fails (not only a made one)."
        ),
        source="where RULES §4.2 is silent: 001 \"Při Valátu jsou všechny hlášky dvojnásobné… "
        "Proto je dobré pokusit se valátu zabránit\" (a prevented Valát doubles nothing)",
    ),
)  # fmt: skip
PRESETS: Mapping[str, Mapping[str, Any]] = MappingProxyType(
    {
        "seed": resolve(HOUSE_RULES),
        "vysocina": resolve(HOUSE_RULES, {"renonc_value": Decimal(1)}),
    }
)
# Each preset as a director picks it on the tournament's setup.
PRESET_TITLES: Mapping[str, str] = MappingProxyType(
    {
        "seed": gettext_noop("The seed's price table"),
        "vysocina": gettext_noop("Vysočina club"),
    }
)
PRESET_SOURCES: Mapping[str, str] = MappingProxyType(
    {
        "seed": "Taroky ve třech, seed 001 (price table in Kč), as RULES.md reads it",
        "vysocina": "Vysočina club rules (RULES §7.2): renonc 1 Kč, ×2 per flek level; the "
        "prices as the seed",
    }
)

_NAMES = {
    Contract.PRVNI: gettext_noop("první"),
    Contract.DRUHA: gettext_noop("druhá"),
    Contract.TRETI: gettext_noop("třetí"),
    Contract.CTVRTA: gettext_noop("čtvrtá"),
    Contract.PATA: gettext_noop("pátá"),
    Contract.SOLO: gettext_noop("sólo"),
}
_VALAT, _SOLO_VALAT = gettext_noop("Valát"), gettext_noop("Sólo-valát")
_SOLO, _KILLED = gettext_noop("Sólo"), gettext_noop("killed in its own trick")


def _example(kind: str, code: str) -> dict[str, Any]:
    """The catalogue's example hand for a renonc kind (a misdeal by the sitter-dealer)."""
    if kind == "misdeal":
        return {"ruleset": NAME, "sitter": 4, "penalties": [{"code": code, "seat": 4}]}
    if kind.startswith("varsava"):
        hand: dict[str, Any] = {
            "contract": "varsava", "declarer": 1, "varsava_flek": 1,
            "varsava_points": {"1": 20, "2": 15, "3": 25},
            "varsava_tricks": {"1": 5, "2": 4, "3": 7},
        }  # fmt: skip
    else:
        hand = {"contract": "prvni", "declarer": 1, "declarer_points": 41, "flek": 1}
    # A Varšava's own renoncs are its caller's, and only the declarer discards to the talon.
    seat = 1 if kind.startswith("varsava") or kind == "talon_discard" else 2
    return {"ruleset": NAME, **hand, "penalties": [{"code": code, "seat": seat}]}


PENALTIES = renonc_entries(
    NAME, NAME, "000 Renonc; RULES §7.2, §7.3",
    phrase("the renonc price of the house rules ({amount})", amount="1 Kč"),
    word(gettext_noop("the game's flek factor (×2 per flek level; in a Varšava, its own flek)")),
    _example,
)  # fmt: skip


def score(hand: Hand, rules: Mapping[str, Any]) -> Settlement:
    """Score a validated hand under the house rules (missing settings take defaults)."""
    rules = resolve(HOUSE_RULES, rules)
    seats = hand.seats
    level = hand.varsava_flek if hand.contract is Contract.VARSAVA else hand.flek
    renoncs = renonc_lines(hand.penalties, seats, rules["renonc_value"], level, LEVELS)
    if hand.voided:
        return Settlement(NAME, seats, tuple(renoncs))
    if hand.contract is None:  # a standalone ruling
        return Settlement(NAME, seats, (adjustment_line(seats), *renoncs))
    if hand.contract is Contract.VARSAVA:
        return Settlement(NAME, seats, (*_varsava_lines(hand), *renoncs))
    bonuses = [_bonus_line(hand, bonus, rules) for bonus in hand.bonuses]
    return Settlement(NAME, seats, (_game_line(hand), *bonuses, *renoncs))


def _game_line(hand: Hand) -> Line:
    """The game's price (or the Valát's instead) × 2^flek, from each opponent."""
    contract, declarer, points = hand.contract, hand.declarer, hand.declarer_points
    # A played hand: the reader (_check_complete) has refused one without these.
    assert contract is not None and declarer is not None and points is not None
    name, valat = word(_NAMES[contract]), hand.valat
    if valat is None:
        won = points >= 36
        price = exact(GAME_PRICES[contract])
        said = phrase(
            "Game ({contract}): {result} with {points} points: {price}",
            contract=name, result=outcome(won), points=points, price=price,
        )  # fmt: skip
    else:
        won = valat.won
        announced, silent = VALAT_PRICES[hand.contract is Contract.SOLO]
        price = exact(announced if valat.announced else silent)
        said = phrase(
            "Game ({contract}): {valat} {call}, {result}, instead of the game: {price}",
            contract=name, valat=word(_SOLO_VALAT if contract is Contract.SOLO else _VALAT),
            call=called(valat.announced), result=made(won), price=price,
        )  # fmt: skip
    parts = [said]
    amount = doubled(price, hand.flek, LEVELS, parts)
    return side_line("game", parts, hand.seats, (declarer,), amount if won else -amount)


def _bonus_line(hand: Hand, bonus: Bonus, rules: Mapping[str, Any]) -> Line:
    """A bonus: its price (+ made, − failed or killed), ×2 in a Sólo, ×2 in a Valát."""
    table_price = bonus.rule.price(announced=bonus.announced)
    assert table_price is not None  # the reader refuses a bonus the table prices "—"
    price = exact(table_price)
    result = made(True) if bonus.won else made(False) if bonus.announced else word(_KILLED)
    said = phrase(
        "Bonus {bonus} ({side}) {call}, {result}: {price}",
        bonus=word(bonus.rule.title), side=word(SIDE[bonus.side]), call=called(bonus.announced),
        result=result, price=price,
    )  # fmt: skip
    parts = [said]
    amount: Amount = price
    for doubling in _doublings(hand, rules):
        amount = exact(amount * 2)
        parts.append(phrase("{doubling} ×2 = {amount}", doubling=word(doubling), amount=amount))
    declarer = hand.declarer
    assert declarer is not None  # a bonus is scored only in a played hand
    side = (declarer,) if bonus.side == "declarer" else hand.opponents
    return side_line("bonus", parts, hand.seats, side, amount if bonus.won else -amount)


def _doublings(hand: Hand, rules: Mapping[str, Any]) -> list[str]:
    doublings = [_SOLO] if hand.contract is Contract.SOLO else []
    valat = hand.valat
    if valat and (valat.won or rules["failed_valat_doubles_bonuses"]):
        doublings.append(_VALAT)
    return doublings


def _varsava_lines(hand: Hand) -> list[Line]:
    """The most points pay 2 × the flek factor to each; no trick receives a flat 2."""
    seats, points, tricks = hand.seats, hand.varsava_points, hand.varsava_tricks
    # The reader requires both in a Varšava.
    assert points is not None and tricks is not None
    lines = [loser_line(seats, points, VARSAVA_VALUE, hand.varsava_flek, LEVELS)]
    empty = tuple(seat for seat in seats if tricks[seat] == 0)
    if empty:
        parts = [
            phrase(
                "Varšava, no trick: {amount} from each, not multiplied",
                amount=exact(NO_TRICK_VALUE),
            )
        ]
        lines.append(personal_line("varsava", parts, seats, empty, exact(NO_TRICK_VALUE)))
    return lines


def summary(hand: Mapping[str, Any]) -> Phrase:
    """A recorded hand in one line: ``Druhá 1: 41, tutti`` (a Varšava shows its own flek)."""
    level = hand.get("varsava_flek") or hand.get("flek") or 0
    bonuses = [
        word(BONUSES[str(bonus["kind"])].title)
        for bonus in hand.get("bonuses") or ()
        if str(bonus.get("kind")) in BONUSES
    ]
    return hand_summary(
        hand,
        LEVELS.name(level) if level else "",
        PENALTIES,
        contracts=CZECH_CONTRACTS,
        announced=bonuses,
    )
