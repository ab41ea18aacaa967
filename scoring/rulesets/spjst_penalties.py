"""SPJST penalties (004 §22, §23, §30, §31; RULES §7.1): reading, checking and scoring them.

A penalty is recorded as ``{"code": "spjst.renege", "seat": 2}`` plus its parameters
(``value`` for an illegal declaration, ``rightful`` for the wrong Povinost). Its texts and
examples are in :mod:`scoring.rulesets.spjst_catalogue`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from scoring.errors import HandError
from scoring.labels import seats_text
from scoring.reader import JsonObject, describe
from scoring.rulesets.spjst_catalogue import PENALTIES
from scoring.rulesets.spjst_values import VALUE_RULES
from scoring.settlement import (
    Deltas,
    Line,
    Seat,
    settle_personal_item,
    shift_to_offenders,
    zero,
)
from scoring.words import Phrase, gettext_noop, phrase, series, word

__all__ = [
    "EFFECTS",
    "Effect",
    "Penalty",
    "adjustment_lines",
    "check_adjustment",
    "check_penalties",
    "effect_of",
    "penalty_lines",
]


@dataclass(frozen=True)
class Effect:
    """What a penalty code does to a hand.

    ``chips``: the offender pays this to each other player. ``offender_rule``: 004 §30's
    rule on the game, Pagat and Valat. ``voids``: nothing else of the hand is scored.
    ``once``: at most once in a hand. ``params``: extra input fields. ``note``: label text.
    """

    chips: int = 0
    offender_rule: bool = False
    voids: bool = False
    once: bool = False
    params: tuple[str, ...] = ()
    note: str = ""


_RULING = Effect(note=gettext_noop("a ruling, no chips"))
EFFECTS: Mapping[str, Effect] = MappingProxyType(
    {
        "spjst.misdeal": Effect(2, voids=True, once=True, note=gettext_noop("the hand is void")),
        "spjst.misdeal_after_play": Effect(
            once=True, note=gettext_noop("the hand stands, no chips")
        ),
        "spjst.discard_irregularity": Effect(2, offender_rule=True),
        "spjst.renege": Effect(2, offender_rule=True),
        "spjst.wrong_card_count": Effect(2, offender_rule=True),
        "spjst.discard_counter": Effect(5),
        "spjst.illegal_declaration": Effect(
            2, params=("value",), note=gettext_noop("the value is void")
        ),
        "spjst.valat_call_voided": Effect(
            once=True, note=gettext_noop("the Valat call is void, no chips")
        ),
        "spjst.wrong_trump_called": Effect(
            5, voids=True, once=True, note=gettext_noop("the hand is void, values returned")
        ),
        "spjst.wrong_trump_unnoticed": Effect(5, once=True),
        "spjst.wrong_povinost": Effect(2, once=True, params=("rightful",)),
        "spjst.pagat_called_not_held": Effect(2),
        "spjst.exposed_card": _RULING,
        "spjst.improper_cut": _RULING,
        "spjst.wrong_table": _RULING,
    }
)
_TITLES = {entry.code: entry.title for entry in PENALTIES}
_RENEGE_AS_MISDEAL = Effect(2, voids=True, note=gettext_noop("as a misdeal: the hand is void"))

# A standalone adjustment (penalties only, RULES §7.1) has no game, Pagat, Valat or values:
# these codes act on them, so they need the scored hand. The offender-rule codes are found
# through their effect, because house rule renege_penalty decides the renege's.
_NEEDS_THE_HAND: Mapping[str, Phrase] = MappingProxyType(
    {
        "spjst.valat_call_voided": phrase("it voids the hand's failed announced Valat"),
        "spjst.wrong_trump_unnoticed": phrase(
            "it goes with the spjst.wrong_trump_called that voids the hand (record both)"
        ),
    }
)
_OFFENDER_RULE_REASON = phrase(
    "the offender rule acts on its game, Pagat and Valat; record it on that hand"
)
_RENEGE_HINT = phrase("(a renege stands alone only under renege_penalty = 'misdeal')")
# Standing alone, an illegal declaration has no declared value to void: just the 2 chips.
_ADJUSTMENT_NOTES: Mapping[str, str] = MappingProxyType(
    {
        "spjst.illegal_declaration": gettext_noop(
            "no value voided here (record it on its hand to return the value's chips)"
        ),
    }
)


@dataclass(frozen=True)
class Penalty:
    """A penalty of §7.1 against ``seat``; ``value``/``rightful`` where the code takes one."""

    code: str
    seat: Seat
    value: str | None = None
    rightful: Seat | None = None

    def __str__(self) -> str:
        return str(self.said)

    @property
    def said(self) -> Phrase:
        """The penalty as a line names it: its title, the offender, its parameter."""
        title, seat = word(_TITLES.get(self.code, self.code)), seats_text([self.seat])
        if self.value:
            value = VALUE_RULES[self.value].title if self.value in VALUE_RULES else self.value
            return phrase(
                "{penalty} ({seat}, value {value})", penalty=title, seat=seat, value=value
            )
        if self.rightful:
            return phrase(
                "{penalty} ({seat}, rightful declarer {rightful})",
                penalty=title,
                seat=seat,
                rightful=self.rightful,
            )
        return phrase("{penalty} ({seat})", penalty=title, seat=seat)


def effect_of(code: str, rules: Mapping[str, Any]) -> Effect:
    """The effect of a code under the house rules (``renege_penalty`` may make it a misdeal)."""
    if code == "spjst.renege" and rules.get("renege_penalty") == "misdeal":
        return _RENEGE_AS_MISDEAL
    return EFFECTS[code]


def read_penalties(hand: JsonObject, seats: Sequence[Seat]) -> tuple[Penalty, ...]:
    """Read ``penalties``: each needs ``code`` and ``seat`` and exactly the code's params."""
    return tuple(_read_penalty(path, item, seats) for path, item in hand.list("penalties"))


