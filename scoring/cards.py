"""The 54-card tarock pack, card names as a judge types them, and counting card points.

The pack (RULES §1) has 22 trumps, ``I`` (the Pagat) to ``XXI`` (the Mond) and the
unnumbered Skys, and four suits of eight cards. Red suits run K Q C J 4 3 2 1, black suits
K Q C J 10 9 8 7; C is the rider (kaval).

>>> Card.parse("Pagat"), Card.parse("k-Hearts"), Card.parse("A-diamonds")
(Card('I'), Card('K-hearts'), Card('1-diamonds'))
>>> count_points(["skys", "mond", "K-clubs"], "face"), count_points(["skys", "7-spades"], "threes")
(15, 5)
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import NamedTuple

from scoring.errors import DuplicateCard, HandError, UnknownCard, quote
from scoring.words import Phrase, gettext_noop, phrase

SKYS_LABEL = gettext_noop("Skys")  # the 22nd trump: Škýz in Czech, Škis in Slovenian

__all__ = [
    "COUNTERS",
    "PACK",
    "TRULL",
    "Card",
    "CountingMethod",
    "Holding",
    "PackNeed",
    "Suit",
    "count_points",
    "declaring_side_points",
    "pack_need",
    "pack_shortfall",
    "parse_cards",
    "total_points",
]


class Suit(enum.Enum):
    """The four plain suits; trumps have no suit."""

    HEARTS = "hearts"
    DIAMONDS = "diamonds"
    CLUBS = "clubs"
    SPADES = "spades"

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)


class CountingMethod(enum.StrEnum):
    """How card points are counted (RULES §1)."""

    FACE = "face"  # SPJST: the sum of the card values, 106 in the pack
    THREES = "threes"  # Czech and Slovenian: in groups of three, 70 in the pack


_ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII",
          "XIV", "XV", "XVI", "XVII", "XVIII", "XIX", "XX", "XXI")  # fmt: skip
_RED_RANKS = ("K", "Q", "C", "J", "4", "3", "2", "1")
_BLACK_RANKS = ("K", "Q", "C", "J", "10", "9", "8", "7")
_RANK_VALUES = {"K": 5, "Q": 4, "C": 3, "J": 2}


@dataclass(frozen=True, order=True)
class Card:
    """One card of the pack. ``index`` orders the pack: trumps I..XXI, Skys, then suits."""

    index: int
    name: str
    value: int
    suit: Suit | None
    rank: str

    @property
    def is_trump(self) -> bool:
        return self.suit is None

    @property
    def label(self) -> str:
        """The card as its face reads, within its suit's group: "K", "10", "XXI", "Skys"
        (translated where shown: Škýz, Škis)."""
        return SKYS_LABEL if self.rank == "XXII" else self.rank

    @property
    def is_counter(self) -> bool:
        """One of the seven five-point cards: the Trull and the Kings."""
        return self.value == 5

    @classmethod
    def parse(cls, name: object, field: str = "card") -> Card:
        """Read a card name (case-insensitive, with the usual aliases); see the module doc."""
        card = _BY_NAME.get(name.strip().lower()) if isinstance(name, str) else None
        if card is None:
            raise UnknownCard(
                field, phrase("not a card of the tarock pack (got {name})", name=quote(name))
            )
        return card

    def __repr__(self) -> str:
        return f"Card({self.name!r})"

    def __str__(self) -> str:
        return self.name


def _build_pack() -> tuple[Card, ...]:
    cards = [Card(i, roman, 1, None, roman) for i, roman in enumerate(_ROMAN)]
    cards.append(Card(21, "skys", 5, None, "XXII"))
    cards[0] = Card(0, "I", 5, None, "I")
    cards[20] = Card(20, "XXI", 5, None, "XXI")
    for suit in Suit:
        for rank in _RED_RANKS if suit.is_red else _BLACK_RANKS:
            cards.append(
                Card(len(cards), f"{rank}-{suit.value}", _RANK_VALUES.get(rank, 1), suit, rank)
            )
    return tuple(cards)


def _build_names(pack: tuple[Card, ...]) -> dict[str, Card]:
    names = {card.name.lower(): card for card in pack}
    for alias, roman in {"pagat": "i", "mond": "xxi"}.items():
        names[alias] = names[roman]
    for alias in ("xxii", "skis", "škýz", "skyz"):
        names[alias] = names["skys"]
    for card in pack:
        if card.suit is None:  # the aliases below name suit cards
            continue
        if card.rank == "C":
            names[f"r-{card.suit.value}"] = card
        if card.rank == "1":
            names[f"a-{card.suit.value}"] = card
    return names


PACK: tuple[Card, ...] = _build_pack()
_BY_NAME: dict[str, Card] = _build_names(PACK)
TRULL: frozenset[Card] = frozenset({PACK[0], PACK[20], PACK[21]})
COUNTERS: frozenset[Card] = frozenset(card for card in PACK if card.is_counter)

_PACK_TOTALS = {CountingMethod.FACE: 106, CountingMethod.THREES: 70}


def _method(method: str) -> CountingMethod:
    try:
        return CountingMethod(method)
    except ValueError:
        raise HandError(
            "method", phrase("must be 'face' or 'threes' (got {method})", method=repr(method))
        ) from None


def parse_cards(cards: Iterable[Card | str], *, packs: int = 1, field: str = "cards") -> list[Card]:
    """Read a list of cards; a card given more often than there are packs is an error."""
    if isinstance(cards, str | bytes) or not isinstance(cards, Iterable):
        raise HandError(
            field, phrase("must be a list of card names (got {cards})", cards=quote(cards))
        )
    parsed: list[Card] = []
    seen: Counter[Card] = Counter()
    for i, name in enumerate(cards):
        card = name if isinstance(name, Card) else Card.parse(name, f"{field}[{i}]")
        seen[card] += 1
        if seen[card] > packs:
            raise DuplicateCard(
                f"{field}[{i}]",
                phrase("{card} is given twice (got {name})", card=repr(card.name), name=repr(name)),
            )
        parsed.append(card)
    return parsed


def count_points(
    cards: Iterable[Card | str], method: str, *, packs: int = 1, field: str = "cards"
) -> int:
    """Card points of a pile: ``"face"`` sums the values; ``"threes"`` counts in threes.

    Threes: Σvalues − 2·⌊n/3⌋ − (1 if n mod 3 ≠ 0), so the two piles of a deal total 70.
    """
    how = _method(method)
    parsed = parse_cards(cards, packs=packs, field=field)
    points = sum(card.value for card in parsed)
    if how is CountingMethod.THREES:
        whole, rest = divmod(len(parsed), 3)
        points -= 2 * whole + (1 if rest else 0)
    return points


def total_points(method: str, packs: int = 1) -> int:
    """Points in the whole deal: face 106, threes 70 (140 with two packs)."""
    return _PACK_TOTALS[_method(method)] * packs


def declaring_side_points(
    cards: Iterable[Card | str],
    method: str,
    *,
    declaring: bool,
    packs: int = 1,
    field: str = "cards",
) -> int:
    """The declaring side's points from the cards of one side.

    ``declaring`` says whose cards they are: the declaring side's own, or the opponents'
    (then the declaring side has the rest of the deal's points).

    >>> declaring_side_points(["skys", "mond", "pagat"], "face", declaring=False)
    91
    """
    points = count_points(cards, method, packs=packs, field=field)
    return points if declaring else total_points(method, packs) - points


@dataclass(frozen=True)
class Holding:
    """What a declaration says one hand holds: bounds on its trumps, and counters.

    ``trull`` and ``kings`` are the Trull cards and the Kings it holds at least;
    ``counters`` the five-point cards of either kind at least. Trull cards are trumps.
    ``a & b`` is a hand holding both.

    >>> honery, barvy = Holding(trull=1, kings=2, counters=4), Holding(max_trumps=2)
    >>> (honery & barvy).impossible(12), str((Holding(trull=3) & barvy).impossible(12))
    (None, 'needs at least 3 trumps and at most 2')
    """

    min_trumps: int = 0
    max_trumps: int = 22
    trull: int = 0
    kings: int = 0
    counters: int = 0

    def __and__(self, other: Holding) -> Holding:
        return Holding(
            max(self.min_trumps, other.min_trumps),
            min(self.max_trumps, other.max_trumps),
            max(self.trull, other.trull),
            max(self.kings, other.kings),
            max(self.counters, other.counters),
        )

    @property
    def least_trumps(self) -> int:
        return max(self.min_trumps, self.trull)

    @property
    def least_counters(self) -> int:
        return max(self.counters, self.trull + self.kings)

    def held_by(self, trumps: int, trull: int, kings: int) -> bool:
        """Whether a hand with ``trumps`` trumps, ``trull`` of them Trull cards, and
        ``kings`` Kings holds this."""
        return (
            self.least_trumps <= trumps <= self.max_trumps
            and trull >= self.trull
            and kings >= self.kings
            and trull + kings >= self.least_counters
        )

    def impossible(self, cards: int) -> Phrase | None:
        """Why no hand of ``cards`` cards holds this (``None`` when one can)."""
        if self.least_trumps > self.max_trumps:
            return phrase(
                "needs at least {least} trumps and at most {most}",
                least=self.least_trumps,
                most=self.max_trumps,
            )
        trull_room = min(len(TRULL), self.max_trumps)
        kings = max(self.kings, self.least_counters - trull_room)
        if self.trull > trull_room or kings > 4:
            return phrase("needs more counters than one hand can hold")
        if self.least_trumps + kings > cards:
            return phrase(
                "needs {trumps} trumps and {kings} Kings in {cards} cards",
                trumps=self.least_trumps,
                kings=kings,
                cards=cards,
            )
        return None


class PackNeed(NamedTuple):
    """What the hands of one deal need of the pack together, at least."""

    trumps: int
    trull: int
    kings: int
    counters: int  # five-point cards of either kind


def pack_need(holdings: Iterable[Holding]) -> PackNeed:
    """The sums over the hands of one deal (one holding a player).

    >>> pack_need([Holding(10), Holding(trull=3, kings=1)])
    PackNeed(trumps=13, trull=3, kings=1, counters=4)
    """
    trumps = trull = kings = counters = 0
    for holding in holdings:
        trumps += holding.least_trumps
        trull += holding.trull
        kings += holding.kings
        counters += holding.least_counters
    return PackNeed(trumps, trull, kings, counters)


def pack_shortfall(holdings: Iterable[Holding]) -> Phrase | None:
    """Why the hands of one deal (one holding a player) cannot all be held, else ``None``."""
    need = pack_need(holdings)
    if need.trumps > 22:
        return phrase("they need {trumps} trumps, and the pack has 22", trumps=need.trumps)
    if need.trull > len(TRULL) or need.kings > 4:
        return phrase("they need more Trull cards or Kings than the pack has")
    if need.counters > len(COUNTERS):
        return phrase(
            "they need {counters} five-point cards, and the pack has 7", counters=need.counters
        )
    return None
