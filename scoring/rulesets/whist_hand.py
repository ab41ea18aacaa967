"""The input of a whist hand (RULES §6.1, seed 003), and its validation.

The partnership variants (standard, cayenne, grand, flying duck) give the tricks of the
two sides, N–S (seats 1 and 3) and E–W (seats 2 and 4); hussar and three players give each
seat's own tricks. Whatever the variant, 13 tricks are played.

>>> hand = Hand.from_json({"variant": "standard", "tricks": {"NS": 9, "EW": 4},
...                        "honours": {"side": "EW", "count": 4}})
>>> hand
<whist.Hand standard NS 9 EW 4, honours EW 4>
>>> hand.seats, hand.parties
((1, 2, 3, 4), {'NS': (1, 3), 'EW': (2, 4)})
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from scoring.labels import hand_text
from scoring.reader import JsonObject
from scoring.settlement import Seat
from scoring.words import gettext_noop, phrase, series, word

__all__ = [
    "ALONE",
    "NAME",
    "PARTNERSHIP",
    "SIDES",
    "TRICKS",
    "Hand",
    "Honours",
    "Variant",
    "table_seats",
]

NAME = "whist"
TRICKS = 13
SIDES: Mapping[str, tuple[Seat, ...]] = MappingProxyType({"NS": (1, 3), "EW": (2, 4)})
# The two sides as a page names them, in the reader's language (Czech S–J and V–Z).
SIDE_NAMES = {"NS": word(gettext_noop("N–S")), "EW": word(gettext_noop("E–W"))}


class Variant(enum.Enum):
    """The variants RULES §6.1 scores (003 "Varianty hry" names the touren ones)."""

    STANDARD = "standard"
    CAYENNE = "cayenne"
    GRAND = "grand"
    THREE_PLAYER = "three_player"
    HUSSAR = "hussar"
    FLYING_DUCK = "flying_duck"


VARIANTS = MappingProxyType({v.value: v for v in Variant})
PARTNERSHIP = frozenset({Variant.STANDARD, Variant.CAYENNE, Variant.GRAND, Variant.FLYING_DUCK})
ALONE = frozenset({Variant.THREE_PLAYER, Variant.HUSSAR})
# RULES §6.1 Decision: honours belong to the partnership variants and to hussar.
NO_HONOURS = frozenset({Variant.THREE_PLAYER, Variant.FLYING_DUCK})
_HAND_FIELDS = frozenset(
    {"ruleset", "variant", "tricks", "honours", "cayenne_accepted", "penalties"}
)


def table_seats(hand: Hand | Mapping[str, Any]) -> tuple[Seat, ...]:
    """The seats of a hand's table: 1..3 for three players, else 1..4 (a Hand or its JSON)."""
    variant = hand.get("variant") if isinstance(hand, Mapping) else hand.variant.value
    return (1, 2, 3) if variant == Variant.THREE_PLAYER.value else (1, 2, 3, 4)


@dataclass(frozen=True)
class Honours:
    """Who held the honours (a side, ``"NS"``/``"EW"``, or a hussar's seat) and how many.

    ``count`` is of A K Q J 10 of trumps, or of the aces in grand.
    """

    holder: str | Seat
    count: int


