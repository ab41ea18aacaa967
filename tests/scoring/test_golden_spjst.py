"""Golden cases for SPJST from cases/spjst.json (RULES §9, §2.5 and one per rule line)."""

from pathlib import Path

import pytest

from scoring import HandError, loads, score_hand

CASES = loads((Path(__file__).parent / "cases" / "spjst.json").read_text(encoding="utf-8"))
SCORED = [case for case in CASES if "deltas" in case]
REFUSED = [case for case in CASES if "error_field" in case]


def test_the_case_file_has_both_kinds_and_unique_names():
    assert len(SCORED) > 80 and len(REFUSED) > 60
    assert len({case["name"] for case in CASES}) == len(CASES)


def test_every_expected_settlement_is_zero_sum():
    for case in SCORED:
        assert sum(case["deltas"].values()) == 0, case["name"]


@pytest.mark.parametrize("case", SCORED, ids=[case["name"] for case in SCORED])
def test_it_scores_the_golden_hand(case):
    settlement = score_hand(None, case["hand"], case.get("house_rules"))

    assert settlement.to_json()["deltas"] == case["deltas"]


@pytest.mark.parametrize("case", REFUSED, ids=[case["name"] for case in REFUSED])
def test_it_refuses_the_bad_hand_naming_the_field(case):
    with pytest.raises(HandError) as raised:
        score_hand(None, case["hand"], case.get("house_rules"))

    assert raised.value.field == case["error_field"]
    assert str(raised.value).startswith(f"{case['error_field']}: ")
