"""Settling side and personal items (RULES §0.1), rounding, and the settlement's JSON."""

from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import Line, Settlement
from scoring.settlement import (
    Deltas,
    exact,
    round_half_up,
    settle_personal_item,
    settle_side_item,
    shift_to_offenders,
)

SEATS = (1, 2, 3, 4)


def test_two_against_two_each_wins_or_loses_the_amount():
    assert settle_side_item(SEATS, (1, 3), 3) == {1: 3, 2: -3, 3: 3, 4: -3}
    assert settle_side_item(SEATS, [2, 4], -5) == {1: 5, 2: -5, 3: 5, 4: -5}


def test_one_against_three_the_lone_player_settles_three_times():
    assert settle_side_item(SEATS, (4,), 6) == {1: -6, 2: -6, 3: -6, 4: 18}
    assert settle_side_item(SEATS, (1, 2, 3), 2) == {1: 2, 2: 2, 3: 2, 4: -6}


def test_a_smaller_side_shares_the_total_with_exact_halves():
    assert settle_side_item((1, 2, 3), (1,), 1) == {1: 2, 2: -1, 3: -1}
    five = settle_side_item((1, 2, 3, 4, 5), (1, 2), 1)
    assert five == {1: Decimal("1.5"), 2: Decimal("1.5"), 3: -1, 4: -1, 5: -1}


def test_a_side_must_split_the_table():
    for side in ((), SEATS, (5,)):
        with pytest.raises(ValueError):
            settle_side_item(SEATS, side, 1)


def test_a_personal_item_is_paid_by_every_other_seat_or_the_named_payers():
    assert settle_personal_item(SEATS, 4, 4) == {1: -4, 2: -4, 3: -4, 4: 12}
    assert settle_personal_item(SEATS, 2, -2) == {1: 2, 2: -6, 3: 2, 4: 2}
    assert settle_personal_item(SEATS, 3, 2, payers=(1, 2)) == {1: -2, 2: -2, 3: 4, 4: 0}


@pytest.mark.parametrize(
    ("value", "rounded"),
    [
        (Fraction(32, 10), 3), (Fraction(45, 10), 5), (Fraction(39, 10), 4),
        (Fraction(126, 10), 13), (Fraction(-5, 2), -3), (Decimal("2.5"), 3),
        (Decimal("2.49"), 2), (Decimal("-0.5"), -1), (7, 7), (Fraction(0), 0),
    ],
)  # fmt: skip
def test_round_half_up_takes_five_or_more_to_the_next_number(value, rounded):
    assert round_half_up(value) == rounded
    assert type(round_half_up(value)) is int


def test_exact_amounts_are_int_when_whole_else_decimal():
    assert exact(Fraction(6, 2)) == 3 and type(exact(Fraction(6, 2))) is int
    assert exact(Fraction(3, 4)) == Decimal("0.75")
    with pytest.raises(ValueError):
        exact(Fraction(1, 3))


def test_the_offender_rule_on_a_won_item_shifts_the_partners_winnings_to_the_offender():
    game = Deltas({1: 3, 2: -3, 3: 3, 4: -3})
    assert shift_to_offenders(game, [1]) == {1: -3, 2: 0, 3: 3, 4: 0}
    assert shift_to_offenders(game, [2]) == {1: 3, 2: -6, 3: 3, 4: 0}
    assert shift_to_offenders(game, [1, 3]) == {1: 0, 2: 0, 3: 0, 4: 0}
    assert shift_to_offenders(game, []) == game


@given(
    st.sampled_from([(1,), (1, 3), (2, 3, 4)]),
    st.integers(-50, 50),
    st.lists(st.sampled_from(SEATS), max_size=4),
)
def test_the_offender_rule_keeps_an_item_zero_sum(side, amount, offenders):
    item = settle_side_item(SEATS, side, amount)
    assert sum(shift_to_offenders(item, offenders).values()) == 0


def test_a_settlement_adds_its_lines_and_writes_every_seat():
    lines = (
        Line("game", "Game", settle_side_item(SEATS, (1, 3), 3)),
        Line("value", "Value", settle_personal_item(SEATS, 4, 4)),
        Line("penalty", "Ruling", dict.fromkeys(SEATS, 0)),
    )
    settlement = Settlement("spjst", SEATS, lines)

    assert settlement.deltas == {1: -1, 2: -7, 3: -1, 4: 9}
    assert settlement.to_json() == {
        "ruleset": "spjst",
        "deltas": {"1": -1, "2": -7, "3": -1, "4": 9},
        "lines": [
            {"item": "game", "label": "Game", "deltas": {"1": 3, "2": -3, "3": 3, "4": -3}},
            {"item": "value", "label": "Value", "deltas": {"1": -4, "2": -4, "3": -4, "4": 12}},
            {"item": "penalty", "label": "Ruling", "deltas": {"1": 0, "2": 0, "3": 0, "4": 0}},
        ],
    }
    assert repr(settlement) == "<Settlement spjst {1: -1, 2: -7, 3: -1, 4: 9} from 3 lines>"


def test_a_settlement_refuses_a_line_that_leaves_out_a_seat():
    with pytest.raises(ValueError):
        Settlement("spjst", SEATS, (Line("game", "Game", {1: 1, 2: -1}),))


def test_lines_and_deltas_are_read_only_and_hashable():
    line = Line("game", "Game", {1: 1, 2: -1})
    with pytest.raises(AttributeError):
        line.label = "x"
    with pytest.raises(TypeError):
        line.deltas[1] = 5
    assert hash(line) == hash(Line("game", "Game", {1: 1, 2: -1}))
    assert repr(line) == "Line('game', 'Game', {1: 1, 2: -1})"


def test_decimal_amounts_stay_exact_and_whole_ones_become_int():
    from decimal import Decimal

    half = settle_side_item(SEATS, (1,), Decimal("0.5"))
    assert half == {1: Decimal("1.5"), 2: Decimal("-0.5"), 3: Decimal("-0.5"), 4: Decimal("-0.5")}
    total = half + half
    assert total[1] == 3 and type(total[1]) is int and total[2] == Decimal(-1)
    paid = settle_personal_item(SEATS, 2, Decimal("0.50"))
    assert paid[2] == Decimal("1.5") and str(paid[1]) == "-0.5"