@dataclass(frozen=True)
class Hand:
    """One whist hand; read it with :meth:`from_json`.

    ``tricks`` is keyed by side (``"NS"``, ``"EW"``) in the partnership variants and by
    seat in hussar and three players; it always totals 13.
    """

    variant: Variant
    tricks: Mapping[str | Seat, int]
    honours: Honours | None = None
    cayenne_accepted: bool = False

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Hand:
        """Read and validate a hand's JSON object; raises :class:`HandError` at the first fault."""
        return _read_hand(data)

    @property
    def seats(self) -> tuple[Seat, ...]:
        """The seats that play this variant."""
        return table_seats(self)

    @property
    def parties(self) -> dict[str, tuple[Seat, ...]]:
        """Who scores together: the two sides, or each seat alone (keyed ``"1"``, ``"2"``…)."""
        if self.variant in PARTNERSHIP:
            return dict(SIDES)
        return {str(seat): (seat,) for seat in self.seats}

    def party_tricks(self) -> dict[str, int]:
        """Each party's tricks, keyed as :attr:`parties`."""
        return {str(key): count for key, count in self.tricks.items()}

    def __repr__(self) -> str:
        tricks = " ".join(f"{key} {count}" for key, count in self.tricks.items())
        honours = self.honours and f"honours {self.honours.holder} {self.honours.count}"
        return hand_text(
            NAME, f"{self.variant.value} {tricks}", honours,
            self.cayenne_accepted and "trump kept",
        )  # fmt: skip


def _read_hand(data: Mapping[str, Any]) -> Hand:
    hand = JsonObject(data, "", _HAND_FIELDS)
    hand.choice("ruleset", {NAME: NAME})
    hand.absent("penalties", phrase("whist has no penalties (RULES §7)"))
    hand.require("variant")
    variant = hand.choice("variant", VARIANTS)
    hand.require("tricks", phrase("is required: the tricks each side (or seat) took, 13 in all"))
    tricks = _read_tricks(hand, variant)
    if variant is not Variant.CAYENNE:
        hand.absent(
            "cayenne_accepted",
            phrase(
                "only a cayenne keeps the dealer's trump (not {variant})",
                variant=repr(variant.value),
            ),
        )
    return Hand(variant, tricks, _read_honours(hand, variant), hand.bool("cayenne_accepted"))


def _read_tricks(hand: JsonObject, variant: Variant) -> Mapping[str | Seat, int]:
    tricks: dict[str | Seat, int]
    if variant in ALONE:
        seats = table_seats({"variant": variant.value})
        by_seat = hand.seat_map("tricks", seats, 0, TRICKS) or {}
        tricks = {seat: count for seat, count in by_seat.items()}
    else:
        sides = JsonObject(hand.raw("tricks"), "tricks", SIDES)
        for side in SIDES:
            sides.require(side, phrase("is required: the tricks of N–S and of E–W"))
        tricks = {side: sides.required_int(side, 0, TRICKS) for side in SIDES}
    total = sum(tricks.values())
    if total != TRICKS:
        # Each count by its side's or seat's name as the form labels it (N–S, S–J), not a key.
        shown = series(
            [
                series([SIDE_NAMES.get(str(key)) or phrase("seat {seat}", seat=key), count], ": ")
                for key, count in tricks.items()
            ],
            ", ",
        )
        if variant in ALONE:
            raise hand.error(
                "tricks",
                phrase(
                    "must total {tricks}, one count a seat (got {shown} = {total})",
                    tricks=TRICKS,
                    shown=shown,
                    total=total,
                ),
            )
        raise hand.error(
            "tricks",
            phrase(
                "must total {tricks}, one count a side (got {shown} = {total})",
                tricks=TRICKS,
                shown=shown,
                total=total,
            ),
        )
    return MappingProxyType(tricks)


def _read_honours(hand: JsonObject, variant: Variant) -> Honours | None:
    if variant in NO_HONOURS:
        hand.absent(
            "honours",
            phrase("{variant} scores no honours (RULES §6.1)", variant=repr(variant.value)),
        )
        return None
    holder_field = "seat" if variant is Variant.HUSSAR else "side"
    honours = hand.object("honours", (holder_field, "count"))
    if honours is None:
        return None
    for name in (holder_field, "count"):
        honours.require(name)
    if variant is Variant.HUSSAR:
        holder: str | Seat | None = honours.int("seat", 1, 4)
    else:
        holder = honours.choice("side", {side: side for side in SIDES})
    # Grand has no trumps: its honours are the four aces.
    count = honours.int("count", 0, 4 if variant is Variant.GRAND else 5)
    return Honours(holder, count)  # type: ignore[arg-type]  # both required above
