"""RULES §0.4: an impossible hand is refused, naming the field, in every ruleset."""

import pytest

from scoring import HandError, score_hand

POVINOST = {"ruleset": "spjst", "contract": "povinost", "declarer": 1, "partner": 3}
PRVNI = {"ruleset": "cz_xix", "contract": "prvni", "declarer": 1, "partner": 3, "called": 19}
THREE = {"ruleset": "cz_three", "contract": "prvni", "declarer": 1, "declarer_points": 45}


def _refused(hand: dict) -> HandError:
    with pytest.raises(HandError) as raised:
        score_hand(None, hand)
    return raised.value


@pytest.mark.parametrize("value", ["trull", "trull_pane", "spjst"])
def test_spjst_refuses_a_trull_declared_by_another_seat_than_the_pagat_holder(value):
    error = _refused({**POVINOST, "declarer_points": 59,
                      "pagat": {"holder": 2, "announced": True, "won": True},
                      "values": [{"seat": 1, "value": value}]})  # fmt: skip
    assert error.field == "pagat.holder"
    assert f"values[0] says seat 1 holds the Pagat ({value!r}) (got 2)" in error.reason


def test_spjst_refuses_a_pagat_held_by_a_player_who_declared_no_trump():
    error = _refused({**POVINOST, "declarer_points": 59, "pagat": {"holder": 4, "won": True},
                      "values": [{"seat": 4, "value": "uni"}]})  # fmt: skip
    assert error.field == "pagat.holder"
    assert "says seat 4 holds no trump ('uni')" in error.reason


def test_spjst_scores_a_trull_declared_by_the_pagat_holder():
    hand = {**POVINOST, "declarer_points": 59, "pagat": {"holder": 2, "won": True},
            "values": [{"seat": 2, "value": "trull"}, {"seat": 4, "value": "beeda"}]}  # fmt: skip
    assert score_hand(None, hand).deltas[2] > 0


def test_spjst_refuses_an_opponents_pagat_won_when_the_declarers_took_every_trick():
    error = _refused({**POVINOST, "declarer_points": 106,
                      "valat": {"side": "declarer", "announced": False, "won": True},
                      "pagat": {"holder": 2, "announced": False, "won": True}})  # fmt: skip
    assert (error.field, error.reason) == (
        "pagat.won",
        "the other side took every trick, see valat (got true)",
    )


def test_cz_xix_refuses_the_same_pagat_with_the_same_words():
    error = _refused({**PRVNI, "declarer_points": 70,
                      "valat": {"side": "declarer", "announced": False, "won": True},
                      "pagat": {"holder": 2, "announced": False, "won": True}})  # fmt: skip
    assert error.field == "pagat.won"


@pytest.mark.parametrize("kind", ["trul", "trulhonery"])
def test_cz_xix_refuses_a_trul_announced_by_another_seat_than_the_pagat_holder(kind):
    error = _refused({**PRVNI, "declarer_points": 40,
                      "pagat": {"holder": 2, "announced": True, "won": True},
                      "hlasky": [{"seat": 3, "kind": kind}]})  # fmt: skip
    assert error.field == "pagat.holder"
    assert f"hlasky[0] says seat 3 holds the Pagat ({kind!r}) (got 2)" in error.reason


@pytest.mark.parametrize("kind", ["revoke", "wrong_announcement", "talon_discard"])
def test_cz_three_refuses_a_renonc_by_the_seat_sitting_the_hand_out(kind):
    hand = {**THREE, "sitter": 4, "penalties": [{"code": f"cz.renonc.{kind}", "seat": 4}]}
    error = _refused(hand)
    assert error.field == "penalties[0].seat"
    assert "seat 4 sits this hand out" in error.reason


@pytest.mark.parametrize("kind", ["misdeal", "conduct"])
def test_cz_three_lets_the_sitter_misdeal_or_misbehave(kind):
    hand = {**THREE, "sitter": 4, "penalties": [{"code": f"cz.renonc.{kind}", "seat": 4}]}
    assert score_hand(None, hand).deltas[4] < 0


def test_cz_three_lets_the_sitter_revoke_in_a_varsava_where_it_plays_the_talon():
    hand = {"ruleset": "cz_three", "contract": "varsava", "declarer": 1, "sitter": 4,
            "varsava_points": {"1": 20, "2": 15, "3": 25, "4": 10},
            "varsava_tricks": {"1": 4, "2": 4, "3": 5, "4": 3},
            "penalties": [{"code": "cz.renonc.revoke", "seat": 4}]}  # fmt: skip
    assert score_hand(None, hand).deltas[4] < 0


def test_cz_three_refuses_a_talon_discard_by_an_opponent():
    error = _refused({**THREE, "penalties": [{"code": "cz.renonc.talon_discard", "seat": 2}]})
    assert error.field == "penalties[0].seat"
    assert error.reason == "only the declarer, 1, discards to the talon (got 2)"
    by_the_declarer = {**THREE, "penalties": [{"code": "cz.renonc.talon_discard", "seat": 1}]}
    assert score_hand(None, by_the_declarer).to_json()["deltas"] == {"1": -2, "2": 1, "3": 1}


def test_cz_three_reads_the_rules_renonc_codes_and_its_own_spelling_alike():
    rules = {**THREE, "penalties": [{"code": "cz.renonc.revoke", "seat": 2}]}
    own = {**THREE, "penalties": [{"code": "cz_three.renonc.revoke", "seat": 2}]}
    assert score_hand(None, rules).deltas == score_hand(None, own).deltas


def test_cz_three_refuses_one_renonc_entered_under_both_spellings():
    error = _refused({**THREE, "penalties": [{"code": "cz.renonc.revoke", "seat": 2},
                                             {"code": "cz_three.renonc.revoke", "seat": 2}]})  # fmt: skip
    assert error.field == "penalties[1].code"
    assert "already recorded" in error.reason
