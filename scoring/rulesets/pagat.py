"""The Pagat against the rest of a hand, for the rulesets that enter who holds it.

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

from collections.abc import Iterable, Sequence
from typing import Protocol

from scoring.cards import Holding
from scoring.errors import HandError
from scoring.settlement import Seat

__all__ = ["Declaration", "check_pagat_and_valat", "check_pagat_holder"]

# (path, seat, name, what it says the seat holds), e.g. ("hlasky[1]", 3, "trul", …)
Declaration = tuple[str, Seat, str, Holding]
_TRULL = 3  # Škýz, Pagat and Mond: a holding with all three holds the Pagat


# Read-only members: the rulesets' Pagat and Valat are frozen dataclasses.
class _Pagat(Protocol):
    @property
    def holder(self) -> Seat: ...

    @property
    def won(self) -> bool: ...


class _Valat(Protocol):
    @property
    def side(self) -> str: ...

    @property
    def won(self) -> bool: ...


def check_pagat_holder(holder: Seat, declarations: Iterable[Declaration]) -> None:
    """Refuse a Pagat holder that the declarations contradict, naming ``pagat.holder``."""
    for where, seat, name, holding in declarations:
        if seat != holder and holding.trull >= _TRULL:
            raise HandError(
                "pagat.holder",
                f"{where} says seat {seat} holds the Pagat ({name!r}) (got {holder})",
            )
        if seat == holder and holding.max_trumps == 0:
            raise HandError(
                "pagat.holder",
                f"{where} says seat {seat} holds no trump ({name!r}), and the Pagat is one "
                f"(got {holder})",
            )


def check_pagat_and_valat(
    pagat: _Pagat | None, valat: _Valat | None, declaring_side: Sequence[Seat]
) -> None:
    """Refuse a Pagat won in the last trick by a side that took no trick (the other made
    the Valat), naming ``pagat.won``."""
    if not (valat and valat.won and pagat and pagat.won and declaring_side):
        return
    holder_side = "declarer" if pagat.holder in declaring_side else "opponents"
    if holder_side != valat.side:
        raise HandError("pagat.won", "the other side took every trick, see valat (got true)")
