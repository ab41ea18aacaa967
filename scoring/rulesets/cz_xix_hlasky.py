"""Revealing announcements, prozrazující hlášky (000 "Vedlejší hlášky"; RULES §3.4).

A hláška counts for the side of the player who announced it, and only if that side won
the game; the Honery family counts for that side even when it lost (000: "mimo Honery, ty
se přičítají vždy"). At a plichta none counts. Not multiplied by the game's flek. A player
announces at most one hláška of each group; the holdings announced must fit one deal.

>>> HLASKY["trulhonery"].points, HLASKY["honery"].groups
(10, ('honours',))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from scoring.cards import Holding, pack_shortfall
from scoring.errors import HandError
from scoring.labels import SIDE, seats_text, side_line
from scoring.reader import JsonObject
from scoring.settlement import Line, Seat, zero
from scoring.words import Value, gettext_noop, phrase, word

__all__ = [
    "HLASKY",
    "HONERY_FAMILY",
    "Hlaska",
    "HlaskaRule",
    "hlaska_lines",
    "read_hlasky",
]

TRUMP_COUNT, HONOURS = gettext_noop("trump count"), gettext_noop("honours")
CARDS_IN_HAND = 12  # after the talon, when hlášky are announced


@dataclass(frozen=True)
class HlaskaRule:
    """One hláška of the table: its name, points, exclusive groups and what it holds."""

    name: str
    points: int
    groups: tuple[str, ...]
    holds: str
    holding: Holding

    @property
    def title(self) -> str:
        """The hláška as players say it: "Královské honéry", not ``kralovske_honery``."""
        return _TITLES[self.name]


_TITLES = {
    "trul": gettext_noop("Trul"),
    "honery": gettext_noop("Honéry"),
    "tarocky": gettext_noop("Taročky"),
    "barvy": gettext_noop("Barvy"),
    "taroky": gettext_noop("Taroky"),
    "kralovske_honery": gettext_noop("Královské honéry"),
    "trulhonery": gettext_noop("Trulhonéry"),
    "barvy_honery": gettext_noop("Barvy a honéry"),
}


_HONERY = Holding(trull=1, kings=2, counters=4)  # 3 Kings + 1 Trul card, or 2 + 2
HLASKY: Mapping[str, HlaskaRule] = MappingProxyType(
    {
        rule.name: rule
        for rule in (
            HlaskaRule("trul", 5, (HONOURS,), "Škýz, Pagat and Mond", Holding(trull=3)),
            HlaskaRule("honery", 5, (HONOURS,), "3 Kings + 1 Trul card, or 2 + 2", _HONERY),
            HlaskaRule("tarocky", 5, (TRUMP_COUNT,), "at least 8 taroks", Holding(8)),
            HlaskaRule("barvy", 5, (TRUMP_COUNT,), "at most 2 taroks", Holding(max_trumps=2)),
            HlaskaRule("taroky", 10, (TRUMP_COUNT,), "at least 10 taroks", Holding(10)),
            HlaskaRule("kralovske_honery", 10, (HONOURS,), "4 Kings", Holding(kings=4)),
            HlaskaRule(
                "trulhonery", 10, (HONOURS,), "Trul and a King", Holding(trull=3, kings=1)
            ),
            HlaskaRule(
                "barvy_honery", 10, (TRUMP_COUNT, HONOURS), "Barvy and Honery",
                Holding(max_trumps=2) & _HONERY,
            ),
        )
    }
)  # fmt: skip
HONERY_FAMILY = frozenset({"honery", "kralovske_honery", "trulhonery", "barvy_honery"})
# House rule honery_always: which hlášky count even for a side that lost.
ALWAYS_COUNTED = MappingProxyType({"family": HONERY_FAMILY, "honery": frozenset({"honery"})})


@dataclass(frozen=True)
class Hlaska:
    """A hláška announced by ``seat``."""

    seat: Seat
    kind: str

    @property
    def rule(self) -> HlaskaRule:
        return HLASKY[self.kind]


def read_hlasky(hand: JsonObject, seats: Sequence[Seat]) -> tuple[Hlaska, ...]:
    """Read ``hlasky``: each ``{"seat", "kind"}``; refuse what no deal allows."""
    announced: list[Hlaska] = []
    for path, entry in hand.objects("hlasky", ("seat", "kind"), ("seat", "kind")):
        hlaska = Hlaska(
            entry.required_int("seat", seats[0], seats[-1]), entry.choice("kind", HLASKY).name
        )
        _check_groups(hlaska, announced, f"{path}.kind")
        announced.append(hlaska)
        _check_deal(announced, f"{path}.kind")
    return tuple(announced)


def _check_groups(hlaska: Hlaska, earlier: list[Hlaska], field: str) -> None:
    for other in earlier:
        shared = set(other.rule.groups) & set(hlaska.rule.groups)
        if other.seat == hlaska.seat and shared:
            raise HandError(
                field,
                phrase(
                    "seat {seat} already announced {kind} of the {group} group (got {announced})",
                    seat=hlaska.seat,
                    kind=repr(other.kind),
                    group=min(shared),
                    announced=repr(hlaska.kind),
                ),
            )


def _check_deal(announced: list[Hlaska], field: str) -> None:
    """Each player's hlášky must fit 12 cards, and all of them one pack."""
    by_seat: dict[Seat, Holding] = {}
    for hlaska in announced:
        held = by_seat.get(hlaska.seat)
        by_seat[hlaska.seat] = hlaska.rule.holding if held is None else held & hlaska.rule.holding
    last = announced[-1]
    why = by_seat[last.seat].impossible(CARDS_IN_HAND)
    if why:
        raise HandError(
            field,
            phrase(
                "seat {seat}'s hlášky {why} (got {kind})",
                seat=last.seat,
                why=why,
                kind=repr(last.kind),
            ),
        )
    why = pack_shortfall(by_seat.values())
    if why:
        raise HandError(
            field,
            phrase(
                "the hlášky announced cannot all be held: {why} (got {kind})",
                why=why,
                kind=repr(last.kind),
            ),
        )


