"""The two-pack deck (RULES §5, §1): each card with its pack, counted in threes to 140."""

import pytest

from scoring.deck import (
    DECK,
    DeckCard,
    check_sides,
    count_deck_points,
    deck_side_points,
    twin_taking_the_trick,
)
from scoring.errors import DuplicateCard, HandError, UnknownCard


def test_the_deck_has_108_cards_each_once_per_pack():
    assert len(DECK) == len(set(DECK)) == 108
    assert {card.pack for card in DECK} == {1, 2}
    assert count_deck_points(DECK) == 140


def test_a_card_is_named_with_its_pack_and_the_usual_aliases():
    assert DeckCard.parse("Mond/1") == DeckCard.parse("XXI/1")
    assert DeckCard.parse(" skis/2").name == "skys/2"
    assert str(DeckCard.parse("a-diamonds/2")) == "1-diamonds/2"


@pytest.mark.parametrize("name", ["K-hearts", "K-hearts/3", "K-hearts/", "/1", "Z-hearts/1", 5])
def test_a_card_without_its_pack_or_of_no_pack_is_refused_naming_the_field(name):
    with pytest.raises(UnknownCard) as raised:
        count_deck_points(["skys/1", name], field="declarer_cards")
    assert raised.value.field == "declarer_cards[1]"


def test_the_same_card_is_legal_once_per_pack():
    # K 5 + K 5 + 7 1 = 11, one three: −2 → 9
    assert count_deck_points(["K-hearts/1", "K-hearts/2", "7-clubs/1"]) == 9
    with pytest.raises(DuplicateCard) as raised:
        count_deck_points(["K-hearts/1", "k-hearts/1"], field="opponents_cards")
    assert raised.value.field == "opponents_cards[1]"


def test_a_pile_must_be_a_list():
    with pytest.raises(HandError):
        count_deck_points("K-hearts/1")


def test_the_opponents_pile_leaves_the_declaring_side_the_rest_of_140():
    assert deck_side_points(["K-hearts/1"], declaring=False) == 136
    assert deck_side_points(["K-hearts/1"], declaring=True) == 4


def test_two_sides_are_checked_to_make_the_whole_deck_once():
    names = [card.name for card in DECK]
    mine, theirs = names[:50], names[50:]
    assert check_sides(mine, theirs) == ((), ())
    both, missing = check_sides(mine, [*theirs[1:], "skys/1"])
    assert [card.name for card in both] == ["skys/1"]
    assert [card.name for card in missing] == [theirs[0]]


def test_of_two_equal_cards_the_one_of_the_led_cards_pack_takes_the_trick():
    led, one, other = (DeckCard.parse(n) for n in ("9-clubs/1", "K-clubs/2", "K-clubs/1"))
    assert twin_taking_the_trick(led, one, other) == other
    assert twin_taking_the_trick(one, one, other) == one  # the led card itself
    with pytest.raises(ValueError):
        twin_taking_the_trick(led, one, DeckCard.parse("Q-clubs/1"))
