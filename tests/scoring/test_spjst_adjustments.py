"""Standalone SPJST adjustments: a ruling applied outside any scored hand (RULES §7.1).

The golden cases in cases/spjst.json pin the chips; these tests pin what the director
reads: the labels, the reasons for a refusal, and that an adjustment moves exactly what
its penalties move inside a played hand.
"""

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from scoring import HandError, score_hand
from scoring.rulesets.spjst import Hand
from tests.scoring.strategies import adjustments

PLAYED = (
    {"ruleset": "spjst", "contract": "povinost", "declarer": 1, "partner": 3, "declarer_points": 59},
    {"ruleset": "spjst", "contract": "prever", "declarer": 2, "prever_talon": 3, "declarer_points": 40},
    {"ruleset": "spjst", "contract": "povinost", "declarer": 4, "declarer_points": 53, "challenge": 2},
)  # fmt: skip


def alone(*penalties):
    return {"ruleset": "spjst", "penalties": list(penalties)}


def labels(hand, house_rules=None):
    return [line.label for line in score_hand(None, hand, house_rules).lines]


def refusal(hand, house_rules=None):
    with pytest.raises(HandError) as raised:
        score_hand(None, hand, house_rules)
    return raised.value


def test_an_adjustment_says_so_then_shows_each_penalty():
    settlement = score_hand(None, alone({"code": "spjst.discard_counter", "seat": 2}))

    assert [line.item for line in settlement.lines] == ["adjustment", "penalty"]
    assert not settlement.lines[0].deltas
    assert labels(alone({"code": "spjst.discard_counter", "seat": 2})) == [
        "Standalone adjustment: outside any scored hand, only the penalties' own payments",
        "Discarding a King, or a trump face down (seat 2): 5 to each",
    ]


def test_an_illegal_declaration_alone_says_no_value_is_voided():
    hand = alone({"code": "spjst.illegal_declaration", "seat": 2, "value": "trull"})

    assert labels(hand)[1] == (
        "Illegal declaration (seat 2, value Trull): 2 to each; no value voided "
        "here (record it on its hand to return the value's chips)"
    )


def test_a_ruling_alone_moves_no_chips_but_is_shown():
    settlement = score_hand(None, alone({"code": "spjst.exposed_card", "seat": 3}))

    assert not settlement.deltas
    assert settlement.lines[1].label == "Exposed card (seat 3): a ruling, no chips"


@pytest.mark.parametrize(
    ("code", "reason"),
    [
        ("discard_irregularity", "the offender rule acts on its game, Pagat and Valat"),
        ("renege", "a renege stands alone only under renege_penalty = 'misdeal'"),
        ("wrong_card_count", "the offender rule acts on its game, Pagat and Valat"),
        ("valat_call_voided", "it voids the hand's failed announced Valat"),
        ("wrong_trump_unnoticed", "it goes with the spjst.wrong_trump_called"),
    ],
)
def test_it_refuses_alone_a_penalty_that_needs_the_scored_hand(code, reason):
    error = refusal(
        alone({"code": "spjst.exposed_card", "seat": 1}, {"code": f"spjst.{code}", "seat": 2})
    )

    assert error.field == "penalties[1].code"
    assert str(error).startswith("penalties[1].code: needs the scored hand: ")
    assert reason in str(error)


def test_a_renege_alone_is_void_when_the_house_rule_makes_it_a_misdeal():
    hand = alone({"code": "spjst.renege", "seat": 2})

    assert labels(hand, {"renege_penalty": "misdeal"}) == [
        "Failure to follow suit (renege) (seat 2): 2 to each; as a misdeal: the hand is void"
    ]
    assert refusal(hand).field == "penalties[0].code"


@pytest.mark.parametrize(
    "given",
    [{"declarer": 1}, {"declarer_points": 59}, {"called": 19}, {"challenge": 1},
     {"values": [{"seat": 2, "value": "trull"}]}, {"valat": {"side": "declarer", "won": True}}],
)  # fmt: skip
def test_penalties_with_a_game_partly_given_still_need_the_contract(given):
    error = refusal({**alone({"code": "spjst.discard_counter", "seat": 2}), **given})

    assert error.field == "contract"
    assert "only a void hand or a penalties-only adjustment may omit it" in str(error)


@pytest.mark.parametrize("hand", [{}, {"penalties": []}, {"penalties": None}])
def test_an_empty_hand_is_refused_naming_the_contract(hand):
    assert refusal({"ruleset": "spjst", **hand}).field == "contract"


def test_an_adjustment_reads_as_one():
    hand = Hand.from_json({"penalties": [{"code": "spjst.wrong_table", "seat": 4}]})

    assert hand.is_adjustment
    assert repr(hand) == "<spjst.Hand adjustment, 1 penalties>"
    assert not Hand.from_json({"penalties": [{"code": "spjst.misdeal", "seat": 4}]}).is_adjustment


@settings(max_examples=200, deadline=None)
@given(adjustments(), st.sampled_from(PLAYED))
def test_an_adjustment_moves_what_its_penalties_move_inside_a_played_hand(hand, played):
    # Inside a hand an illegal declaration also voids its value, so it is left out here.
    penalties = [p for p in hand["penalties"] if p["code"] != "spjst.illegal_declaration"]
    assume(penalties)
    inside = score_hand(None, {**played, "penalties": penalties}).deltas
    inside -= score_hand(None, played).deltas

    assert score_hand(None, alone(*penalties)).deltas == inside