def _read_penalty(path: str, item: object, seats: Sequence[Seat]) -> Penalty:
    code = item.get("code") if isinstance(item, Mapping) else None
    if isinstance(item, Mapping) and code is None:
        raise HandError(f"{path}.code", phrase("is required"))
    if isinstance(item, Mapping) and (not isinstance(code, str) or code not in EFFECTS):
        codes = ", ".join(EFFECTS)
        raise HandError(
            f"{path}.code",
            phrase(
                "unknown penalty code {code} (known: {codes})", code=describe(code), codes=codes
            ),
        )
    params = EFFECTS[code].params if isinstance(code, str) and code in EFFECTS else ()
    entry = JsonObject(item, path, ("code", "seat", *params))
    # JsonObject has refused an item that is no object, the checks above an unknown code.
    assert isinstance(code, str)
    for name in ("seat", *params):
        entry.require(name, phrase("is required by {code}", code=code))
    low, high = seats[0], seats[-1]
    seat = entry.required_int("seat", low, high)
    rule = entry.choice("value", VALUE_RULES) if "value" in params else None
    rightful = entry.required_int("rightful", low, high) if "rightful" in params else None
    return Penalty(code, seat, rule.name if rule else None, rightful)


def voiding_penalty(penalties: Sequence[Penalty]) -> Penalty | None:
    """The first penalty that always voids the hand (a misdeal, a wrong trump called)."""
    return next((p for p in penalties if EFFECTS[p.code].voids), None)


def check_penalties(hand: Any) -> None:
    """Check each penalty against the rest of the hand; the first problem is raised."""
    seen: set[str] = set()
    for i, penalty in enumerate(hand.penalties):
        path = f"penalties[{i}]"
        if EFFECTS[penalty.code].once and penalty.code in seen:
            raise HandError(
                f"{path}.code", phrase("{code} can be recorded once in a hand", code=penalty.code)
            )
        seen.add(penalty.code)
        check = _CHECKS.get(penalty.code)
        if check:
            check(hand, i, path)