def hlaska_lines(
    hlasky: Sequence[Hlaska],
    seats: Sequence[Seat],
    sides: Mapping[str, tuple[Seat, ...]],
    winner: str | None,
    rules: Mapping[str, Any],
) -> list[Line]:
    """One line a hláška; ``sides`` maps "declarer"/"opponents" to seats, ``winner`` too.

    ``winner`` is ``None`` at a plichta.
    """
    always = ALWAYS_COUNTED[rules["honery_always"]]
    lines = []
    for hlaska in hlasky:
        side = "declarer" if hlaska.seat in sides["declarer"] else "opponents"
        which: dict[str, Value] = dict(
            hlaska=word(hlaska.rule.title),
            seat=seats_text([hlaska.seat]),
            points=hlaska.rule.points,
        )
        if winner is None:
            said = phrase("Hláška {hlaska} ({seat}): {points}, not counted at a plichta", **which)
            lines.append(Line("hlaska", said, zero(seats)))
        elif winner == side:
            said = phrase("Hláška {hlaska} ({seat}): {points}", **which)
            lines.append(side_line("hlaska", [said], seats, sides[side], hlaska.rule.points))
        elif hlaska.kind in always:
            said = phrase(
                "Hláška {hlaska} ({seat}): {points}, counted though its side lost (Honery)", **which
            )
            lines.append(side_line("hlaska", [said], seats, sides[side], hlaska.rule.points))
        else:
            said = phrase(
                "Hláška {hlaska} ({seat}): {points}, not counted: {side} lost",
                side=word(SIDE[side]),
                **which,
            )
            lines.append(Line("hlaska", said, zero(seats)))
    return lines
