"""The card counter of the hand forms (RULES §1): tap the cards a side took, get its points.

The judge ticks the cards one side took (the declaring side's, or the opponents'); the
points are counted with `scoring.cards.count_points`, face value for SPJST (106 in the
pack), in threes for the Czech rulesets (70). Ticking the other side's cards as well checks
the count: together the two sides hold the whole pack, and their points its total. With
two packs (Slovenian Tarok) each card is ticked with its pack (`K-hearts/2`,
`scoring.deck`), counted in threes to 140.
"""

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from django.utils.translation import gettext as _

from scoring import HandError, count_points
from scoring.cards import PACK, Card, total_points
from scoring.deck import DECK, DeckCard, count_deck_points

SHOWN = 8  # cards named in a message before "and N more"
# A card the counter reads: one of the pack, or one of the two-pack deck with its pack.
PickedCard = TypeVar("PickedCard", Card, DeckCard)


@dataclass(frozen=True)
class CardCount:
    """What the counter shows: the ticked side's points, the rest of the pack's, the check.

    ``side`` is whose cards were ticked ("declarer" or "opponents"); ``rest`` the points of
    every card not ticked; ``other_points`` the points of the other side's cards when those
    were ticked too (``None`` otherwise), and ``problem`` why the two sides do not agree.
    """

    method: str
    total: int
    side: str
    cards: int
    points: int
    rest: int
    other_cards: int = 0
    other_points: int | None = None
    problem: str | None = None

    @property
    def declarer_points(self) -> int:
        return self.points if self.side == "declarer" else self.rest

    @property
    def opponents_points(self) -> int:
        return self.rest if self.side == "declarer" else self.points

    @property
    def together(self) -> int | None:
        return None if self.other_points is None else self.points + self.other_points


def count_cards(
    cards: Iterable[str], other: Iterable[str], *, side: str, method: str, packs: int = 1
) -> CardCount | None:
    """Count the ticked cards (and check them against the other side's); None if unreadable."""
    if packs == 2:
        return _count(cards, other, side, method, packs, DeckCard.parse, DECK, count_deck_points)
    return _count(
        cards, other, side, method, packs, Card.parse, PACK, lambda pile: count_points(pile, method)
    )


def _count(
    cards: Iterable[str],
    other: Iterable[str],
    side: str,
    method: str,
    packs: int,
    parse: Callable[[str], PickedCard],
    deck: Sequence[PickedCard],
    count: Callable[[list[PickedCard]], int],
) -> CardCount | None:
    """:func:`count_cards` with the pack's (or the deck's) cards, reader and counting."""
    try:
        mine = [parse(name) for name in cards or ()]
        theirs = [parse(name) for name in other or ()]
    except HandError:
        return None  # the card fields show which name is wrong
    total = total_points(method, packs)
    points = count(mine)
    rest = count([card for card in deck if card not in mine])
    counted = CardCount(method, total, side, len(mine), points, rest)
    if not theirs:
        return counted
    other_points = count(theirs)
    return CardCount(
        method, total, side, len(mine), points, rest, len(theirs), other_points,
        _problem(mine, theirs, points + other_points, total, deck),
    )  # fmt: skip


def _problem(
    mine: Sequence[PickedCard],
    theirs: Sequence[PickedCard],
    together: int,
    total: int,
    deck: Sequence[PickedCard],
) -> str | None:
    """Why the two sides' cards are not the whole pack (or deck) once, or None when they are."""
    both = [card for card in mine if card in theirs]
    if both:
        return _("Ticked for both sides: %(cards)s.") % {"cards": _names(both)}
    missing = [card for card in deck if card not in mine and card not in theirs]
    if not missing and together == total:
        return None
    message = _("The two sides count %(together)s points together; the pack has %(total)s.") % {
        "together": together,
        "total": total,
    }
    if missing:
        message += " " + _("Not ticked on either side: %(cards)s.") % {"cards": _names(missing)}
    return message


def _names(cards: Sequence[Card | DeckCard]) -> str:
    names = ", ".join(card.name for card in cards[:SHOWN])
    if len(cards) > SHOWN:
        names += " " + _("and %(n)s more") % {"n": len(cards) - SHOWN}
    return names