def _check_illegal_declaration(hand: Any, i: int, path: str) -> None:
    penalty = hand.penalties[i]
    if penalty in hand.penalties[:i]:
        raise HandError(
            f"{path}.value",
            phrase(
                "this declaration is already penalised (got {penalty})", penalty=repr(penalty.value)
            ),
        )
    # A standalone adjustment has no values: the penalty is the 2 chips alone.
    if hand.is_adjustment:
        return
    if not any(v.seat == penalty.seat and v.value == penalty.value for v in hand.values):
        raise HandError(
            f"{path}.value",
            phrase(
                "seat {seat} did not declare it (got {penalty})",
                seat=penalty.seat,
                penalty=repr(penalty.value),
            ),
        )


def _check_valat_call_voided(hand: Any, i: int, path: str) -> None:
    if hand.valat is None or not hand.valat.announced or hand.valat.won:
        raise HandError(f"{path}.code", phrase("needs an announced Valat that failed (see valat)"))


def _check_wrong_trump_called(hand: Any, i: int, path: str) -> None:
    penalty = hand.penalties[i]
    if hand.contract is not None and hand.contract.value != "povinost":
        raise HandError(
            f"{path}.code",
            phrase(
                "only a Povinost calls a trump (got {contract})", contract=repr(hand.contract.value)
            ),
        )
    if hand.declarer is not None and penalty.seat != hand.declarer:
        raise HandError(
            f"{path}.seat",
            phrase(
                "must be the declarer {declarer} (got {seat})",
                declarer=hand.declarer,
                seat=penalty.seat,
            ),
        )


def _check_wrong_trump_unnoticed(hand: Any, i: int, path: str) -> None:
    penalty = hand.penalties[i]
    bidder = next((p.seat for p in hand.penalties if p.code == "spjst.wrong_trump_called"), None)
    if bidder is None:
        raise HandError(f"{path}.code", phrase("goes with a spjst.wrong_trump_called penalty"))
    if penalty.seat == bidder:
        raise HandError(
            f"{path}.seat",
            phrase(
                "must not be the bidder {bidder} (got {seat})", bidder=bidder, seat=penalty.seat
            ),
        )


def _check_wrong_povinost(hand: Any, i: int, path: str) -> None:
    penalty = hand.penalties[i]
    if penalty.rightful == penalty.seat:
        raise HandError(
            f"{path}.rightful",
            phrase("must differ from the seat (got {rightful})", rightful=penalty.rightful),
        )


def _check_pagat_called_not_held(hand: Any, i: int, path: str) -> None:
    penalty = hand.penalties[i]
    if hand.pagat is not None and hand.pagat.holder == penalty.seat:
        raise HandError(
            f"{path}.seat", phrase("must not be the Pagat's holder (got {seat})", seat=penalty.seat)
        )


_CHECKS = {
    "spjst.illegal_declaration": _check_illegal_declaration,
    "spjst.valat_call_voided": _check_valat_call_voided,
    "spjst.wrong_trump_called": _check_wrong_trump_called,
    "spjst.wrong_trump_unnoticed": _check_wrong_trump_unnoticed,
    "spjst.wrong_povinost": _check_wrong_povinost,
    "spjst.pagat_called_not_held": _check_pagat_called_not_held,
}


def check_adjustment(penalties: Sequence[Penalty], rules: Mapping[str, Any] | None = None) -> None:
    """Refuse a penalty that cannot stand alone as an adjustment: it needs the scored hand.

    A hand is read without its house rules (``rules`` None), so a renege passes there:
    under ``renege_penalty = "misdeal"`` it voids the hand like a misdeal and needs no game.
    Scoring checks again with the rules.
    """
    for i, penalty in enumerate(penalties):
        reason = _needs_the_hand(penalty.code, rules)
        if reason:
            raise HandError(
                f"penalties[{i}].code", phrase("needs the scored hand: {reason}", reason=reason)
            )


