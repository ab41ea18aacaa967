"""SPJST values (004 §17, §18, §21, "Items to declare"; RULES §2.4).

A value is a personal item: each of the other three players pays the holder. A player
declares at most one value of the trump-count group and one of the counters group.

>>> declarable_values(9, ["pagat", "mond", "skys", "K-hearts"])
('tarocky', 'trull_pane')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from scoring.cards import TRULL, Card, Holding, pack_need, parse_cards
from scoring.errors import HandError
from scoring.reader import JsonObject
from scoring.settlement import Seat
from scoring.words import gettext_noop, phrase, word

__all__ = [
    "COUNTERS_GROUP",
    "TRUMP_GROUP",
    "VALUES",
    "DeclaredValue",
    "ValueRule",
    "declarable_values",
    "read_values",
]

TRUMP_GROUP = gettext_noop("trump count")
COUNTERS_GROUP = gettext_noop("counters")
_TRUMPS_IN_PACK = 22
# 12 cards each when values are declared: 54 less the 6 of the talon, dealt to four.
CARDS_IN_HAND = 12


@dataclass(frozen=True)
class ValueRule:
    """One value of the table: name, chips, group, and what the hand must hold."""

    name: str
    chips: int
    group: str
    holds: str
    holding: Holding

    @property
    def title(self) -> str:
        """The value as players say it: "Trull pane", not the code ``trull_pane``."""
        return "SPJST" if self.name == "spjst" else self.name.replace("_", " ").capitalize()


VALUES: tuple[ValueRule, ...] = (
    ValueRule("tarocky", 2, TRUMP_GROUP, gettext_noop("8 or 9 trumps"), Holding(8, 9)),
    ValueRule("taroky", 4, TRUMP_GROUP, gettext_noop("10 or more trumps"), Holding(10)),
    ValueRule("beeda", 2, TRUMP_GROUP, gettext_noop("1 or 2 trumps"), Holding(1, 2)),
    ValueRule("uni", 4, TRUMP_GROUP, gettext_noop("no trump"), Holding(0, 0)),
    ValueRule("trull", 2, COUNTERS_GROUP, gettext_noop("Skys, Pagat and Mond"), Holding(trull=3)),
    ValueRule("pane", 2, COUNTERS_GROUP, gettext_noop("any four counters"), Holding(counters=4)),
    ValueRule(
        "trull_pane",
        4,
        COUNTERS_GROUP,
        gettext_noop("the Trull and a King"),
        Holding(trull=3, kings=1),
    ),
    ValueRule("kings", 4, COUNTERS_GROUP, gettext_noop("all four Kings"), Holding(kings=4)),
    ValueRule(
        "rosanne_pane",
        6,
        COUNTERS_GROUP,
        gettext_noop("four Kings and a Trull card"),
        Holding(trull=1, kings=4),
    ),
    ValueRule(
        "spjst", 10, COUNTERS_GROUP, gettext_noop("all seven counters"), Holding(trull=3, kings=4)
    ),
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
        raise HandError(
            "trump_count",
            phrase(
                "must be an integer from 0 to 22 (got {trump_count})", trump_count=repr(trump_count)
            ),
        )
    cards = parse_cards(counters, field="counters")
    for i, card in enumerate(cards):
        if not card.is_counter:
            raise HandError(
                f"counters[{i}]", phrase("not a five-point card (got {card})", card=repr(card.name))
            )
    trull = sum(card in TRULL for card in cards)
    if trull > trump_count:
        raise HandError(
            "trump_count",
            phrase(
                "the hand holds {trull} Trull cards (got {trump_count})",
                trull=trull,
                trump_count=trump_count,
            ),
        )
    kings = len(cards) - trull
    found = [
        rule.name
        for rule in VALUES
        if rule.group == TRUMP_GROUP and rule.holding.held_by(trump_count, 0, 0)
    ]
    best = next(
        (
            r
            for r in _BEST_FIRST
            if r.group == COUNTERS_GROUP and r.holding.held_by(trump_count, trull, kings)
        ),
        None,
    )
    return (*found, *((best.name,) if best else ()))


def read_values(hand: JsonObject, seats: Sequence[Seat]) -> tuple[DeclaredValue, ...]:
    """Read ``values``: each ``{"seat", "value"}``; then check they could all be held."""
    declared: list[DeclaredValue] = []
    held: dict[Seat, Holding] = {}  # what each seat's values so far say it holds
    for path, entry in hand.objects("values", ("seat", "value"), ("seat", "value")):
        seat = entry.required_int("seat", seats[0], seats[-1])
        rule = entry.choice("value", VALUE_RULES)
        value = DeclaredValue(seat, rule.name)
        mine = held.get(seat)
        held[seat] = rule.holding if mine is None else mine & rule.holding
        _check_possible(value, declared, held, f"{path}.value")
        declared.append(value)
    return tuple(declared)


def _check_possible(
    value: DeclaredValue,
    earlier: list[DeclaredValue],
    held: Mapping[Seat, Holding],
    field: str,
) -> None:
    """Reject a value that no deal allows beside the values declared before it.

    ``held`` is what each seat's values, this one included, say it holds.
    """
    mine = [v.rule for v in earlier if v.seat == value.seat]
    for other in mine:
        if other.group == value.rule.group:
            raise HandError(
                field,
                phrase(
                    "seat {seat} already declared {other} of the {group} group (got {value})",
                    seat=value.seat,
                    other=repr(other.name),
                    group=word(other.group),
                    value=repr(value.value),
                ),
            )
    why = held[value.seat].impossible(CARDS_IN_HAND)
    if why:
        *others, last = [repr(r.name) for r in [*mine, value.rule]]
        names = phrase("{names} and {last}", names=", ".join(others), last=last)
        raise HandError(
            field,
            phrase(
                "no hand holds {names} at once (seat {seat}: {why})",
                names=names,
                seat=value.seat,
                why=why,
            ),
        )
    _check_the_pack(held, value.value, field)


def _check_the_pack(held: Mapping[Seat, Holding], last: str, field: str) -> None:
    """The values of all seats together need no more counters or trumps than the pack has.

    A seat declares one value of each group, so its counters are one value's.
    """
    need = pack_need(held.values())
    if need.trull > 3 or need.kings > 4 or need.counters > 7:
        raise HandError(
            field,
            phrase(
                "the values declared need more counters than the pack has (got {last})",
                last=repr(last),
            ),
        )
    if need.trumps > _TRUMPS_IN_PACK:
        raise HandError(
            field,
            phrase("the values declared need more than 22 trumps (got {last})", last=repr(last)),
        )
