"""The announcements (napovedi) of two-pack Tarok (002 tables 3.2, 6.2; RULES §5.2–§5.3).

An announcement belongs to a side. Announced and made: +its value; announced and
failed: −its value; made silently: +half; a silent ultimo whose card was caught in the
last trick: −half; each × 2^its own kontra. A silent announcement is entered only when
made (a caught silent ultimo excepted) and is never doubled.

The ten kinds fall into four groups, each ordered low to high. **Decision** (RULES §5.3):
of one side's entries in a group only the highest counts, whatever the values, announced
or silent — an announced trula with a silent barvna trula counts as the silent barvna
trula alone.

>>> NAPOVEDI["barvna_trula"].value, NAPOVEDI["barvna_trula"].group, NAPOVEDI["kralj_ultimo"].ultimo
(30, 'trula', True)
>>> counted([Napoved("trula", "declarer", True, True), Napoved("barvna_trula", "declarer")])
(False, True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from scoring.errors import HandError
from scoring.levels import Levels
from scoring.reader import JsonObject
from scoring.rulesets.pagat import SIDES
from scoring.words import phrase

__all__ = ["NAPOVEDI", "Napoved", "NapovedRule", "counted", "read_napovedi"]


@dataclass(frozen=True)
class NapovedRule:
    """One kind of announcement: its value, its group and rank there, whether an ultimo."""

    name: str
    title: str
    value: int
    group: str
    rank: int  # higher in the group (dvojni over barvni over plain), whatever the values
    ultimo: bool = False
    called_king: bool = False  # needs a called King: not in the solo contracts
    min_players: int = 4

    def amount(self, *, announced: bool) -> int:
        """The value announced, half silent (every value is even)."""
        return self.value if announced else self.value // 2


NAPOVEDI: Mapping[str, NapovedRule] = MappingProxyType(
    {
        rule.name: rule
        for rule in (
            NapovedRule("kralji", "kralji", 20, "kralji", 0),
            NapovedRule("barvni_kralji", "barvni kralji", 30, "kralji", 1),
            NapovedRule("dvojni_kralji", "dvojni kralji", 40, "kralji", 2),
            NapovedRule("trula", "trula", 20, "trula", 0),
            NapovedRule("barvna_trula", "barvna trula", 30, "trula", 1),
            NapovedRule("dvojna_trula", "dvojna trula", 40, "trula", 2),
            NapovedRule("pagat_ultimo", "pagat ultimo", 50, "pagat_ultimo", 0, ultimo=True),
            NapovedRule(
                "dvojni_pagat_ultimo", "dvojni pagat ultimo", 100, "pagat_ultimo", 1, ultimo=True
            ),
            NapovedRule(
                "kralj_ultimo", "kralj ultimo", 20, "kralj_ultimo", 0, ultimo=True,
                called_king=True,
            ),
            NapovedRule(
                "dvojni_kralj_ultimo", "dvojni kralj ultimo", 20, "kralj_ultimo", 1, ultimo=True,
                called_king=True, min_players=6,
            ),
        )
    }
)  # fmt: skip
# Groups in which the top kind takes every card of its kind: all eight Kings, both Trulas.
_WHOLE_DECK = frozenset({"dvojni_kralji", "dvojna_trula"})


@dataclass(frozen=True)
class Napoved:
    """An announcement entered for a hand: kind, side, announced or silent, made, kontra."""

    kind: str
    side: str
    announced: bool = False
    won: bool = False
    kontra: int = 0

    @property
    def rule(self) -> NapovedRule:
        return NAPOVEDI[self.kind]


def counted(napovedi: Sequence[Napoved]) -> tuple[bool, ...]:
    """For each entry, whether it counts: the highest of its side's entries in its group."""
    top: dict[tuple[str, str], int] = {}
    for napoved in napovedi:
        key = (napoved.side, napoved.rule.group)
        top[key] = max(top.get(key, -1), napoved.rule.rank)
    return tuple(n.rule.rank == top[(n.side, n.rule.group)] for n in napovedi)


def read_napovedi(
    hand: JsonObject, levels: Levels, *, players: int, solo: bool
) -> tuple[Napoved, ...]:
    """Read ``announcements``: each ``{"kind", "side", "announced", "won", "kontra"}``.

    ``solo``: the contract calls no King, so no kralj ultimo.
    """
    napovedi: list[Napoved] = []
    fields = ("kind", "side", "announced", "won", levels.field)
    for path, entry in hand.objects("announcements", fields, ("kind", "side")):
        rule, side = entry.choice("kind", NAPOVEDI), entry.choice("side", SIDES)
        napoved = Napoved(
            rule.name, side, entry.bool("announced"), entry.bool("won"),
            entry.int(levels.field, 0, levels.top, 0) or 0,
        )  # fmt: skip
        _check_entry(entry, napoved, players, solo, levels)
        _check_beside(napoved, napovedi, path)
        napovedi.append(napoved)
    return tuple(napovedi)


def _check_entry(
    entry: JsonObject, napoved: Napoved, players: int, solo: bool, levels: Levels
) -> None:
    rule, kind = napoved.rule, repr(napoved.kind)
    if players < rule.min_players:
        raise entry.error(
            "kind",
            phrase(
                "{kind} exists only with 6 or 8 players (got {players})", kind=kind, players=players
            ),
        )
    if rule.called_king and solo:
        raise entry.error(
            "kind", phrase("{kind} needs a called King, and a solo calls none", kind=kind)
        )
    if rule.called_king and napoved.side != "declarer":
        raise entry.error(
            "side",
            phrase(
                "{kind} is the called King's, won for the declaring side (got 'opponents')",
                kind=kind,
            ),
        )
    if not napoved.announced and napoved.kontra:
        raise entry.error(
            levels.field,
            phrase(
                "a {field} needs an announced {kind} (got {kontra})",
                field=levels.field,
                kind=kind,
                kontra=napoved.kontra,
            ),
        )
    if not napoved.announced and not napoved.won and not rule.ultimo:
        raise entry.error(
            "won",
            phrase(
                "a silent {kind} is entered only when made (got false); only a silent ultimo caught in the last trick is entered as lost",
                kind=kind,
            ),
        )


def _check_beside(napoved: Napoved, earlier: Sequence[Napoved], path: str) -> None:
    """Each kind once a side; what one side made the other cannot have made too."""
    for i, other in enumerate(earlier):
        if other.kind == napoved.kind and other.side == napoved.side:
            raise HandError(
                f"{path}.kind",
                phrase(
                    "{kind} of the {side} is entered", kind=repr(napoved.kind), side=napoved.side
                ),
            )
        if not (other.won and napoved.won) or other.side == napoved.side:
            continue
        if other.rule.ultimo and napoved.rule.ultimo:
            raise HandError(
                f"{path}.won",
                phrase(
                    "one side takes the last trick, and {other} says the {side} did ({kind}) (got true)",
                    other=f"announcements[{i}]",
                    side=other.side,
                    kind=repr(other.kind),
                ),
            )
        pair = {other.kind, napoved.kind}
        if other.rule.group == napoved.rule.group and pair & _WHOLE_DECK:
            raise HandError(
                f"{path}.won",
                phrase(
                    "{other} says the {side} took every card of the kind ({kind}) (got true)",
                    other=f"announcements[{i}]",
                    side=other.side,
                    kind=repr(other.kind),
                ),
            )