def _needs_the_hand(code: str, rules: Mapping[str, Any] | None) -> Phrase | None:
    """Why ``code`` cannot stand alone under ``rules``, or None when it can."""
    if code in _NEEDS_THE_HAND:
        return _NEEDS_THE_HAND[code]
    if code == "spjst.renege" and rules is None:
        return None
    if effect_of(code, rules or {}).offender_rule:
        if code == "spjst.renege":
            return series([_OFFENDER_RULE_REASON, _RENEGE_HINT], " ")
        return _OFFENDER_RULE_REASON
    return None


def adjustment_lines(
    penalties: Sequence[Penalty], rules: Mapping[str, Any], seats: Sequence[Seat]
) -> list[Line]:
    """A standalone adjustment's lines: a zero line saying so, then each penalty's own line.

    Only the penalties' own payments move; call :func:`check_adjustment` first.
    """
    header = Line(
        "adjustment",
        phrase("Standalone adjustment: outside any scored hand, only the penalties' own payments"),
        zero(seats),
    )
    lines = [header]
    for penalty in penalties:
        effect = effect_of(penalty.code, rules)
        note = _ADJUSTMENT_NOTES.get(penalty.code)
        lines.append(_own_line(penalty, replace(effect, note=note) if note else effect, seats))
    return lines


def penalty_lines(
    penalties: Sequence[Penalty],
    rules: Mapping[str, Any],
    items: Sequence[Line],
    seats: Sequence[Seat],
) -> list[Line]:
    """Each penalty's own line, then its offender-rule changes to the side ``items``."""
    lines: list[Line] = []
    offenders: list[Seat] = []
    for penalty in penalties:
        effect = effect_of(penalty.code, rules)
        lines.append(_own_line(penalty, effect, seats))
        if effect.offender_rule and items:
            before, offenders = offenders, [*offenders, penalty.seat]
            lines.extend(_offender_lines(penalty, items, before, offenders))
    return lines


def _own_line(penalty: Penalty, effect: Effect, seats: Sequence[Seat]) -> Line:
    if penalty.code == "spjst.wrong_povinost":
        return _wrong_povinost_line(penalty, effect.chips, seats)
    parts = [phrase("{chips} to each", chips=effect.chips)] if effect.chips else []
    parts += [word(effect.note)] if effect.note else []
    deltas = (
        settle_personal_item(seats, penalty.seat, -effect.chips) if effect.chips else zero(seats)
    )
    return Line(
        "penalty", phrase("{penalty}: {what}", penalty=penalty.said, what=series(parts)), deltas
    )


def _wrong_povinost_line(penalty: Penalty, chips: int, seats: Sequence[Seat]) -> Line:
    # The code that scores this line has the rightful declarer among its params.
    assert penalty.rightful is not None
    payers = (penalty.seat, penalty.rightful)
    others = [s for s in seats if s not in payers]
    deltas = zero(seats)
    for seat in others:
        deltas += settle_personal_item(seats, seat, chips, payers=payers)
    said = phrase(
        "{penalty}: each pays {chips} to {seats}",
        penalty=penalty.said,
        chips=chips,
        seats=seats_text(others),
    )
    return Line("penalty", said, deltas)


def _offender_lines(
    penalty: Penalty, items: Sequence[Line], before: list[Seat], after: list[Seat]
) -> Iterator[Line]:
    for item in items:
        was, now = shift_to_offenders(item.deltas, before), shift_to_offenders(item.deltas, after)
        change = now - was
        if change:
            how = _offender_words(item.deltas, now, penalty.seat)
            said = phrase(
                "{penalty}, {item}: {how}",
                penalty=penalty.said,
                item=word(_ITEMS.get(item.item, item.item)),
                how=how,
            )
            yield Line("penalty", said, change)


_ITEMS = {
    "game": gettext_noop("the game"),
    "pagat": gettext_noop("the Pagat"),
    "valat": gettext_noop("the Valat"),
}


def _offender_words(item: Deltas, now: Deltas, seat: Seat) -> Phrase:
    if item[seat] < 0:
        return phrase("also pays the partners' losses: {chips} in all", chips=-now[seat])
    if now[seat] < 0:
        return phrase("collects nothing and pays the partners' winnings: {chips}", chips=-now[seat])
    return phrase("collects nothing")
