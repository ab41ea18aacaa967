"""Doubling levels: a ruleset's kontra or flek ladder, named once and used everywhere.

A level n doubles an amount n times (×2^n). The names are the game's own words, so the
engine's lines, the judge's form and a hand's one-line summary all read them from here.

>>> FLEK = Levels("flek", ("flek", "reflek", "superflek"))
>>> FLEK.top, FLEK.name(2), FLEK.factor(2)
(3, 'reflek', 4)
>>> FLEK.choices()
((0, 'none'), (1, 'flek ×2'), (2, 'reflek ×4'), (3, 'superflek ×8'))
>>> Levels.NONE.top
0
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

__all__ = ["Levels"]


@dataclass(frozen=True)
class Levels:
    """The named levels above "none", and the hand's JSON field that holds the level."""

    field: str  # "challenge" (SPJST), "flek" (Czech): the same word the judge enters
    names: tuple[str, ...]  # names[0] is level 1

    NONE: ClassVar[Levels]

    @property
    def top(self) -> int:
        """The highest level the ruleset allows."""
        return len(self.names)

    def name(self, level: int) -> str:
        """The level's name; ``"none"`` for level 0."""
        return self.names[level - 1] if level else "none"

    @staticmethod
    def factor(level: int) -> int:
        """What the level multiplies an amount by."""
        return 2**level

    def choices(self) -> tuple[tuple[int, str], ...]:
        """``(level, "name ×factor")`` pairs from 0, for a form's select."""
        named = ((level, f"{self.name(level)} ×{self.factor(level)}") for level in self.above_none)
        return ((0, "none"), *named)

    @property
    def above_none(self) -> range:
        """The levels that double something: 1 … top."""
        return range(1, self.top + 1)


Levels.NONE = Levels("", ())
