"""The pack, card names and counting (RULES §1)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import Card, count_points
from scoring.cards import (
    COUNTERS,
    PACK,
    TRULL,
    Suit,
    declaring_side_points,
    parse_cards,
    total_points,
)
from scoring.errors import DuplicateCard, HandError, UnknownCard


def test_the_pack_has_54_cards_22_trumps_and_7_counters():
    assert len(PACK) == len(set(PACK)) == 54
    assert sum(card.is_trump for card in PACK) == 22
    assert {card.name for card in COUNTERS} == {
        "I", "XXI", "skys", "K-hearts", "K-diamonds", "K-clubs", "K-spades",
    }  # fmt: skip
    assert {card.name for card in TRULL} == {"I", "XXI", "skys"}
    assert all(len([c for c in PACK if c.suit is suit]) == 8 for suit in Suit)


def test_card_values_follow_004_section_25():
    values = {card.name: card.value for card in PACK}
    assert values["Q-hearts"] == 4 and values["C-clubs"] == 3 and values["J-spades"] == 2
    assert values["1-diamonds"] == values["10-clubs"] == values["XIX"] == 1


def test_face_count_of_the_whole_pack_is_106():
    assert count_points(PACK, "face") == 106
    assert total_points("face") == 106


@pytest.mark.parametrize(
    ("name", "canonical"),
    [
        ("I", "I"), ("pagat", "I"), ("PAGAT", "I"), ("xxi", "XXI"), ("Mond", "XXI"),
        ("skys", "skys"), ("XXII", "skys"), ("skis", "skys"), ("škýz", "skys"),
        ("Škýz", "skys"), ("k-hearts", "K-hearts"), ("R-clubs", "C-clubs"),
        ("c-spades", "C-spades"), ("A-diamonds", "1-diamonds"), ("4-hearts", "4-hearts"),
        (" 10-Clubs ", "10-clubs"), ("7-spades", "7-spades"), ("xix", "XIX"),
    ],
)  # fmt: skip
def test_it_reads_card_names_and_aliases(name, canonical):
    assert Card.parse(name).name == canonical


@pytest.mark.parametrize(
    "name", ["1-clubs", "10-hearts", "A-spades", "XXIII", "K-stars", "", "K hearts", 5, None]
)
def test_it_refuses_a_card_not_in_the_pack(name):
    with pytest.raises(UnknownCard) as raised:
        Card.parse(name, "declarer_cards[3]")
    assert raised.value.field == "declarer_cards[3]"
    assert repr(name) in raised.value.reason


def test_it_refuses_a_card_given_twice_under_two_names():
    with pytest.raises(DuplicateCard) as raised:
        count_points(["skys", "mond", "XXII"], "face", field="declarer_cards")
    assert raised.value.field == "declarer_cards[2]"


def test_two_packs_allow_each_card_twice_but_not_three_times():
    assert count_points(["skys", "skys"], "threes", packs=2) == 9
    with pytest.raises(DuplicateCard):
        parse_cards(["skys", "skys", "skys"], packs=2)


def test_threes_counts_groups_of_three_minus_two_and_a_remainder_minus_one():
    assert count_points([], "threes") == 0
    assert count_points(["K-hearts"], "threes") == 4
    assert count_points(["K-hearts", "Q-hearts", "7-clubs"], "threes") == 8
    assert count_points(["K-hearts", "Q-hearts", "7-clubs", "skys"], "threes") == 12


def test_it_refuses_an_unknown_counting_method():
    with pytest.raises(HandError) as raised:
        count_points(["skys"], "tens")
    assert raised.value.field == "method"


@given(st.permutations(PACK), st.integers(0, 54))
def test_threes_of_any_two_piles_of_the_pack_total_70(pack, cut):
    assert count_points(pack[:cut], "threes") + count_points(pack[cut:], "threes") == 70


@given(st.permutations(PACK + PACK), st.integers(0, 108))
def test_threes_of_two_packs_total_140(cards, cut):
    first, second = cards[:cut], cards[cut:]
    assert count_points(first, "threes", packs=2) + count_points(second, "threes", packs=2) == 140


@given(st.permutations(PACK), st.integers(0, 54), st.sampled_from(["face", "threes"]))
def test_either_sides_cards_give_the_declaring_sides_points(pack, cut, method):
    mine, theirs = pack[:cut], pack[cut:]
    assert declaring_side_points(mine, method, declaring=True) == declaring_side_points(
        theirs, method, declaring=False
    )


def test_a_holding_says_why_no_hand_holds_it():
    from scoring.cards import Holding

    honery, barvy = Holding(trull=1, kings=2, counters=4), Holding(max_trumps=2)
    assert (honery & barvy).impossible(12) is None
    assert "at most 2" in str((Holding(trull=3) & barvy).impossible(12))
    assert "12 cards" in str((Holding(10) & Holding(kings=4)).impossible(12))
    assert (Holding(8) & Holding(kings=4)).impossible(12) is None
    assert str(Holding(counters=8).impossible(22)) == "needs more counters than one hand can hold"


def test_the_holdings_of_one_deal_must_fit_one_pack():
    from scoring.cards import Holding, pack_shortfall

    assert pack_shortfall([Holding(10), Holding(10)]) is None
    assert "22" in str(pack_shortfall([Holding(10), Holding(10), Holding(3)]))
    assert pack_shortfall([Holding(trull=3), Holding(trull=1)]) is not None
    assert "five-point" in str(pack_shortfall([Holding(counters=4), Holding(counters=4)]))
