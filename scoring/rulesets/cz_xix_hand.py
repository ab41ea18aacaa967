"""The input of a Czech Taroky hand, calling the XIX (RULES §3.1), and its validation.

>>> hand = Hand.from_json({"contract": "prvni", "declarer": 1, "partner": 3,
...                        "declarer_points": 41})
>>> hand
<cz_xix.Hand prvni 1 with 3, 41 points>
>>> hand.sides
{'declarer': (1, 3), 'opponents': (2, 4)}
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
from scoring.rulesets.cz_renonc import Renonc, check_renoncs, penalties_only, read_renoncs
from scoring.rulesets.cz_xix_hlasky import Hlaska, read_hlasky
from scoring.rulesets.pagat import (
    Pagat,
    Valat,
    check_pagat_and_valat,
    check_pagat_holder,
    read_pagat,
    read_valat,
)
from scoring.settlement import Seat
from scoring.words import gettext_noop, phrase

__all__ = ["LEVELS", "NAME", "SEATS", "Contract", "Hand", "Pagat", "Valat"]

NAME = "cz_xix"
SEATS: tuple[Seat, ...] = (1, 2, 3, 4)
LEVELS = Levels("flek", (gettext_noop("flek"), gettext_noop("reflek"), gettext_noop("superflek")))
WINNING_POINTS, ALL_POINTS = 36, 70


class Contract(enum.Enum):
    """The four povinnosti and Varšava (000 "Licitace")."""

    PRVNI = "prvni"
    DRUHA = "druha"
    PREFERANC = "preferanc"
    SOLO = "solo"
    VARSAVA = "varsava"


CONTRACTS = MappingProxyType({c.value: c for c in Contract})
_WITH_PARTNER = frozenset({Contract.PRVNI, Contract.DRUHA})
_HAND_FIELDS = frozenset({
    "ruleset", "contract", "declarer", "partner", "called", "preferanc_talon", "folded",
    *POINT_FIELDS, "flek", "pagat", "valat", "hlasky", "varsava_points", "penalties",
})  # fmt: skip
_NOT_IN_VARSAVA = (*POINT_FIELDS, "pagat", "valat", "hlasky")
_NOT_WHEN_FOLDED = ("partner", *POINT_FIELDS, "pagat", "valat", "hlasky")
_SEAT_RANGE = (SEATS[0], SEATS[-1])
_UNSET = ("flek", "folded", "hlasky")  # at their defaults, no game is given


@dataclass(frozen=True)
class Hand:
    """One hand of Czech Taroky calling the XIX; read it with :meth:`from_json`.

    The game fields may be ``None`` only in a hand voided by a renonc, or in a standalone
    ruling (renoncs and nothing else).
    """

    contract: Contract | None = None
    declarer: Seat | None = None
    partner: Seat | None = None
    called: int | None = None
    preferanc_talon: int | None = None
    folded: bool = False
    declarer_points: int | None = None
    flek: int = 0
    pagat: Pagat | None = None
    valat: Valat | None = None
    hlasky: tuple[Hlaska, ...] = ()
    varsava_points: Mapping[Seat, int] | None = None
    penalties: tuple[Renonc, ...] = ()

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Hand:
        """Read and validate a hand's JSON object; raises :class:`HandError` at the first fault."""
        return _read_hand(data)

    @property
    def declaring_side(self) -> tuple[Seat, ...]:
        """The declarer and the partner, if any (none in a hand without a declarer)."""
        if self.declarer is None:
            return ()
        return (self.declarer,) if self.partner is None else (self.declarer, self.partner)

    @property
    def sides(self) -> dict[str, tuple[Seat, ...]]:
        """``{"declarer": seats, "opponents": seats}``."""
        mine = self.declaring_side
        return {"declarer": mine, "opponents": tuple(s for s in SEATS if s not in mine)}

    @property
    def voided(self) -> bool:
        """Whether a renonc voids the hand (only the renonc payments are scored)."""
        return any(renonc.voids for renonc in self.penalties)

    def __repr__(self) -> str:
        renoncs = self.penalties and f"{len(self.penalties)} renoncs"
        if self.contract is None:
            return hand_text(NAME, "without a game", renoncs)
        partner = f" with {self.partner}" if self.partner else ""
        if self.contract is Contract.VARSAVA:
            what = f"points {dict(self.varsava_points or {})}"
        else:
            what = "folded" if self.folded else f"{self.declarer_points} points"
        return hand_text(
            NAME, f"{self.contract.value} {self.declarer}{partner}, {what}",
            self.flek and LEVELS.name(self.flek), self.pagat and "pagat", self.valat and "valat",
            self.hlasky and f"{len(self.hlasky)} hlášky", renoncs,
        )  # fmt: skip


