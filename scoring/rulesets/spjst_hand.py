"""The input of an SPJST hand (RULES §2.1) and its validation (RULES §0.4).

>>> hand = Hand.from_json({"contract": "povinost", "declarer": 1, "partner": 3,
...                        "declarer_points": 59})
>>> hand
<spjst.Hand povinost 1 with 3, 59 points>
>>> hand.declaring_side
(1, 3)
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from scoring.errors import HandError
from scoring.labels import hand_text
from scoring.levels import Levels
from scoring.reader import POINT_FIELDS, JsonObject, read_side_points
from scoring.rulesets.pagat import (
    Pagat,
    Valat,
    check_pagat_and_valat,
    check_pagat_holder,
    read_pagat,
    read_valat,
)
from scoring.rulesets.spjst_penalties import (
    Penalty,
    check_adjustment,
    check_penalties,
    read_penalties,
    voiding_penalty,
)
from scoring.rulesets.spjst_values import DeclaredValue, read_values
from scoring.settlement import Seat
from scoring.words import gettext_noop, phrase

__all__ = ["LEVELS", "NAME", "SEATS", "Contract", "Hand", "Pagat", "Valat"]

NAME = "spjst"
SEATS: tuple[Seat, ...] = (1, 2, 3, 4)
LEVELS = Levels(
    "challenge",
    (gettext_noop("Kontra"), gettext_noop("Re"), gettext_noop("Supre"), gettext_noop("Mort")),
)
WINNING_POINTS = 54
ALL_POINTS = 106


class Contract(enum.Enum):
    """Povinost bids with a partner (or alone, holding the called trump); Prever alone."""

    POVINOST = "povinost"
    PREVER = "prever"


CONTRACTS = MappingProxyType({c.value: c for c in Contract})
_HAND_FIELDS = frozenset({
    "contract", "declarer", "partner", "called", "prever_talon", *POINT_FIELDS, "challenge",
    "pagat", "valat", "values", "penalties", "ruleset",
})  # fmt: skip
_SEAT_RANGE = (SEATS[0], SEATS[-1])


@dataclass(frozen=True)
class Hand:
    """One SPJST hand as the judge enters it; read it with :meth:`from_json`.

    Game fields may be ``None`` only in a hand voided by a misdeal or a wrong trump call,
    or in a standalone adjustment: penalties alone, outside any scored hand.
    """

    contract: Contract | None = None
    declarer: Seat | None = None
    partner: Seat | None = None
    called: int | None = None
    prever_talon: int | None = None
    declarer_points: int | None = None
    challenge: int = 0
    pagat: Pagat | None = None
    valat: Valat | None = None
    values: tuple[DeclaredValue, ...] = ()
    penalties: tuple[Penalty, ...] = ()

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Hand:
        """Read and validate a hand's JSON object; raises :class:`HandError` at the first fault.

        The object may name its ruleset (``"ruleset": "spjst"``); house rules are not part
        of a hand (see :func:`scoring.registry.score_hand`).
        """
        return _read_hand(data)

    @property
    def declaring_side(self) -> tuple[Seat, ...]:
        """The declarer and the partner, if any (none in a hand without a declarer)."""
        if self.declarer is None:
            return ()
        return (self.declarer,) if self.partner is None else (self.declarer, self.partner)

    @property
    def is_adjustment(self) -> bool:
        """Penalties with no game field and nothing voiding: a standalone adjustment.

        A field at its default (``challenge`` 0, no ``values``) is not a game field given.
        Whether a renege voids is a house rule, so such a hand is scored as void under
        ``renege_penalty = "misdeal"`` although it reads as an adjustment.
        """
        return bool(self.penalties) and _no_game(self) and voiding_penalty(self.penalties) is None

    def __repr__(self) -> str:
        penalties = f"{len(self.penalties)} penalties"
        if self.is_adjustment:
            return hand_text(NAME, "adjustment", penalties)
        if self.contract is None:
            return hand_text(NAME, "void", penalties)
        partner = f" with {self.partner}" if self.partner else ""
        return hand_text(
            NAME, f"{self.contract.value} {self.declarer}{partner}, {self.declarer_points} points",
            self.challenge and LEVELS.name(self.challenge), self.pagat and "Pagat",
            self.valat and "Valat", self.values and f"{len(self.values)} values",
            self.penalties and penalties,
        )  # fmt: skip


def _read_hand(data: Mapping[str, Any]) -> Hand:
    hand = JsonObject(data, "", _HAND_FIELDS)
    hand.choice("ruleset", {NAME: NAME})
    contract = hand.choice("contract", CONTRACTS)
    declarer = hand.int("declarer", *_SEAT_RANGE)
    points = read_side_points(hand, "face")
    pagat = read_pagat(hand, _SEAT_RANGE, LEVELS)
    parsed = Hand(
        contract=contract,
        declarer=declarer,
        partner=_read_partner(hand, contract, declarer),
        called=_read_called(hand, contract),
        prever_talon=_read_talon(hand, contract),
        declarer_points=points,
        challenge=hand.int(LEVELS.field, 0, LEVELS.top, 0),
        pagat=pagat,
        valat=_read_valat(hand, points),
        values=read_values(hand, SEATS),
        penalties=read_penalties(hand, SEATS),
    )
    _check_pagat(parsed)
    if parsed.is_adjustment:
        # Before the per-code checks, so that the refusal says the code needs the hand.
        check_adjustment(parsed.penalties)
    check_penalties(parsed)
    if voiding_penalty(parsed.penalties) is None and not parsed.is_adjustment:
        _check_complete(hand, parsed)
    return parsed


def _check_pagat(hand: Hand) -> None:
    """The Pagat against the values declared and the Valat (shared with cz_xix)."""
    if hand.pagat is None:
        return
    if hand.declarer is not None:
        check_pagat_and_valat(hand.pagat, hand.valat, hand.declaring_side)
    # A void hand scores neither its Pagat nor its values: they are not judged.
    if voiding_penalty(hand.penalties) is None:
        check_pagat_holder(
            hand.pagat.holder,
            ((f"values[{i}]", v.seat, v.value, v.rule.holding) for i, v in enumerate(hand.values)),
        )


def _no_game(hand: Hand) -> bool:
    """Whether no game field was given (the reader has put defaults for the absent ones)."""
    return (
        hand.contract is None
        and hand.declarer is None
        and hand.partner is None
        and hand.called is None
        and hand.prever_talon is None
        and hand.declarer_points is None
        and hand.challenge == 0
        and hand.pagat is None
        and hand.valat is None
        and not hand.values
    )


def _read_partner(
    hand: JsonObject, contract: Contract | None, declarer: Seat | None
) -> Seat | None:
    partner = hand.int("partner", *_SEAT_RANGE)
    if partner is not None and contract is Contract.PREVER:
        raise hand.error(
            "partner",
            phrase("Prever plays alone, without a partner (got {partner})", partner=partner),
        )
    if partner is not None and partner == declarer:
        raise hand.error(
            "partner", phrase("must differ from the declarer (got {partner})", partner=partner)
        )
    return partner


def _read_called(hand: JsonObject, contract: Contract | None) -> int | None:
    if contract is Contract.PREVER:
        hand.absent("called", phrase("Prever calls no trump"))
    return hand.int("called", 15, 19)


def _read_talon(hand: JsonObject, contract: Contract | None) -> int | None:
    if contract is Contract.POVINOST:
        hand.absent("prever_talon", phrase("only a Prever chooses a talon"))
    return hand.int("prever_talon", 1, 3)


def _read_valat(hand: JsonObject, points: int | None) -> Valat | None:
    valat = read_valat(hand)
    if not (valat and valat.won) or points is None:
        return valat
    if (points >= WINNING_POINTS) != (valat.side == "declarer"):
        if valat.side == "declarer":
            raise HandError(
                "valat.side",
                phrase(
                    "a Valat made by the declarer side needs declarer_points 54 or more "
                    "(got {points})",
                    points=points,
                ),
            )
        raise HandError(
            "valat.side",
            phrase(
                "a Valat made by the opponents side needs declarer_points 53 or less "
                "(got {points})",
                points=points,
            ),
        )
    return valat


def _check_complete(hand: JsonObject, parsed: Hand) -> None:
    """A hand that was played needs its contract, declarer and points."""
    for name in ("contract", "declarer"):
        hand.require(
            name,
            phrase("is required (only a void hand or a penalties-only adjustment may omit it)"),
        )
    if parsed.declarer_points is None:
        raise HandError(
            "declarer_points",
            phrase("is required, or one of {fields}", fields=", ".join(POINT_FIELDS[1:])),
        )
    if parsed.contract is Contract.PREVER and parsed.prever_talon is None:
        raise hand.error("prever_talon", phrase("is required in a Prever: 1, 2 or 3"))
