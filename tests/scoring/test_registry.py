"""The registry and score_hand's handling of the ruleset and house rules (RULES §0.2–§0.3)."""

import pickle

import pytest

import scoring
from scoring import RULESETS, HandError, UnknownRuleset, get_ruleset, score_hand
from scoring.rulesets import spjst

HAND = {"contract": "prever", "declarer": 4, "prever_talon": 3, "declarer_points": 50}


def test_the_public_api_is_exported():
    for name in (
        "score_hand", "get_ruleset", "RULESETS", "Settlement", "Line", "HandError",
        "UnknownRuleset", "count_points", "catalogue", "PenaltyEntry", "HouseRule", "dumps",
    ):  # fmt: skip
        assert hasattr(scoring, name), name


def test_every_ruleset_has_the_same_shape():
    for name, module in RULESETS.items():
        assert name == module.NAME and module.TITLE
        seats = module.SEATS if isinstance(module.SEATS, tuple) else module.SEATS({})
        assert seats == tuple(range(1, module.TABLE_SIZES[0] + 1))
        assert callable(module.Hand.from_json) and callable(module.score)
        assert isinstance(module.HOUSE_RULES, tuple) and isinstance(module.PENALTIES, tuple)
        assert "seed" in module.PRESETS and set(module.PRESET_SOURCES) == set(module.PRESETS)
        assert isinstance(module.ZERO_SUM, bool)


def test_the_czech_rulesets_are_registered():
    assert set(RULESETS) >= {"spjst", "cz_xix", "cz_three"}
    assert get_ruleset("cz_xix").TABLE_SIZES == (4,)
    assert get_ruleset("cz_three").TABLE_SIZES == (3, 4)
    assert get_ruleset("cz_three").SEATS({"sitter": 4}) == (1, 2, 3, 4)
    hand = {"contract": "solo", "declarer": 1, "declarer_points": 30}
    assert score_hand("cz_xix", hand).deltas == {1: -15, 2: 5, 3: 5, 4: 5}


def test_get_ruleset_names_the_bad_value():
    assert get_ruleset("spjst") is spjst
    with pytest.raises(UnknownRuleset) as raised:
        get_ruleset("skat")
    assert raised.value.field == "ruleset"
    assert "'skat'" in str(raised.value) and "spjst" in str(raised.value)
    with pytest.raises(UnknownRuleset):
        get_ruleset(["spjst"])


def test_errors_are_value_errors_that_pickle():
    error = pickle.loads(pickle.dumps(UnknownRuleset("skat", ["spjst"])))
    assert isinstance(error, UnknownRuleset) and isinstance(error, ValueError)
    assert str(error) == "ruleset: unknown ruleset 'skat' (known: spjst)"
    plain = pickle.loads(pickle.dumps(HandError("declarer", "must be 1..4 (got 5)")))
    assert (plain.field, plain.reason) == ("declarer", "must be 1..4 (got 5)")
    assert repr(plain) == "HandError(field='declarer', reason='must be 1..4 (got 5)')"


def test_the_ruleset_argument_wins_over_the_hands():
    settlement = score_hand("spjst", {**HAND, "ruleset": "cz_xix"})
    assert settlement.ruleset == "spjst"


def test_the_argument_house_rules_win_over_the_hands_own():
    hand = {**HAND, "house_rules": {"prever_back_multiplier": 4}}
    assert score_hand("spjst", hand).deltas[4] == -48
    assert score_hand("spjst", hand, {"prever_back_multiplier": 3}).deltas[4] == -36
    assert score_hand("spjst", HAND, spjst.PRESETS["westfest_2012"]).deltas[4] == -48


@pytest.mark.parametrize("hand", [None, [], "hand", 5])
def test_a_hand_must_be_an_object(hand):
    with pytest.raises(HandError) as raised:
        score_hand("spjst", hand)
    assert raised.value.field == "hand"


def test_a_hand_type_reads_its_own_ruleset_name_but_no_other():
    assert spjst.Hand.from_json({**HAND, "ruleset": "spjst"}) == spjst.Hand.from_json(HAND)
    with pytest.raises(HandError) as raised:
        spjst.Hand.from_json({**HAND, "ruleset": "cz_xix"})
    assert raised.value.field == "ruleset"


@pytest.mark.parametrize("bad", [["westfest_2012"], "westfest_2012", 4])
def test_house_rules_must_be_an_object_in_the_hand(bad):
    with pytest.raises(HandError) as raised:
        score_hand("spjst", {**HAND, "house_rules": bad})
    assert raised.value.field == "house_rules"


@pytest.mark.parametrize("bad", [["westfest_2012"], "westfest_2012", 4])
def test_house_rules_must_be_an_object_in_the_argument(bad):
    hand = {**HAND, "house_rules": {"valat_replaces_game": True}}
    with pytest.raises(HandError) as raised:
        score_hand("spjst", hand, bad)
    assert raised.value.field == "house_rules"
