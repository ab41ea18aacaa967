"""The two-pack deck of Slovenian Tarok (RULES §5, §1): 108 cards, each with its pack.

Two 54-card packs are told apart by their backs (002 "Karte"), so a card is named with
its pack: ``K-hearts/1``, ``skys/2`` (the card names of :mod:`scoring.cards`, then ``/``
and the pack). The same card may be taken twice, once from each pack; the deck counts in
threes to 140, and the two sides' piles together make the whole deck.

>>> DeckCard.parse("pagat/2"), len(DECK)
(DeckCard('I/2'), 108)
>>> count_deck_points(["K-hearts/1", "K-hearts/2", "7-clubs/1"])
9
>>> check_sides(["skys/1"], [card.name for card in DECK if card.name != "skys/1"])
SidesCheck(both=(), missing=())
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import NamedTuple

from scoring.cards import PACK, Card, count_points
from scoring.errors import DuplicateCard, HandError, UnknownCard, quote
from scoring.words import phrase

__all__ = [
    "DECK",
    "DECK_POINTS",
    "PACKS",
    "DeckCard",
    "SidesCheck",
    "check_sides",
    "count_deck_points",
    "deck_side_points",
    "parse_deck",
    "twin_taking_the_trick",
]

PACKS = (1, 2)
DECK_POINTS = 140  # 108 cards: Σvalues 212, less 2 for each of the 36 threes


@dataclass(frozen=True, order=True)
class DeckCard:
    """One card of the two-pack deck: the card, and the pack (1 or 2) it comes from."""

    card: Card
    pack: int

    @property
    def name(self) -> str:
        return f"{self.card.name}/{self.pack}"

    @property
    def label(self) -> str:
        """The card as its face reads; the picker's group names the suit and the pack."""
        return self.card.label

    @property
    def is_counter(self) -> bool:
        """A five-point card: a King, the Pagat, the Mond or the Škis."""
        return self.card.is_counter

    @classmethod
    def parse(cls, name: object, field: str = "card") -> DeckCard:
        """Read ``card/pack`` (the card as :meth:`Card.parse` reads it); the pack is required."""
        text, _, pack = name.rpartition("/") if isinstance(name, str) else ("", "", "")
        if not text or pack.strip() not in ("1", "2"):
            raise UnknownCard(
                field,
                phrase(
                    "name the card and its pack, e.g. 'K-hearts/1' or 'K-hearts/2' (got {name})",
                    name=quote(name),
                ),
            )
        try:
            card = Card.parse(text, field)
        except UnknownCard:
            raise UnknownCard(
                field, phrase("not a card of the tarock pack (got {name})", name=quote(name))
            ) from None
        return cls(card, int(pack))

    def __repr__(self) -> str:
        return f"DeckCard({self.name!r})"

    def __str__(self) -> str:
        return self.name


DECK: tuple[DeckCard, ...] = tuple(DeckCard(card, pack) for pack in PACKS for card in PACK)


def parse_deck(cards: Iterable[DeckCard | str], *, field: str = "cards") -> list[DeckCard]:
    """Read a list of deck cards; the same card of the same pack given twice is an error."""
    if isinstance(cards, str | bytes) or not isinstance(cards, Iterable):
        raise HandError(
            field, phrase("must be a list of card names (got {cards})", cards=quote(cards))
        )
    parsed: list[DeckCard] = []
    seen: set[DeckCard] = set()
    for i, name in enumerate(cards):
        card = name if isinstance(name, DeckCard) else DeckCard.parse(name, f"{field}[{i}]")
        if card in seen:
            raise DuplicateCard(
                f"{field}[{i}]",
                phrase("{card} is given twice (got {name})", card=repr(card.name), name=repr(name)),
            )
        seen.add(card)
        parsed.append(card)
    return parsed


def count_deck_points(cards: Iterable[DeckCard | str], *, field: str = "cards") -> int:
    """A pile's points counted in threes (RULES §1); the two piles of a deal total 140."""
    return count_points([card.card for card in parse_deck(cards, field=field)], "threes", packs=2)


def deck_side_points(
    cards: Iterable[DeckCard | str], *, declaring: bool, field: str = "cards"
) -> int:
    """The declaring side's points from one side's pile (the opponents' leave it the rest).

    >>> deck_side_points([], declaring=False)
    140
    """
    points = count_deck_points(cards, field=field)
    return points if declaring else DECK_POINTS - points


class SidesCheck(NamedTuple):
    """How two sides' piles fail to make the whole deck once: cards in both, in neither."""

    both: tuple[DeckCard, ...]
    missing: tuple[DeckCard, ...]


def check_sides(
    mine: Iterable[DeckCard | str], theirs: Iterable[DeckCard | str], *, field: str = "cards"
) -> SidesCheck:
    """The cards given for both sides, and the cards of the deck given for neither.

    Both empty means the two piles are the whole deck, once (and then total 140).
    """
    one = parse_deck(mine, field=field)
    other = set(parse_deck(theirs, field=f"other_{field}"))
    both = tuple(card for card in one if card in other)
    given = other.union(one)
    return SidesCheck(both, tuple(card for card in DECK if card not in given))


def twin_taking_the_trick(led: DeckCard, one: DeckCard, other: DeckCard) -> DeckCard:
    """Of two equal cards in one trick, the one of the led card's pack (002 "Igranje").

    Nothing to score, but whoever enters tricks needs it (RULES §5.3):

    >>> led = DeckCard.parse("7-clubs/2")
    >>> twin_taking_the_trick(led, DeckCard.parse("XXI/1"), DeckCard.parse("XXI/2"))
    DeckCard('XXI/2')
    """
    if one.card != other.card or one.pack == other.pack:
        raise ValueError(f"{one} and {other} are not the same card of the two packs")
    return one if one.pack == led.pack else other
