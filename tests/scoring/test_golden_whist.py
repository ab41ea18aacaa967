"""Golden cases for whist: cases/whist.json (RULES §6.1).

Each case is worked out by hand from RULES.md (its name shows the arithmetic): every
variant, honours and slams, and the refusals naming their field.
"""

import re
from pathlib import Path

import pytest

from scoring import loads, score_hand
from scoring.hand_documents import score_document
from tests.scoring.golden import check_refused, check_scored, load_cases

CASES, SCORED, REFUSED = load_cases("whist")


def test_the_case_file_has_both_kinds_unique_names_and_its_own_ruleset():
    assert len(SCORED) >= 25 and len(REFUSED) >= 25
    assert len({case["name"] for case in CASES}) == len(CASES)
    assert all(case["hand"].get("ruleset") == "whist" for case in CASES)
    variants = {case["hand"]["variant"] for case in SCORED}
    assert variants == {"standard", "cayenne", "grand", "three_player", "hussar", "flying_duck"}


def test_scores_are_written_not_paid_partners_get_the_same():
    for case in SCORED:
        deltas = case["deltas"]
        assert all(amount >= 0 for amount in deltas.values()), case["name"]
        if case["hand"]["variant"] not in ("hussar", "three_player"):
            assert deltas["1"] == deltas["3"] and deltas["2"] == deltas["4"], case["name"]


@pytest.mark.parametrize("case", SCORED, ids=[case["name"] for case in SCORED])
def test_it_scores_the_golden_hand(case):
    check_scored(case)


@pytest.mark.parametrize("case", REFUSED, ids=[case["name"] for case in REFUSED])
def test_it_refuses_the_bad_hand_naming_the_field(case):
    check_refused(case)


@pytest.mark.parametrize(
    ("hand", "labels"),
    [
        (
            {"variant": "cayenne", "cayenne_accepted": True, "tricks": {"NS": 1, "EW": 12},
             "honours": {"side": "EW", "count": 3}},
            [
                "Tricks E–W: 12 taken, 12−6=6 over the book × 4 (cayenne, the dealer's trump "
                "kept: doubled) = 24; seats 2 and 4 score +24 each",
                "Honours E–W: 3 of A K Q J 10 of trumps = 3, the dealer's trump kept ×2 = 6; "
                "seats 2 and 4 score +6 each",
                "Small slam E–W: 12 tricks, the opponents took one trick: +30; seats 2 and 4 "
                "score +30 each",
            ],
        ),
        (
            {"variant": "grand", "tricks": {"NS": 8, "EW": 5}, "honours": {"side": "EW", "count": 3}},
            [
                "Tricks N–S: 8 taken, 8−6=2 over the book × 4 (grand) = 8; seats 1 and 3 score "
                "+8 each",
                "Honours E–W (grand): 3 aces = 2; seats 2 and 4 score +2 each",
            ],
        ),
        (
            {"variant": "three_player", "tricks": {"1": 6, "2": 4, "3": 3}},
            ["Tricks seat 1: 6 taken, 6−4=2 over four × 2 = 4; seat 1 scores +4"],
        ),
        (
            {"variant": "hussar", "tricks": {"1": 5, "2": 5, "3": 2, "4": 1},
             "honours": {"seat": 3, "count": 5}},
            [
                "Tricks seat 1: 5 taken, 5−3=2 from the fourth on × 2 = 4; seat 1 scores +4",
                "Tricks seat 2: 5 taken, 5−3=2 from the fourth on × 2 = 4; seat 2 scores +4",
                "Honours seat 3 (hussar): 5 of A K Q J 10 of trumps = 3; seat 3 scores +3",
            ],
        ),
        (
            {"variant": "standard", "tricks": {"NS": 7, "EW": 6}, "honours": {"side": "EW", "count": 2}},
            [
                "Tricks N–S: 7 taken, 7−6=1 over the book × 2 = 2; seats 1 and 3 score +2 each",
                "Honours E–W: 2 of A K Q J 10 of trumps score nothing (3, 4 or 5 score); seats "
                "2 and 4: nothing to write",
            ],
        ),
    ],
)  # fmt: skip
def test_every_line_shows_its_arithmetic(hand, labels):
    assert [line.label for line in score_hand("whist", hand).lines] == labels


def test_three_players_settle_seats_1_to_3_only():
    settlement = score_hand(
        "whist", {"variant": "three_player", "tricks": {"1": 5, "2": 5, "3": 3}}
    )
    assert settlement.seats == (1, 2, 3)
    assert settlement.to_json()["deltas"] == {"1": 2, "2": 2, "3": 0}


DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules.md"


def _documented():
    """The ```json blocks of docs/rules.md's whist example section, in order."""
    section = DOCS.read_text(encoding="utf-8").split("### 9.8 Example", 1)[1].split("\n## ", 1)[0]
    return [loads(block) for block in re.findall(r"```json\n(.*?)\n```", section, flags=re.DOTALL)]


def test_the_documented_whist_settlements_are_the_engines():
    first, first_answer, hussar, hussar_answer, rubber = _documented()
    assert score_hand(None, first).to_json() == first_answer
    assert score_hand(None, hussar).to_json() == hussar_answer
    answer = score_document(rubber)
    assert answer["totals"] == {"NS": 224, "EW": 62}
    assert answer["result"] == {"winner": "NS", "totals": {"NS": 224, "EW": 62}, "difference": 162}
    assert answer["hands"][1]["events"] == [
        "Game 1 to E–W: +50",
        "E–W strike N–S's 4 points of the game",
    ]
