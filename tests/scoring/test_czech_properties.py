"""Invariants over random Czech hands (hypothesis): zero-sum, exact amounts, every seat,
relabelling the seats, and refusal of a hand with one fault naming that field."""

from decimal import Decimal

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import HandError, get_ruleset, score_hand
from tests.scoring.czech_strategies import SEATS, broken_hands, cz_three_hands, cz_xix_hands
from tests.scoring.golden import check_refused_within

PROPERTY = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _check_settlement(hand):
    settlement = score_hand(None, hand)
    module = get_ruleset(hand["ruleset"])
    seats = module.SEATS if isinstance(module.SEATS, tuple) else module.SEATS(hand)
    assert settlement.seats == seats and tuple(settlement.deltas) == seats
    assert sum(settlement.deltas.values()) == 0
    for line in settlement.lines:
        assert tuple(line.deltas) == seats and sum(line.deltas.values()) == 0
        assert line.label and line.item
        assert all(type(amount) in (int, Decimal) for amount in line.deltas.values())
    assert all(type(amount) in (int, Decimal) for amount in settlement.deltas.values())
    return settlement


@PROPERTY
@given(cz_xix_hands())
def test_a_cz_xix_hand_is_zero_sum_in_whole_points_for_every_seat(hand):
    settlement = _check_settlement(hand)

    assert all(type(amount) is int for amount in settlement.deltas.values())


@PROPERTY
@given(cz_three_hands())
def test_a_cz_three_hand_is_zero_sum_in_halves_for_every_seat(hand):
    settlement = _check_settlement(hand)

    assert all((amount * 2) % 1 == 0 for amount in settlement.deltas.values())
    assert all(type(amount) is int or amount % 1 != 0 for amount in settlement.deltas.values()), (
        "a whole amount is written as an int"
    )


_SEAT_FIELDS = ("declarer", "partner", "holder", "seat")


def _relabel(value, seat):
    """The hand with every seat renamed by ``seat`` (fields and the keys of seat maps)."""
    if isinstance(value, dict):
        return {
            str(seat[int(key)]) if key.isdigit() else key: (
                seat[item] if key in _SEAT_FIELDS and item is not None else _relabel(item, seat)
            )
            for key, item in value.items()
        }
    return [_relabel(item, seat) for item in value] if isinstance(value, list) else value


@PROPERTY
@given(cz_xix_hands(), st.permutations(SEATS))
def test_relabelling_the_seats_of_a_cz_xix_hand_permutes_the_deltas(hand, order):
    seat = dict(zip(SEATS, order, strict=True))
    moved = score_hand(None, _relabel(hand, seat)).deltas

    assert all(moved[seat[s]] == amount for s, amount in score_hand(None, hand).deltas.items())


@PROPERTY
@given(broken_hands())
def test_a_czech_hand_with_one_fault_is_refused_naming_that_field(case):
    check_refused_within(*case)


@PROPERTY
@given(
    st.one_of(cz_xix_hands(), cz_three_hands()),
    st.text(min_size=1, max_size=8),
    st.integers() | st.text(),
)
def test_an_unknown_field_is_refused_by_name(hand, name, value):
    if name in hand or name in ("ruleset", "house_rules"):
        return
    hand[name] = value
    try:
        score_hand(None, hand)
    except HandError as error:
        assert error.field == name
    else:
        raise AssertionError(f"accepted the unknown field {name!r}")
