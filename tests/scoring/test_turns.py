"""Whose turn (RULES §8): SPJST's Povinost deals next; in the Czech games the deal passes
one seat a hand, counted from the last hand that tells who dealt it."""

import pytest

from scoring import get_ruleset
from scoring.turns import Turn, sits_out


def next_turn(hands, seats=4, ruleset="spjst"):
    return get_ruleset(ruleset).DEAL.next_turn(hands, seats)


PRVNI = {"contract": "prvni", "declarer": 1, "partner": 3, "declarer_points": 40}


def test_spjst_is_unchanged_the_last_povinost_deals():
    assert next_turn([{"declarer": 3}, {"declarer": 1}]) == Turn(1, 2)
    assert next_turn([]) is None


def test_cz_xix_counts_from_the_forehands_prvni():
    # Seat 1 bid the první, so seat 4 dealt it; seats 1 and 2 dealt the next two hands.
    hands = [PRVNI, {"contract": "solo", "declarer": 4, "declarer_points": 40},
             {"contract": "druha", "declarer": 2, "declarer_points": 40}]  # fmt: skip
    assert next_turn(hands, 4, "cz_xix") == Turn(3, 4)


def test_cz_xix_without_a_hand_that_tells_the_dealer_proposes_nothing():
    solo = {"contract": "solo", "declarer": 4, "declarer_points": 40}
    assert next_turn([solo, solo], 4, "cz_xix") is None
    assert next_turn([], 4, "cz_xix") is None


def test_a_misdeal_names_the_dealer_and_counts_as_dealt():
    hands = [{"penalties": [{"code": "cz.renonc.misdeal", "seat": 3}]}]
    assert next_turn(hands, 4, "cz_xix") == Turn(4, 1)


def test_a_standalone_ruling_of_conduct_was_not_dealt():
    conduct = {"penalties": [{"code": "cz.renonc.conduct", "seat": 2}]}
    assert next_turn([PRVNI, conduct], 4, "cz_xix") == Turn(1, 2)


def test_cz_three_at_four_rotates_the_sitter_with_the_deal():
    hands = [{"contract": "prvni", "declarer": 1, "sitter": 4, "declarer_points": 40}]
    assert next_turn(hands, 4, "cz_three") == Turn(1, 2, sitter=1)
    hands.append({"contract": "pata", "declarer": 3, "sitter": 1, "declarer_points": 40})
    assert next_turn(hands, 4, "cz_three") == Turn(2, 3, sitter=2)


def test_cz_three_at_three_counts_from_a_varsava_and_has_no_sitter():
    varsava = {"contract": "varsava", "declarer": 3}
    played = {"contract": "prvni", "declarer": 2, "declarer_points": 40}
    assert next_turn([varsava, played], 3, "cz_three") == Turn(1, 2)
    assert next_turn([played], 3, "cz_three") is None


@pytest.mark.parametrize(
    ("ruleset", "seats", "expected"),
    [("cz_three", 4, True), ("cz_three", 3, False), ("cz_xix", 4, False), ("spjst", 4, False)],
)
def test_only_taroky_ve_trech_at_four_sits_the_dealer_out(ruleset, seats, expected):
    assert sits_out(get_ruleset(ruleset).DEAL, seats) is expected


@pytest.mark.parametrize(
    ("ruleset", "hand", "dealer"),
    [
        ("cz_three", {"penalties": [{"code": "cz.renonc.misdeal", "seat": 2}]}, 2),
        ("cz_three", {"contract": "prvni", "declarer": 1, "sitter": 3}, 3),
        ("cz_xix", {"contract": "varsava", "declarer": 1}, 4),
        ("cz_xix", {"contract": "solo", "declarer": 1}, None),
        ("spjst", {"contract": "povinost", "declarer": 1}, None),
    ],
)
def test_the_dealer_a_hand_tells(ruleset, hand, dealer):
    assert get_ruleset(ruleset).DEAL.dealer_of(hand, 4) == dealer
