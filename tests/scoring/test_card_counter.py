"""The card counter (RULES §1): tapped cards counted by the server, both sides checked."""

import pytest
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from scoring.cards import PACK
from scoring.forms import CzXixHandForm, count_cards

CZ_XIX = {"contract": "prvni", "declarer": "1", "partner": "3", "flek": "0",
          "pagat_flek": "0", "valat_flek": "0"}  # fmt: skip
TRULL_AND_TWO_KINGS = ["skys", "I", "XXI", "K-hearts", "K-clubs"]


def _count(client, ruleset: str, **data) -> str:
    url = reverse("scoring:card_count", args=[ruleset])
    return client.post(url, data, HTTP_HX_REQUEST="true").content.decode()


def _rest(cards: list[str]) -> list[str]:
    return [card.name for card in PACK if card.name not in cards]


def test_spjst_counts_face_value_of_106(client):
    fragment = _count(client, "spjst", cards=TRULL_AND_TWO_KINGS, cards_side="opponents")
    assert "5 cards ticked: 25 points" in fragment
    assert "declaring side 81, opponents 25 (of 106)" in fragment


def test_the_czech_rulesets_count_in_threes_of_70(client):
    # K 5 + Q 4 + 7 1 = 10, one group of three: −2 → 8; the declaring side has 62.
    for ruleset in ("cz_xix", "cz_three"):
        fragment = _count(
            client, ruleset, cards=["K-hearts", "Q-hearts", "7-clubs"], cards_side="opponents"
        )
        assert "3 cards ticked: 8 points" in fragment
        assert "declaring side 62, opponents 8 (of 70)" in fragment


def test_both_sides_ticked_are_checked_against_the_pack(client):
    fragment = _count(
        client, "cz_xix", cards=TRULL_AND_TWO_KINGS, other_cards=_rest(TRULL_AND_TWO_KINGS)
    )
    assert "The other side: 49 cards, 48 points; together 70 ✓" in fragment


def test_a_card_ticked_on_neither_side_is_named(client):
    other = _rest([*TRULL_AND_TWO_KINGS, "Q-spades"])
    fragment = _count(client, "spjst", cards=TRULL_AND_TWO_KINGS, other_cards=other)
    assert "The two sides count 102 points together; the pack has 106." in fragment
    assert "Not ticked on either side: Q-spades." in fragment


def test_a_card_ticked_for_both_sides_is_named(client):
    other = [*_rest(TRULL_AND_TWO_KINGS), "K-hearts"]
    fragment = _count(client, "cz_three", cards=TRULL_AND_TWO_KINGS, other_cards=other)
    assert "Ticked for both sides: K-hearts." in fragment


def test_the_calculator_scores_the_counted_points(client):
    url = reverse("scoring:calculator", args=["cz_xix"])
    data = {**CZ_XIX, "cards": ["K-hearts", "Q-hearts", "7-clubs"], "cards_side": "opponents"}
    page = client.post(url, data, HTTP_HX_REQUEST="true").content.decode()
    assert "Game (první): |62−35|=27; seats 1 and 3 win 27 each" in page


def test_the_calculator_refuses_two_sides_that_do_not_make_the_pack(client):
    url = reverse("scoring:calculator", args=["cz_xix"])
    data = {**CZ_XIX, "cards": TRULL_AND_TWO_KINGS, "other_cards": ["Q-hearts"]}
    page = client.post(url, data, HTTP_HX_REQUEST="true").content.decode()
    assert "This hand cannot be scored" in page
    assert "The two sides count 25 points together; the pack has 70." in page
    form = CzXixHandForm(data)
    assert form.settle() is None and list(form.errors) == ["other_cards"]


def test_the_form_shows_the_count_of_a_stored_hand():
    hand = {"contract": "prvni", "declarer": 1, "declarer_cards": ["mond", "pagat", "skys"]}
    form = CzXixHandForm(initial=CzXixHandForm.initial_from_hand(hand))
    count = form.card_count()
    assert (count.cards, count.points, count.declarer_points) == (3, 13, 13)


@pytest.mark.parametrize("ruleset", ["spjst", "cz_xix"])
def test_an_unknown_card_is_not_counted(client, ruleset):
    assert "not of the pack" in _count(client, ruleset, cards=["K-stars"])


@given(st.permutations(PACK), st.integers(0, 53), st.sampled_from(["face", "threes"]))
def test_any_split_of_the_pack_checks_out(pack, cut, method):
    # test_cards' piles of the pack, here through the counter: the other side has a card.
    mine, theirs = [c.name for c in pack[:cut]], [c.name for c in pack[cut:]]
    count = count_cards(mine, theirs, side="declarer", method=method)
    assert count.problem is None
    assert count.together == count.total == {"face": 106, "threes": 70}[method]
    assert count.rest == count.other_points
