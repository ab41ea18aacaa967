"""The input of a Taroky ve třech hand (RULES §4.1) and its validation (RULES §0.4).

Three players; a fourth at the table (the ``sitter``) sits the hand out as dealer and
pays or receives like the opponents. Seats are 1..3 without a sitter, 1..4 with one.

>>> hand = Hand.from_json({"contract": "druha", "declarer": 1, "sitter": 4,
...                        "declarer_points": 41})
>>> hand, hand.seats, hand.opponents
(<cz_three.Hand druha 1, 41 points, sitter 4>, (1, 2, 3, 4), (2, 3, 4))
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
from scoring.reader import POINT_FIELDS, JsonObject, describe, read_side_points
from scoring.rulesets.cz_renonc import Renonc, check_renoncs, penalties_only, read_renoncs
from scoring.rulesets.cz_three_bonuses import Bonus, read_bonuses
from scoring.rulesets.pagat import Valat, read_valat
from scoring.settlement import Seat
from scoring.words import gettext_noop, phrase

__all__ = ["LEVELS", "NAME", "Contract", "Hand", "Valat", "table_seats"]

NAME = "cz_three"
LEVELS = Levels(
    "flek",
    (
        gettext_noop("flek"),
        gettext_noop("re"),
        gettext_noop("tutti"),
        gettext_noop("the fourth flek"),
    ),
)
WINNING_POINTS, ALL_POINTS = 36, 70
TRICKS = 16  # 48 cards in tricks of three; with a sitter the first six take a talon card
SITTER_TRICKS = 6  # the sitter plays the talon's six cards


class Contract(enum.Enum):
    """První … Pátá (bid up one by one), Sólo, Varšava (001 "Typy her")."""

    PRVNI = "prvni"
    DRUHA = "druha"
    TRETI = "treti"
    CTVRTA = "ctvrta"
    PATA = "pata"
    SOLO = "solo"
    VARSAVA = "varsava"


CONTRACTS = MappingProxyType({c.value: c for c in Contract})
_HAND_FIELDS = frozenset({
    "ruleset", "contract", "declarer", "sitter", *POINT_FIELDS, "flek", "valat", "bonuses",
    "varsava_points", "varsava_tricks", "varsava_flek", "penalties",
})  # fmt: skip
_VARSAVA_FIELDS = ("varsava_points", "varsava_tricks", "varsava_flek")
_UNSET = ("flek", "varsava_flek", "bonuses")  # at their defaults, no game is given


def table_seats(hand: Hand | Mapping[str, Any]) -> tuple[Seat, ...]:
    """The seats of a hand's table: 1..3, or 1..4 with a sitter (a Hand or its JSON)."""
    sitter = hand.get("sitter") if isinstance(hand, Mapping) else hand.sitter
    return (1, 2, 3) if sitter is None else (1, 2, 3, 4)


@dataclass(frozen=True)
class Hand:
    """One hand of Taroky ve třech; read it with :meth:`from_json`.

    The game fields may be ``None`` only in a hand voided by a renonc, or in a standalone
    ruling (renoncs and nothing else but the sitter).
    """

    contract: Contract | None = None
    declarer: Seat | None = None
    sitter: Seat | None = None
    declarer_points: int | None = None
    flek: int = 0
    valat: Valat | None = None
    bonuses: tuple[Bonus, ...] = ()
    varsava_points: Mapping[Seat, int] | None = None
    varsava_tricks: Mapping[Seat, int] | None = None
    varsava_flek: int = 0
    penalties: tuple[Renonc, ...] = ()

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Hand:
        """Read and validate a hand's JSON object; raises :class:`HandError` at the first fault."""
        return _read_hand(data)

    @property
    def seats(self) -> tuple[Seat, ...]:
        return table_seats(self)

    @property
    def opponents(self) -> tuple[Seat, ...]:
        """Every seat but the declarer's: the two opponents and the sitter."""
        return tuple(seat for seat in self.seats if seat != self.declarer)

    @property
    def voided(self) -> bool:
        """Whether a renonc voids the hand (only the renonc payments are scored)."""
        return any(renonc.voids for renonc in self.penalties)

    def __repr__(self) -> str:
        sitter = self.sitter and f"sitter {self.sitter}"
        renoncs = self.penalties and f"{len(self.penalties)} renoncs"
        if self.contract is None:
            return hand_text(NAME, "without a game", sitter, renoncs)
        varsava = self.contract is Contract.VARSAVA
        what = (
            f"points {dict(self.varsava_points or {})}"
            if varsava
            else f"{self.declarer_points} points"
        )
        level = self.varsava_flek if varsava else self.flek
        bonuses = self.bonuses and f"{len(self.bonuses)} bonuses"
        return hand_text(
            NAME, f"{self.contract.value} {self.declarer}, {what}",
            sitter, level and LEVELS.name(level), self.valat and "valat", bonuses, renoncs,
        )  # fmt: skip


