"""SPJST values (004 §17, §18, §21, "Items to declare"; RULES §2.4).

A value is a personal item: each of the other three players pays the holder. A player
declares at most one value of the trump-count group and one of the counters group.

>>> declarable_values(9, ["pagat", "mond", "skys", "K-hearts"])
('tarocky', 'trull_pane')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from scoring.cards import TRULL, Card, parse_cards
from scoring.errors import HandError
from scoring.reader import JsonObject
from scoring.settlement import Seat

__all__ = [
    "COUNTERS_GROUP",
    "TRUMP_GROUP",
    "VALUES",
    "DeclaredValue",
    "ValueRule",
    "declarable_values",
    "read_values",
]

TRUMP_GROUP = "trump count"
COUNTERS_GROUP = "counters"
_TRUMPS_IN_PACK = 22


@dataclass(frozen=True)
class ValueRule:
    """One value of the table: name, chips, group, and what the hand must hold.

    ``min_trumps``/``max_trumps`` bound the holder's trumps; ``trull_cards`` and ``kings``
    are counters of that kind it must hold, ``any_counters`` counters of either kind.
    """

    name: str
    chips: int
    group: str
    holds: str
    min_trumps: int = 0
    max_trumps: int = _TRUMPS_IN_PACK
    trull_cards: int = 0
    kings: int = 0
    any_counters: int = 0

    def satisfied_by(self, trumps: int, trull_cards: int, kings: int) -> bool:
        """Whether a hand with these trumps and counters holds this value."""
        needed = self.trull_cards + self.kings + self.any_counters
        return (
            self.min_trumps <= trumps <= self.max_trumps
            and trull_cards >= self.trull_cards
            and kings >= self.kings
            and trull_cards + kings >= needed
        )


VALUES: tuple[ValueRule, ...] = (
    ValueRule("tarocky", 2, TRUMP_GROUP, "8 or 9 trumps", 8, 9),
    ValueRule("taroky", 4, TRUMP_GROUP, "10 or more trumps", 10),
    ValueRule("beeda", 2, TRUMP_GROUP, "1 or 2 trumps", 1, 2),
    ValueRule("uni", 4, TRUMP_GROUP, "no trump", 0, 0),
    ValueRule("trull", 2, COUNTERS_GROUP, "Skys, Pagat and Mond", 3, trull_cards=3),
    ValueRule("pane", 2, COUNTERS_GROUP, "any four counters", any_counters=4),
    ValueRule("trull_pane", 4, COUNTERS_GROUP, "the Trull and a King", 3, trull_cards=3, kings=1),
    ValueRule("kings", 4, COUNTERS_GROUP, "all four Kings", kings=4),
    ValueRule(
        "rosanne_pane", 6, COUNTERS_GROUP, "four Kings and a Trull card", 1, trull_cards=1, kings=4
    ),
    ValueRule("spjst", 10, COUNTERS_GROUP, "all seven counters", 3, trull_cards=3, kings=4),
)
VALUE_RULES = MappingProxyType({rule.name: rule for rule in VALUES})
_BEST_FIRST = sorted(VALUES, key=lambda rule: -rule.chips)


@dataclass(frozen=True)
class DeclaredValue:
    """A value declared by ``seat`` before the first card."""

    seat: Seat
    value: str

    @property
    def rule(self) -> ValueRule:
        return VALUE_RULES[self.value]


def declarable_values(trump_count: int, counters: Iterable[Card | str]) -> tuple[str, ...]:
    """The values a hand may declare: its trump-count value, then its best counters value.

    ``counters`` are the five-point cards the hand holds, by card name.
    """
    if type(trump_count) is not int or not 0 <= trump_count <= _TRUMPS_IN_PACK:
        raise HandError("trump_count", f"must be an integer from 0 to 22 (got {trump_count!r})")
    cards = parse_cards(counters, field="counters")
    for i, card in enumerate(cards):
        if not card.is_counter:
            raise HandError(f"counters[{i}]", f"not a five-point card (got {card.name!r})")
    trull = sum(card in TRULL for card in cards)
    if trull > trump_count:
        raise HandError("trump_count", f"the hand holds {trull} Trull cards (got {trump_count})")
    kings = len(cards) - trull
    found = [
        rule.name
        for rule in VALUES
        if rule.group == TRUMP_GROUP and rule.satisfied_by(trump_count, 0, 0)
    ]
    best = next(
        (
            r
            for r in _BEST_FIRST
            if r.group == COUNTERS_GROUP and r.satisfied_by(trump_count, trull, kings)
        ),
        None,
    )
    return (*found, *((best.name,) if best else ()))


def read_values(hand: JsonObject, seats: Sequence[Seat]) -> tuple[DeclaredValue, ...]:
    """Read ``values``: each ``{"seat", "value"}``; then check they could all be held."""
    declared: list[DeclaredValue] = []
    for path, item in hand.list("values"):
        entry = JsonObject(item, path, ("seat", "value"))
        entry.require("seat")
        entry.require("value")
        seat = entry.int("seat", seats[0], seats[-1])
        rule = entry.choice("value", VALUE_RULES)
        value = DeclaredValue(seat, rule.name)
        _check_possible(value, declared, f"{path}.value")
        declared.append(value)
    return tuple(declared)


def _check_possible(value: DeclaredValue, earlier: list[DeclaredValue], field: str) -> None:
    """Reject a value that no deal allows beside the values declared before it."""
    mine = [v.rule for v in earlier if v.seat == value.seat]
    for other in mine:
        if other.group == value.rule.group:
            raise HandError(
                field,
                f"seat {value.seat} already declared {other.name!r} of the {other.group} "
                f"group (got {value.value!r})",
            )
    rules = [*mine, value.rule]
    if max(r.min_trumps for r in rules) > min(r.max_trumps for r in rules):
        names = " and ".join(repr(r.name) for r in rules)
        raise HandError(field, f"no hand holds {names} at once (seat {value.seat})")
    _check_the_pack([*earlier, value], field)


def _check_the_pack(declared: list[DeclaredValue], field: str) -> None:
    """The values of all seats together need no more counters or trumps than the pack has."""
    rules = [v.rule for v in declared]
    trull = sum(r.trull_cards for r in rules)
    kings = sum(r.kings for r in rules)
    counters = trull + kings + sum(r.any_counters for r in rules)
    if trull > 3 or kings > 4 or counters > 7:
        raise HandError(
            field,
            f"the values declared need more counters than the pack has "
            f"(got {declared[-1].value!r})",
        )
    trumps: dict[Seat, int] = {}
    for v in declared:
        trumps[v.seat] = max(trumps.get(v.seat, 0), v.rule.min_trumps)
    if sum(trumps.values()) > _TRUMPS_IN_PACK:
        raise HandError(
            field, f"the values declared need more than 22 trumps (got {declared[-1].value!r})"
        )
