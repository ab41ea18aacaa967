"""Invariants over random SPJST hands (hypothesis): zero-sum, seats, relabelling, refusal."""

import copy

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import HandError, score_hand
from tests.scoring.strategies import SEATS, broken_hands, valid_hands

PROPERTY = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROPERTY
@given(valid_hands())
def test_a_valid_hand_is_zero_sum_in_whole_chips_for_every_seat(hand):
    settlement = score_hand(None, hand)

    assert tuple(settlement.deltas) == SEATS
    assert sum(settlement.deltas.values()) == 0
    assert all(type(amount) is int for amount in settlement.deltas.values())
    for line in settlement.lines:
        assert tuple(line.deltas) == SEATS and sum(line.deltas.values()) == 0
        assert line.label


def _relabel(hand, seat):
    hand = copy.deepcopy(hand)
    for name in ("declarer", "partner"):
        if hand.get(name) is not None:
            hand[name] = seat[hand[name]]
    if hand.get("pagat"):
        hand["pagat"]["holder"] = seat[hand["pagat"]["holder"]]
    for entry in hand.get("values", []) + hand.get("penalties", []):
        entry["seat"] = seat[entry["seat"]]
        if "rightful" in entry:
            entry["rightful"] = seat[entry["rightful"]]
    return hand


@PROPERTY
@given(valid_hands(), st.permutations(SEATS))
def test_relabelling_the_seats_permutes_the_deltas(hand, order):
    seat = dict(zip(SEATS, order, strict=True))
    before = score_hand(None, hand).deltas
    after = score_hand(None, _relabel(hand, seat)).deltas

    assert {seat[s]: amount for s, amount in before.items()} == dict(after)


@PROPERTY
@given(broken_hands())
def test_a_hand_with_one_fault_is_refused_naming_that_field(case):
    hand, path = case
    try:
        score_hand(None, hand)
    except HandError as error:
        assert error.field
        assert error.field == path or error.field.startswith((f"{path}.", f"{path}["))
    else:
        raise AssertionError(f"accepted a hand with a bad {path}")


@PROPERTY
@given(valid_hands(), st.text(min_size=1, max_size=8), st.integers() | st.none() | st.text())
def test_an_unknown_field_is_refused_by_name(hand, name, value):
    if name in hand:
        return
    hand[name] = value
    try:
        score_hand(None, hand)
    except HandError as error:
        assert error.field == name or (name == "house_rules" and error.field.startswith(name))
    else:
        assert value is None and name in ("ruleset", "house_rules")