def _read_hand(data: Mapping[str, Any]) -> Hand:
    hand = JsonObject(data, "", _HAND_FIELDS)
    hand.choice("ruleset", {NAME: NAME})
    contract = hand.choice("contract", CONTRACTS)
    sitter = hand.int("sitter", 1, 4)
    seats = (1, 2, 3) if sitter is None else (1, 2, 3, 4)
    declarer = _read_declarer(hand, seats, sitter)
    _check_applies(hand, contract, sitter)
    points = read_side_points(hand, "threes")
    valat = _read_valat(hand, points)
    parsed = Hand(
        contract=contract,
        declarer=declarer,
        sitter=sitter,
        declarer_points=points,
        flek=hand.int("flek", 0, 3, 0),
        valat=valat,
        bonuses=read_bonuses(hand, points, bool(valat and valat.won)),
        varsava_points=hand.seat_map("varsava_points", seats, 0, ALL_POINTS),
        varsava_tricks=hand.seat_map("varsava_tricks", seats, 0, TRICKS),
        varsava_flek=hand.int("varsava_flek", 0, 4 if sitter else 3, 0),
        # RULES §7.3: the Czech renonc codes (cz.renonc.*); the catalogue's own spelling
        # (cz_three.renonc.*) stays accepted.
        penalties=read_renoncs(hand, NAME, seats, aliases=("cz",)),
    )
    check_renoncs(
        parsed.penalties,
        contract and contract.value,
        declarer,
        sitter=sitter,
        discarder=declarer,  # only the declarer takes the talon in Taroky ve třech (001)
    )
    if parsed.varsava_points is not None and parsed.varsava_tricks is not None:
        _check_varsava(parsed, parsed.varsava_tricks, parsed.varsava_points)
    if not parsed.voided and not penalties_only(hand, ("sitter",), _UNSET):
        _check_complete(hand, parsed)
    return parsed


def _read_declarer(hand: JsonObject, seats: tuple[Seat, ...], sitter: Seat | None) -> Seat | None:
    declarer = hand.int("declarer", seats[0], seats[-1])
    if declarer is not None and declarer == sitter:
        raise hand.error(
            "declarer", phrase("the sitter sits the hand out (got {declarer})", declarer=declarer)
        )
    return declarer


def _check_applies(hand: JsonObject, contract: Contract | None, sitter: Seat | None) -> None:
    """Fields that the contract does not have must be absent (RULES §0.4)."""
    if contract is Contract.VARSAVA:
        for field in (*POINT_FIELDS, "valat", "bonuses"):
            hand.absent(field, phrase("in Varšava each player plays alone (see varsava_points)"))
        if hand.raw("flek"):
            raise hand.error(
                "flek",
                phrase(
                    "a Varšava's flek is varsava_flek (got {flek})",
                    flek=describe(hand.raw("flek")),
                ),
            )
    elif contract is not None:
        for field in _VARSAVA_FIELDS:
            hand.absent(field, phrase("only a Varšava has it"))
    if sitter is None and hand.raw("varsava_flek") == 4:
        raise hand.error(
            "varsava_flek", phrase("the fourth flek needs a sitter playing the talon (got 4)")
        )


def _read_valat(hand: JsonObject, points: int | None) -> Valat | None:
    valat = read_valat(hand, sides=False, name="Valát", made="made")
    if valat and valat.won and points is not None and points < WINNING_POINTS:
        raise HandError(
            "valat.won",
            phrase(
                "a made Valát wins the game, and the declarer has {points} points (got true)",
                points=points,
            ),
        )
    return valat


def _check_varsava(hand: Hand, tricks: Mapping[Seat, int], points: Mapping[Seat, int]) -> None:
    """Tricks total 16; the sitter takes at most 6; a player has points iff a trick."""
    if sum(tricks.values()) != TRICKS:
        raise HandError(
            "varsava_tricks",
            phrase(
                "must total {tricks} (got {total})",
                tricks=TRICKS,
                total=sum(tricks.values()),
            ),
        )
    if hand.sitter is not None and tricks[hand.sitter] > SITTER_TRICKS:
        raise HandError(
            f"varsava_tricks.{hand.sitter}",
            phrase(
                "the sitter plays six cards, so takes at most six tricks (got {tricks})",
                tricks=tricks[hand.sitter],
            ),
        )
    for seat in hand.seats:
        if (points[seat] == 0) != (tricks[seat] == 0):
            raise HandError(
                f"varsava_points.{seat}",
                phrase(
                    "a player has points exactly when he took a trick ({tricks} tricks, got {points})",
                    tricks=tricks[seat],
                    points=points[seat],
                ),
            )


def _check_complete(hand: JsonObject, parsed: Hand) -> None:
    """A hand that was played needs its contract, declarer and points."""
    for name in ("contract", "declarer"):
        hand.require(
            name, phrase("is required (only a voided hand or a standalone ruling may omit it)")
        )
    if parsed.contract is Contract.VARSAVA:
        for name in ("varsava_points", "varsava_tricks"):
            hand.require(name, phrase("is required in a Varšava: seat → own points and tricks"))
    elif parsed.declarer_points is None:
        raise HandError(
            "declarer_points",
            phrase("is required, or one of {fields}", fields=", ".join(POINT_FIELDS[1:])),
        )