def _read_hand(data: Mapping[str, Any]) -> Hand:
    hand = JsonObject(data, "", _HAND_FIELDS)
    hand.choice("ruleset", {NAME: NAME})
    contract = hand.choice("contract", CONTRACTS)
    declarer = hand.int("declarer", *_SEAT_RANGE)
    _check_applies(hand, contract)
    parsed = Hand(
        contract=contract,
        declarer=declarer,
        partner=_read_partner(hand, declarer),
        called=hand.int("called", 16, 19),
        preferanc_talon=hand.int("preferanc_talon", 1, 3),
        folded=hand.bool("folded"),
        declarer_points=read_side_points(hand, "threes"),
        flek=hand.int("flek", 0, 3, 0),
        pagat=_read_pagat(hand, contract),
        valat=read_valat(hand, LEVELS),
        hlasky=read_hlasky(hand, SEATS),
        varsava_points=hand.seat_map("varsava_points", SEATS, 0, ALL_POINTS),
        penalties=read_renoncs(hand, "cz", SEATS),
    )
    check_renoncs(parsed.penalties, contract and contract.value, declarer)
    _check_together(parsed)
    if not parsed.voided and not penalties_only(hand, (), _UNSET):
        _check_complete(hand, parsed)
    return parsed


def _check_applies(hand: JsonObject, contract: Contract | None) -> None:
    """Fields that the contract does not have must be absent (RULES §0.4)."""
    if contract is None:
        return
    name = repr(contract.value)
    if contract not in _WITH_PARTNER:
        hand.absent("partner", phrase("a {name} is played alone", name=name))
        hand.absent("called", phrase("nobody calls a tarok in a {name}", name=name))
    if contract is not Contract.PREFERANC:
        hand.absent("preferanc_talon", phrase("only a preferanc chooses a talon"))
    if contract is not Contract.PRVNI and hand.bool("folded"):
        raise hand.error(
            "folded", phrase("only a první can be folded (got true in a {name})", name=name)
        )
    if hand.bool("folded"):
        for field in _NOT_WHEN_FOLDED:
            hand.absent(field, phrase("a folded první is not played"))
    if contract is Contract.VARSAVA:
        for field in _NOT_IN_VARSAVA:
            hand.absent(field, phrase("Varšava has no game points and no hlášky (000)"))
    else:
        hand.absent("varsava_points", phrase("only a Varšava counts each player's points"))


def _read_partner(hand: JsonObject, declarer: Seat | None) -> Seat | None:
    partner = hand.int("partner", *_SEAT_RANGE)
    if partner is not None and partner == declarer:
        raise hand.error(
            "partner", phrase("must differ from the declarer (got {partner})", partner=partner)
        )
    return partner


def _read_pagat(hand: JsonObject, contract: Contract | None) -> Pagat | None:
    druha = contract is Contract.DRUHA  # its Pagat obligation is announced with the bid
    pagat = read_pagat(hand, _SEAT_RANGE, LEVELS, announced=druha)
    if druha and pagat and not pagat.announced:
        raise HandError(
            "pagat.announced", phrase("a druhá's Pagat obligation is announced (got false)")
        )
    return pagat


def _check_together(hand: Hand) -> None:
    """Fields that contradict each other."""
    pagat, valat, points = hand.pagat, hand.valat, hand.declarer_points
    if hand.folded and hand.flek:
        raise HandError("flek", phrase("a folded první is not played (got {flek})", flek=hand.flek))
    if hand.contract is Contract.DRUHA and pagat and pagat.holder != hand.declarer:
        raise HandError(
            "pagat.holder",
            phrase(
                "a druhá's Pagat is the declarer's, {declarer} (got {holder})",
                declarer=str(hand.declarer),
                holder=pagat.holder,
            ),
        )
    if valat and valat.won and points is not None:
        won = points >= WINNING_POINTS if valat.side == "declarer" else points <= 34
        if not won:
            if valat.side == "declarer":
                raise HandError(
                    "valat.side",
                    phrase(
                        "a Valat made by the declarer needs declarer_points 36 or more "
                        "(got {points})",
                        points=points,
                    ),
                )
            raise HandError(
                "valat.side",
                phrase(
                    "a Valat made by the opponents needs declarer_points 34 or less (got {points})",
                    points=points,
                ),
            )
    if hand.declarer is not None:
        check_pagat_and_valat(pagat, valat, hand.declaring_side)
    # A voided hand scores neither its Pagat nor its hlášky (golden case): not judged.
    if pagat and not hand.voided:
        check_pagat_holder(
            pagat.holder,
            ((f"hlasky[{i}]", h.seat, h.kind, h.rule.holding) for i, h in enumerate(hand.hlasky)),
        )


def _check_complete(hand: JsonObject, parsed: Hand) -> None:
    """A hand that was played needs its contract, declarer and points."""
    for name in ("contract", "declarer"):
        hand.require(
            name, phrase("is required (only a voided hand or a standalone ruling may omit it)")
        )
    contract = parsed.contract
    if contract is Contract.VARSAVA:
        _check_varsava_total(parsed.varsava_points, hand)
    elif parsed.declarer_points is None and not parsed.folded:
        raise HandError(
            "declarer_points",
            phrase("is required, or one of {fields}", fields=", ".join(POINT_FIELDS[1:])),
        )
    if contract is Contract.PREFERANC:
        hand.require("preferanc_talon", phrase("is required in a preferanc: 1, 2 or 3"))
    if contract is Contract.DRUHA:
        hand.require("pagat", phrase("is required in a druhá: the declarer's Pagat obligation"))


def _check_varsava_total(points: Mapping[Seat, int] | None, hand: JsonObject) -> None:
    if points is None:
        raise hand.error("varsava_points", phrase("is required in a Varšava: seat → own points"))
    total = sum(points.values())
    if not 69 <= total <= 71:
        raise hand.error(
            "varsava_points",
            phrase("four piles counted apart total 69 to 71 (got {total})", total=total),
        )
