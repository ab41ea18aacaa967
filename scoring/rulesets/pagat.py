"""The Pagat and the Valat: one value object each for every ruleset, read the same way,
and checked against the rest of a hand.

A ruleset differs only in the JSON field that holds the doubling level (``challenge`` at
SPJST, ``flek`` in Czech), given by its :class:`~scoring.levels.Levels`.

RULES §0.4: the engine never scores an impossible hand. The Pagat (trump I) is one card
held by one seat, so a hand is impossible when

* the declarations (SPJST values, Czech hlášky) say another seat holds it (the Trull,
  Škýz–Pagat–Mond, is declared only by its holder), or say its holder holds no trump;
* its side is said to have taken the last trick while the other side took every trick.

>>> from scoring.cards import Holding
>>> check_pagat_holder(2, [("values[0]", 3, "trull", Holding(trull=3))])
Traceback (most recent call last):
...
scoring.errors.HandError: pagat.holder: values[0] says seat 3 holds the Pagat ('trull') (got 2)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from scoring.cards import Holding
from scoring.errors import HandError
from scoring.levels import Levels
from scoring.reader import JsonObject
from scoring.settlement import Seat
from scoring.words import phrase

__all__ = [
    "Declaration",
    "Pagat",
    "Valat",
    "check_pagat_and_valat",
    "check_pagat_holder",
    "read_pagat",
    "read_valat",
]

# (path, seat, name, what it says the seat holds), e.g. ("hlasky[1]", 3, "trul", …)
Declaration = tuple[str, Seat, str, Holding]
_TRULL = 3  # Škýz, Pagat and Mond: a holding with all three holds the Pagat


@dataclass(frozen=True)
class Pagat:
    """The Pagat (trump I), entered when announced or played in the last trick."""

    holder: Seat
    announced: bool = False
    won: bool = False
    level: int = 0  # its own kontra or flek, on an announced Pagat


@dataclass(frozen=True)
class Valat:
    """Every trick to ``side`` ("declarer" or "opponents"), or an announced try that failed."""

    side: str = "declarer"
    announced: bool = False
    won: bool = False
    level: int = 0  # its own flek, where the ruleset doubles the Valat apart from the game


SIDES: Mapping[str, str] = {"declarer": "declarer", "opponents": "opponents"}


def read_pagat(
    hand: JsonObject, seats: tuple[Seat, Seat], levels: Levels, *, announced: bool = False
) -> Pagat | None:
    """Read the hand's ``pagat`` object; ``announced`` makes it announced (a druhá's
    obligation).

    A doubling level needs an announced Pagat: nobody doubles what was not said.
    """
    pagat = hand.object("pagat", ("holder", "announced", "won", levels.field))
    if pagat is None:
        return None
    holder = pagat.required_int("holder", *seats)
    # An omitted boolean is false (RULES §0.4), but a druhá's Pagat is announced with the
    # bid (RULES §3.2): omitted there, it is announced; false is the ruleset's to refuse.
    said = pagat.bool("announced") if pagat.has("announced") else announced
    won = pagat.bool("won")
    level = pagat.int(levels.field, 0, levels.top, 0)
    if level and not said:
        raise pagat.error(
            levels.field,
            phrase(
                "a {field} needs an announced Pagat (got {level})", field=levels.field, level=level
            ),
        )
    return Pagat(holder, said, won, level)


def read_valat(
    hand: JsonObject,
    levels: Levels = Levels.NONE,
    *,
    sides: bool = True,
    name: str = "Valat",
    made: str = "won",
) -> Valat | None:
    """Read the hand's ``valat`` object: its side (when either side can take every trick),
    whether it was announced and won, and its own level (when ``levels`` has any).

    A silent Valat is only ever entered as made: a failed one did not happen.
    """
    fields = ("side", "announced", "won") if sides else ("announced", "won")
    valat = hand.object("valat", (*fields, levels.field) if levels.top else fields)
    if valat is None:
        return None
    if sides:
        valat.require("side")
    side = valat.choice("side", SIDES) if sides else "declarer"
    announced, won = valat.bool("announced"), valat.bool("won")
    level = valat.int(levels.field, 0, levels.top, 0) if levels.top else 0
    if not announced and not won:
        raise valat.error(
            "won",
            phrase(
                "an unannounced {name} can only be entered as {made} (got false)",
                name=name,
                made=made,
            ),
        )
    if level and not announced:
        raise valat.error(
            levels.field,
            phrase(
                "a {field} needs an announced {name} (got {level})",
                field=levels.field,
                name=name,
                level=level,
            ),
        )
    return Valat(side, announced, won, level)


def check_pagat_holder(holder: Seat, declarations: Iterable[Declaration]) -> None:
    """Refuse a Pagat holder that the declarations contradict, naming ``pagat.holder``."""
    for where, seat, name, holding in declarations:
        if seat != holder and holding.trull >= _TRULL:
            raise HandError(
                "pagat.holder",
                phrase(
                    "{where} says seat {seat} holds the Pagat ({name}) (got {holder})",
                    where=where,
                    seat=seat,
                    name=repr(name),
                    holder=holder,
                ),
            )
        if seat == holder and holding.max_trumps == 0:
            raise HandError(
                "pagat.holder",
                phrase(
                    "{where} says seat {seat} holds no trump ({name}), and the Pagat is one (got {holder})",
                    where=where,
                    seat=seat,
                    name=repr(name),
                    holder=holder,
                ),
            )


def check_pagat_and_valat(
    pagat: Pagat | None, valat: Valat | None, declaring_side: Sequence[Seat]
) -> None:
    """Refuse a Pagat won in the last trick by a side that took no trick (the other made
    the Valat), naming ``pagat.won``."""
    if not (valat and valat.won and pagat and pagat.won and declaring_side):
        return
    holder_side = "declarer" if pagat.holder in declaring_side else "opponents"
    if holder_side != valat.side:
        raise HandError(
            "pagat.won", phrase("the other side took every trick, see valat (got true)")
        )
