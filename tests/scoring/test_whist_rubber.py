"""Whist rubbers (RULES §6.2): games to 10, game +50, rubber +70, slams to the total only,
the strike_points house rule; through Python, the command line and POST /api/score/.

Every total below is worked out by hand from RULES.md in the comments.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.urls import reverse

from scoring import RULESETS, HandError
from scoring.hand_documents import score_document
from scoring.rulesets.whist import RUBBERS, Hand, score_rubbers

ROOT = Path(__file__).resolve().parents[2]


def _std(ns: int, honours: dict | None = None, variant: str = "standard", **more) -> dict:
    hand = {"variant": variant, "tricks": {"NS": ns, "EW": 13 - ns}, **more}
    return {**hand, "honours": honours} if honours else hand


def _rubbers(hands: list[dict], **rules):
    return score_rubbers([Hand.from_json(hand) for hand in hands], rules)


def _rubber(hands: list[dict], **rules):
    """The one rubber of ``hands``: a rubber document, so a hand after its end is refused."""
    answer = score_document({"ruleset": "whist", "rubber": True, "hands": hands,
                             "house_rules": rules})  # fmt: skip
    (rubber,) = _rubbers(hands, **rules)
    assert rubber.to_json() == answer
    return rubber


# N–S 11 tricks (10) and E–W 3 honours (3): game 1 to N–S; then 10 tricks (8) and 4
# honours (4) = 12: game 2 and the rubber.
TWO_NIL = [_std(11, {"side": "EW", "count": 3}), _std(10, {"side": "NS", "count": 4})]
# N–S 4; E–W 4 + 4 honours = 8; cayenne kept, E–W 3 × 4 = 12: game 1 to E–W (20);
# grand N–S 3 × 4 = 12: game 2 to N–S; small slam N–S 12 (+30): game 3 and the rubber.
TWO_ONE = [
    _std(8),
    _std(5, {"side": "EW", "count": 4}),
    _std(4, variant="cayenne", cayenne_accepted=True),
    _std(9, variant="grand"),
    _std(12),
]


def test_a_rubber_won_two_nil():
    rubber = _rubber(TWO_NIL)
    # N–S: 10 + 50 + 12 + 50 + 70 = 192; E–W: 3.
    assert rubber.games == {"NS": 2, "EW": 0}
    assert rubber.totals == {"NS": 192, "EW": 3}
    assert rubber.result.winner == "NS" and rubber.result.difference == 189
    first, second = rubber.hands
    assert first.game == {"NS": 10, "EW": 3} and first.totals == {"NS": 60, "EW": 3}
    assert tuple(map(str, first.events)) == ("Game 1 to N–S: +50",)
    assert tuple(map(str, second.events)) == ("Game 2 to N–S: +50", "Rubber to N–S (2 games): +70")


def test_a_rubber_won_two_one():
    rubber = _rubber(TWO_ONE)
    # N–S 4 + 12 + 50 + 12 + 30 + 50 + 70 = 228; E–W 8 + 12 + 50 = 70.
    assert [hand.games for hand in rubber.hands][2:] == [
        {"NS": 0, "EW": 1}, {"NS": 1, "EW": 1}, {"NS": 2, "EW": 1},
    ]  # fmt: skip
    assert [hand.totals for hand in rubber.hands] == [
        {"NS": 4, "EW": 0}, {"NS": 4, "EW": 8}, {"NS": 4, "EW": 70}, {"NS": 66, "EW": 70},
        {"NS": 228, "EW": 70},
    ]  # fmt: skip
    assert rubber.result.to_json() == {
        "winner": "NS", "totals": {"NS": 228, "EW": 70}, "difference": 158,
    }  # fmt: skip


def test_a_slam_goes_to_the_total_but_not_to_the_game():
    rubber = _rubber([_std(12)])
    assert rubber.hands[0].game == {"NS": 12, "EW": 0}  # 6 tricks × 2, not the slam's 30
    assert rubber.totals == {"NS": 92, "EW": 0}  # 12 + 30 + the game's 50
    assert rubber.result is None  # one game is not the rubber


def test_strike_points_strikes_the_opponents_points_of_the_game():
    # Two-nil: E–W's 3 honours of game 1 are struck: N–S 192, E–W 0.
    assert _rubber(TWO_NIL, strike_points=True).totals == {"NS": 192, "EW": 0}
    rubber = _rubber(TWO_ONE, strike_points=True)
    # Game 1 to E–W strikes N–S's 4; games 2 and 3 leave E–W nothing to strike.
    assert tuple(map(str, rubber.hands[2].events)) == (
        "Game 1 to E–W: +50",
        "E–W strike N–S's 4 points of the game",
    )
    assert rubber.totals == {"NS": 224, "EW": 70}
    assert rubber.result.difference == 154


def test_tricks_are_counted_before_honours():
    # N–S 8 and E–W 6; then N–S's 7th trick (2) makes 10 before E–W's 4 honours make 10.
    rubber = _rubber([_std(10), _std(4), _std(7, {"side": "EW", "count": 4})])
    assert tuple(map(str, rubber.hands[2].events)) == ("Game 1 to N–S: +50",)
    assert rubber.totals == {"NS": 60, "EW": 10}


def test_hussar_one_game_of_ten_makes_the_rubber():
    hands = [
        {
            "variant": "hussar",
            "tricks": {"1": 6, "2": 3, "3": 2, "4": 2},
            "honours": {"seat": 2, "count": 4},
        },
        {"variant": "hussar", "tricks": {"1": 5, "2": 6, "3": 1, "4": 1}},
    ]
    rubber = _rubber(hands)
    # Seat 1: 6 + 4 = 10, + 50 + 70 = 130; seat 2: 2 + 6 = 8.
    assert rubber.totals == {"1": 130, "2": 8, "3": 0, "4": 0}
    assert rubber.result.winner == "1" and rubber.result.difference == 122
    assert str(rubber.hands[1].events[-1]) == "Rubber to seat 1 (one game): +70"


def test_players_alone_equal_at_the_top_play_on():
    hands = [
        {"variant": "hussar", "tricks": {"1": 5, "2": 5, "3": 2, "4": 1}},  # 4 and 4
        {"variant": "hussar", "tricks": {"1": 6, "2": 6, "3": 1, "4": 0}},  # 10 and 10
        {"variant": "hussar", "tricks": {"1": 4, "2": 3, "3": 3, "4": 3}},  # 12 and 10
    ]
    rubber = _rubber(hands)
    assert tuple(map(str, rubber.hands[1].events)) == ()
    assert rubber.result.winner == "1" and rubber.totals["1"] == 4 + 6 + 2 + 50 + 70


def test_three_players_play_two_games():
    hands = [{"variant": "three_player", "tricks": {"1": 9, "2": 2, "3": 2}}] * 2
    rubber = _rubber(hands)
    # (9 − 4) × 2 = 10 a game: 10 + 50 + 10 + 50 + 70 = 190.
    assert rubber.totals == {"1": 190, "2": 0, "3": 0} and rubber.games["1"] == 2


@pytest.mark.parametrize(
    ("hands", "field"),
    [
        ([], "hands"),
        ([*TWO_NIL, _std(7)], "hands[2]"),
        ([_std(7), {"variant": "hussar", "tricks": {"1": 4, "2": 3, "3": 3, "4": 3}}],
         "hands[1].variant"),
        ([{"variant": "hussar", "tricks": {"1": 4, "2": 3, "3": 3, "4": 3}},
          {"variant": "three_player", "tricks": {"1": 5, "2": 4, "3": 4}}], "hands[1].variant"),
    ],
)  # fmt: skip
def test_a_rubber_refuses_a_hand_after_its_end_or_of_another_kind(hands, field):
    with pytest.raises(HandError) as raised:
        _rubber(hands)
    assert raised.value.field == field


def test_rubbers_are_played_one_after_another():
    hussar = {"variant": "hussar", "tricks": {"1": 6, "2": 3, "3": 2, "4": 2}}
    first, second, third = _rubbers([*TWO_NIL, *TWO_ONE, hussar])
    # Each rubber starts from nothing: the second is TWO_ONE's alone, the third a hussar
    # rubber (another kind of play may start once the rubber before has ended).
    assert first.to_json() == _rubber(TWO_NIL).to_json()
    assert second.to_json() == _rubber(TWO_ONE).to_json()
    assert third.parties == {"1": (1,), "2": (2,), "3": (3,), "4": (4,)}
    assert third.totals == {"1": 6, "2": 0, "3": 0, "4": 0} and third.result is None


def test_only_rubber_playing_rulesets_have_rubbers():
    assert RUBBERS is score_rubbers
    assert [name for name, module in RULESETS.items() if module.RUBBERS] == ["whist"]


def test_partnership_variants_mix_in_one_rubber():
    assert _rubber(TWO_ONE).parties == {"NS": (1, 3), "EW": (2, 4)}


RUBBER = {"ruleset": "whist", "rubber": True, "hands": TWO_NIL}


def test_a_rubber_document_scores_the_same_as_python():
    answer = score_document({**RUBBER, "house_rules": {"strike_points": True}})
    assert answer["totals"] == {"NS": 192, "EW": 0}
    assert answer["result"] == {"winner": "NS", "totals": {"NS": 192, "EW": 0}, "difference": 192}
    assert answer["hands"][0]["settlement"]["deltas"] == {"1": 10, "2": 3, "3": 10, "4": 3}


@pytest.mark.parametrize(
    ("document", "field"),
    [
        ({**RUBBER, "rubber": False}, "rubber"),
        ({**RUBBER, "ruleset": "spjst"}, "rubber"),
        (
            {**RUBBER, "hands": [TWO_NIL[0], _std(7) | {"tricks": {"NS": 7, "EW": 7}}]},
            "hands[1].tricks",
        ),
        ({**RUBBER, "hands": [TWO_NIL[0], [1]]}, "hands[1]"),
        ({**RUBBER, "hands": [{**TWO_NIL[0], "house_rules": {}}]}, "hands[0].house_rules"),
        ({**RUBBER, "house_rules": {"strike": True}}, "house_rules.strike"),
        ({"ruleset": "whist", "rubber": True}, "hands"),
        ({**RUBBER, "dealer": 1}, "dealer"),
    ],
)
def test_a_bad_rubber_document_names_the_field(document, field):
    with pytest.raises(HandError) as raised:
        score_document(document)
    assert raised.value.field == field


def test_the_api_scores_a_hand_and_a_rubber(client):
    url = reverse("scoring:api_score")
    hand = {"ruleset": "whist", **_std(9, {"side": "EW", "count": 4})}
    response = client.post(url, json.dumps(hand), content_type="application/json")
    assert response.status_code == 200
    assert response.json()["deltas"] == {"1": 6, "2": 4, "3": 6, "4": 4}
    response = client.post(url, json.dumps(RUBBER), content_type="application/json")
    assert response.status_code == 200
    assert response.json()["result"]["winner"] == "NS"
    bad = {**RUBBER, "hands": [*TWO_NIL, _std(7)]}
    response = client.post(url, json.dumps(bad), content_type="application/json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "hands[2]"


def test_the_command_line_scores_a_rubber_with_no_environment():
    result = subprocess.run(
        [sys.executable, "manage.py", "score_hand", "--indent", "0"],
        cwd=ROOT, env={"PATH": os.defpath}, input=json.dumps(RUBBER).encode(),
        capture_output=True, timeout=30,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["totals"] == {"NS": 192, "EW": 3}


def test_the_readme_rubber_example_answers_what_it_says():
    readme = (ROOT / "README.md").read_text(encoding="utf-8").split("## Whist", 1)[1]
    document = json.loads(readme.split("echo '", 1)[1].split("' \\", 1)[0])
    answer = score_document(document)
    said = readme.split("ends with `", 1)[1].split("` (N–S", 1)[0].replace("\n", " ")
    assert json.loads("{" + said + "}") == {
        key: answer[key] for key in ("games", "totals", "result")
    }
