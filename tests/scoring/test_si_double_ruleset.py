"""Slovenian two-pack Tarok through every door: the registry, the command line,
`POST /api/score/`, the rulings lookup, its deal and its one-line summaries."""

import json
import os
import subprocess
import sys
from pathlib import Path

from django.urls import reverse

from scoring import catalogue, get_ruleset, score_hand
from scoring.rulesets import si_double
from scoring.turns import Turn

ROOT = Path(__file__).resolve().parents[2]
TROJKA = {"ruleset": "si_double", "players": 6, "contract": "trojka", "declarer": 1,
          "partners": [3, 5], "declarer_points": 83}  # fmt: skip
# trojka 30 + |83−70|=13 → 15 = 45 for seats 1, 3 and 5; the defenders 0 (not zero-sum)
TROJKA_DELTAS = {"1": 45, "2": 0, "3": 45, "4": 0, "5": 45, "6": 0}


def test_it_is_registered_with_the_shape_of_every_ruleset():
    module = get_ruleset("si_double")
    assert module is si_double
    assert module.TABLE_SIZES == (4, 6, 8) and module.ZERO_SUM is False
    assert module.SEATS({}) == (1, 2, 3, 4)
    assert module.SEATS({"players": 8}) == tuple(range(1, 9))
    assert module.LEVELS.names == ("kontra", "re", "sub", "mort")
    assert module.LEVELS.field == "kontra"
    assert module.FORM == "scoring.forms.si_double.SiDoubleHandForm"


def test_the_command_line_scores_a_hand():
    result = subprocess.run(
        [sys.executable, "manage.py", "score_hand", "--indent", "0"],
        cwd=ROOT, env={"PATH": os.defpath}, input=json.dumps(TROJKA).encode(),
        capture_output=True, timeout=30,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["deltas"] == TROJKA_DELTAS


def test_the_command_line_names_the_bad_field():
    bad = {**TROJKA, "partners": [2, 3, 4]}
    result = subprocess.run(
        [sys.executable, "manage.py", "score_hand"], cwd=ROOT, env={"PATH": os.defpath},
        input=json.dumps(bad).encode(), capture_output=True, timeout=30,
    )  # fmt: skip
    assert result.returncode == 1
    assert result.stderr.decode().startswith("CommandError: <stdin>: partners: with 6 players")


def test_the_api_scores_a_hand_and_names_a_bad_field(client):
    url = reverse("scoring:api_score")
    response = client.post(url, json.dumps(TROJKA), content_type="application/json")
    assert response.status_code == 200
    assert response.json()["deltas"] == TROJKA_DELTAS
    bad = {**TROJKA, "contract": "berac", "won": True, "declarer_points": None,
           "announcements": [{"kind": "trula", "side": "opponents", "won": True}]}  # fmt: skip
    response = client.post(url, json.dumps(bad), content_type="application/json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "announcements"


def test_the_rulings_lookup_finds_the_adjustment_in_either_language(client):
    url = reverse("scoring:rulings")
    (entry,) = catalogue("si_double")
    for query in ("si.adjustment", "popravek", "adjustment"):
        page = client.get(url, {"q": query}).content.decode()
        assert "si.adjustment" in page, query
    page = client.get(url, {"ruleset": "si_double"}).content.decode()
    assert "spjst.misdeal" not in page
    for line in score_hand(entry.ruleset, entry.example).lines:
        assert line.label in page


def test_the_deal_starts_at_seat_1_and_passes_one_seat_a_hand():
    deal = si_double.DEAL
    assert deal.next_turn([], 8) == Turn(dealer=1, bidder=2)
    hands = [TROJKA, {"penalties": [{"code": "si.adjustment", "seat": 1}]}, TROJKA]
    assert deal.next_turn(hands, 6) == Turn(dealer=3, bidder=4)  # a standalone ruling is not dealt
    assert deal.dealer_of(TROJKA, 6) is None


def test_a_recorded_hand_reads_in_one_line():
    def summary(hand):
        return str(si_double.summary(hand))

    assert summary({**TROJKA, "kontra": 1}) == "Trojka 1+3+5: 83, kontra"
    assert summary({"contract": "berac", "declarer": 2, "won": False}) == "Berač 2: lost"
    assert summary({"contract": "dvojka", "declarer": 1, "partners": [2],
                    "silent_valat": "declarer"}) == "Dvojka 1+2: silent valat by the declaring side"  # fmt: skip
    klop = {"contract": "klop", "klop_points": {"1": 32, "2": 38, "3": 41, "4": 29}}
    assert summary(klop) == "Klop 1:32 2:38 3:41 4:29"
    adjustment = {"penalties": [{"code": "si.adjustment", "seat": 2, "points": -20}]}
    assert summary(adjustment) == "adjustment (2: -20)"
    assert summary({}) == "—"


def test_a_hand_shows_what_it_is():
    hand = si_double.Hand.from_json({**TROJKA, "kontra": 2})
    assert repr(hand) == "<si_double.Hand trojka 1 with 3 and 5, 83 points, 6 players, re>"
