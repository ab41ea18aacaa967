"""Golden cases for Slovenian two-pack Tarok: cases/si_double.json (RULES §5, §7.3).

Every bid, every announcement (announced and silent, made and failed, with kontra), the
same-group rule, 4, 6 and 8 players, the three klop cases, the silent valat both ways,
the director's adjustment and the refusals; each case worked out by hand from RULES.md
(the case's name shows the arithmetic).
"""

import pytest

from scoring import score_hand
from scoring.rulesets.si_double import GAME_VALUES, NAPOVEDI
from scoring.rulesets.si_double_hand import Contract
from tests.scoring.golden import check_refused, check_scored, load_cases

CASES, SCORED, REFUSED = load_cases("si_double")


def test_the_case_file_has_both_kinds_unique_names_and_its_own_ruleset():
    assert len(SCORED) > 90 and len(REFUSED) > 50
    assert len({case["name"] for case in CASES}) == len(CASES)
    assert all(case["hand"].get("ruleset") == "si_double" for case in CASES)


def test_every_bid_and_every_announcement_kind_has_a_case():
    contracts = {case["hand"].get("contract") for case in SCORED}
    assert contracts >= {contract.value for contract in Contract}
    assert set(GAME_VALUES) | {Contract.KLOP} == set(Contract)
    kinds = {entry["kind"] for case in SCORED for entry in case["hand"].get("announcements", ())}
    assert kinds == set(NAPOVEDI)


def test_every_table_size_has_a_case():
    assert {case["hand"].get("players", 4) for case in SCORED} == {4, 6, 8}


@pytest.mark.parametrize("case", SCORED, ids=[case["name"] for case in SCORED])
def test_it_scores_the_golden_hand(case):
    check_scored(case)


@pytest.mark.parametrize("case", REFUSED, ids=[case["name"] for case in REFUSED])
def test_it_refuses_the_bad_hand_naming_the_field(case):
    check_refused(case)


def test_the_labels_show_the_arithmetic():
    hand = {
        "ruleset": "si_double", "players": 6, "contract": "trojka", "declarer": 1,
        "partners": [3, 5], "declarer_points": 83, "kontra": 1,
        "announcements": [
            {"kind": "trula", "side": "declarer", "announced": True, "won": True},
            {"kind": "barvna_trula", "side": "declarer", "won": True},
            {"kind": "pagat_ultimo", "side": "opponents", "won": False},
        ],
    }  # fmt: skip
    labels = [line.label for line in score_hand(None, hand).lines]

    assert labels == [
        "Game (trojka 30): 83 points, |83−70|=13 → 15; 30+15=45; kontra ×2 = 90; "
        "seats 1, 3 and 5 score +90 each",
        "Trula (the declaring side) announced, made; not counted: the side's higher one of its "
        "group counts alone; seats 1, 3 and 5: nothing to write",
        "Barvna trula (the declaring side) silent, made: 30/2=15; seats 1, 3 and 5 score +15 each",
        "Pagat ultimo (the defenders) silent, caught in the last trick: 50/2=25; "
        "seats 2, 4 and 6 score −25 each",
    ]


def test_klop_and_the_silent_valat_labels_say_the_rule():
    klop = {
        "ruleset": "si_double", "contract": "klop",
        "klop_points": {"1": 0, "2": 72, "3": 33, "4": 35},
        "klop_tricks": {"1": 0, "2": 12, "3": 6, "4": 6},
    }  # fmt: skip
    valat = {"ruleset": "si_double", "contract": "dvojka", "declarer": 1, "partners": [2],
             "silent_valat": "opponents"}  # fmt: skip

    assert [line.label for line in score_hand(None, klop).lines] == [
        "Klop, seat 1: 0 points in 0 tricks; no trick: +140; seat 1 scores +140",
        "Klop, seat 2: 72 points in 12 tricks; more than 70: −140; seat 2 scores −140",
        "Klop, seat 3: 33 points in 6 tricks; 33 → 35; seat 3 scores −35",
        "Klop, seat 4: 35 points in 6 tricks; seat 4 scores −35",
    ]
    assert score_hand(None, valat).lines[0].label == (
        "Silent valat by the defenders: 250 instead of game, difference and announcements; "
        "the defenders score 0; seats 1 and 2 score −250 each"
    )
