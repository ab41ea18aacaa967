"""Golden cases for the Czech rulesets: cases/cz_xix.json and cases/cz_three.json.

RULES §9 examples 10–12 and one case per rule line of §3, §4, §7.2 and §7.3, each worked
out by hand from RULES.md (the case's name shows the arithmetic).
"""

import pytest

from tests.scoring.golden import check_refused, check_scored, load_cases

FILES = {ruleset: load_cases(ruleset) for ruleset in ("cz_xix", "cz_three")}
SCORED = [(ruleset, case) for ruleset, (_, scored, _) in FILES.items() for case in scored]
REFUSED = [(ruleset, case) for ruleset, (_, _, refused) in FILES.items() for case in refused]


def _ids(cases):
    return [f"{ruleset}: {case['name']}" for ruleset, case in cases]


@pytest.mark.parametrize("ruleset", FILES)
def test_each_case_file_has_both_kinds_unique_names_and_its_own_ruleset(ruleset):
    cases, scored, refused = FILES[ruleset]
    assert len(scored) > 50 and len(refused) > 40
    assert len({case["name"] for case in cases}) == len(cases)
    assert all(case["hand"].get("ruleset") == ruleset for case in cases)


def test_every_expected_settlement_is_zero_sum():
    for _, case in SCORED:
        assert sum(case["deltas"].values()) == 0, case["name"]


@pytest.mark.parametrize(("ruleset", "case"), SCORED, ids=_ids(SCORED))
def test_it_scores_the_golden_hand(ruleset, case):
    check_scored(case)


@pytest.mark.parametrize(("ruleset", "case"), REFUSED, ids=_ids(REFUSED))
def test_it_refuses_the_bad_hand_naming_the_field(ruleset, case):
    check_refused(case)
