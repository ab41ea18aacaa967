"""Exact JSON: Decimal amounts as plain numbers, decimals read as Decimal."""

import json
from decimal import Decimal

import pytest

from scoring import dumps, loads
from scoring.jsonio import freeze, thaw


@pytest.mark.parametrize(
    ("amount", "text"),
    [
        (Decimal("1.50"), "1.5"), (Decimal("2.0"), "2"), (Decimal("-0.5"), "-0.5"),
        (Decimal("1E+1"), "10"), (Decimal("-0.0"), "0"), (Decimal("100"), "100"), (3, "3"),
    ],
)  # fmt: skip
def test_decimals_are_written_as_numbers_without_trailing_zeros(amount, text):
    assert dumps(amount) == text


def test_it_writes_like_json_dumps_with_and_without_indent():
    data = {"ruleset": "spjst", "deltas": {"1": 3, "2": -3}, "lines": [], "x": [None, True, "č"]}
    assert dumps(data) == json.dumps(data, ensure_ascii=False)
    assert dumps(data, indent=2) == json.dumps(data, indent=2, ensure_ascii=False)


def test_it_writes_objects_that_have_to_json():
    class Thing:
        def to_json(self):
            return {"a": Decimal("0.50")}

    assert dumps([Thing()]) == '[{"a": 0.5}]'


def test_it_refuses_floats_and_non_finite_numbers():
    with pytest.raises(TypeError):
        dumps(1.5)
    with pytest.raises(ValueError):
        dumps(Decimal("NaN"))
    with pytest.raises(ValueError):
        loads('{"x": NaN}')


def test_loads_reads_decimals_exactly_and_integers_as_int():
    assert loads('{"a": 1.10, "b": 2, "c": 1e2}') == {
        "a": Decimal("1.10"), "b": 2, "c": Decimal("1E+2"),
    }  # fmt: skip
    assert type(loads("2")) is int


def test_freeze_makes_read_only_json_and_thaw_a_mutable_copy():
    frozen = freeze({"a": [1, {"b": 2}]})
    with pytest.raises(TypeError):
        frozen["a"] = 1
    assert thaw(frozen) == {"a": [1, {"b": 2}]}
