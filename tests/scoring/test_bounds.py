"""The bounded reader: numbers, nesting, repeated keys and quoting, for every caller."""

import time
from decimal import Decimal

import pytest

from scoring import HandError, score_hand
from scoring.bounds import OutOfBounds, read_decimal, read_integer
from scoring.errors import quote
from scoring.jsonio import DocumentError, TooLarge, loads, read_document

THREE = {"ruleset": "cz_three", "contract": "prvni", "declarer": 2, "declarer_points": 40}


@pytest.mark.parametrize("value", ["1E-999999", "1E+5000", "1234567.12345678", "0.0000001", "1E+7"])
def test_a_house_rule_decimal_out_of_bounds_is_refused_by_the_engine_at_once(value):
    # CPU time of this thread, which a busy machine does not inflate: working such a number
    # out digit by digit takes minutes, refusing it takes microseconds.
    started = time.thread_time()
    with pytest.raises(OutOfBounds) as raised:
        score_hand("cz_three", THREE, {"renonc_value": Decimal(value)})
    assert time.thread_time() - started < 2
    assert raised.value.field == "house_rules.renonc_value"
    assert "at most 12 significant digits and an exponent within ±6" in raised.value.reason


def test_a_house_rule_decimal_within_the_bounds_is_kept():
    hand = {**THREE, "penalties": [{"code": "cz_three.renonc.revoke", "seat": 1}]}
    settlement = score_hand("cz_three", hand, {"renonc_value": Decimal("0.000001")})
    assert settlement.deltas[1] < 0


def test_a_huge_house_rule_integer_is_refused_by_its_range():
    with pytest.raises(HandError, match=r"house_rules.prever_back_multiplier: must be at most"):
        score_hand(
            "spjst", {"contract": "povinost", "declarer": 1}, {"prever_back_multiplier": 10**12}
        )
    with pytest.raises(OutOfBounds, match="at most 15 digits"):
        score_hand(
            "spjst", {"contract": "povinost", "declarer": 1}, {"prever_back_multiplier": 10**5000}
        )


@pytest.mark.parametrize(
    ("text", "expected"), [("0.25", Decimal("0.25")), (" -1.5 ", Decimal("-1.5")), ("7", 7)]
)
def test_read_decimal_reads_numbers_within_the_bounds(text, expected):
    assert read_decimal(text, "x") == expected


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("NaN", "NaN and Infinity"),
        ("-Infinity", "NaN and Infinity"),
        ("1e999999", "exponent within ±6"),
        ("1" * 41, "at most 12 significant digits"),
        ("abc", "must be a number"),
        ("²", "must be a number"),
    ],
)
def test_read_decimal_names_the_limit(text, reason):
    with pytest.raises(OutOfBounds) as raised:
        read_decimal(text, "points")
    assert raised.value.field == "points"
    assert reason in raised.value.reason


@pytest.mark.parametrize("text", ["²", "③", "1.5", "", "9" * 16, "٣"])
def test_read_integer_takes_ascii_digits_within_fifteen(text):
    with pytest.raises(OutOfBounds):
        read_integer(text, "seat")
    assert read_integer(" 12 ", "seat") == 12


def test_a_quote_is_cut_to_eighty_characters():
    assert quote("x" * 2_000_000) == "'" + "x" * 79 + "…"
    assert quote("short") == "'short'"


def test_read_document_refuses_a_repeated_key_nested_deep_in_a_list():
    with pytest.raises(DocumentError) as raised:
        read_document('[{}, {"a": {"b": 1, "b": 2}}]')
    assert raised.value.field == "[1].a.b"


def test_loads_refuses_a_repeated_key_too():
    with pytest.raises(ValueError, match="the key 'a' is given twice"):
        loads('{"a": 1, "a": 2}')


def test_read_document_counts_the_size_in_bytes():
    with pytest.raises(TooLarge):
        read_document("é" * 600, max_bytes=1024)
    assert read_document('"' + "é" * 500 + '"', max_bytes=1024) == "é" * 500


def test_read_document_reports_the_first_bad_number_by_its_path():
    with pytest.raises(OutOfBounds) as raised:
        read_document('{"values": [{"seat": 1}, {"seat": 1e-7}]}')
    assert raised.value.field == "values[1].seat"
