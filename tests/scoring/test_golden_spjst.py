"""Golden cases for SPJST from cases/spjst.json (RULES §9, §2.5 and one per rule line)."""

import pytest

from tests.scoring.golden import check_refused, check_scored, load_cases

CASES, SCORED, REFUSED = load_cases("spjst")


def test_the_case_file_has_both_kinds_and_unique_names():
    assert len(SCORED) > 80 and len(REFUSED) > 60
    assert len({case["name"] for case in CASES}) == len(CASES)


def test_every_expected_settlement_is_zero_sum():
    for case in SCORED:
        assert sum(case["deltas"].values()) == 0, case["name"]


@pytest.mark.parametrize("case", SCORED, ids=[case["name"] for case in SCORED])
def test_it_scores_the_golden_hand(case):
    check_scored(case)


@pytest.mark.parametrize("case", REFUSED, ids=[case["name"] for case in REFUSED])
def test_it_refuses_the_bad_hand_naming_the_field(case):
    check_refused(case)
