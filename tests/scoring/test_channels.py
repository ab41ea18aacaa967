"""One hand through the three doors: command line, HTTP endpoint and calculator page."""

import json
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from scoring import dumps, score_hand

ROOT = Path(__file__).resolve().parents[2]

# RULES §9 example 8 with a Pagat and a penalty: every kind of line at once.
HAND = {
    "ruleset": "spjst",
    "contract": "povinost",
    "declarer": 1,
    "partner": 3,
    "declarer_points": 59,
    "challenge": 1,
    "pagat": {"holder": 2, "announced": True, "won": True, "challenge": 0},
    "values": [{"seat": 4, "value": "taroky"}, {"seat": 1, "value": "pane"}],
    "penalties": [{"code": "spjst.discard_counter", "seat": 3}],
}
CALCULATOR_POST = {
    "contract": "povinost",
    "declarer": "1",
    "partner": "3",
    "declarer_points": "59",
    "challenge": "1",
    "pagat_holder": "2",
    "pagat_announced": "on",
    "pagat_won": "on",
    "pagat_challenge": "0",
    "value_4_0": "taroky",
    "value_1_1": "pane",
    "penalty_0_code": "spjst.discard_counter",
    "penalty_0_seat": "3",
}


def _cli(*args: str) -> tuple[str, str]:
    out, err = StringIO(), StringIO()
    call_command("score_hand", *args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def _cli_stdin(text: str, monkeypatch) -> dict | list:
    monkeypatch.setattr(sys, "stdin", StringIO(text))
    out, _ = _cli()
    return json.loads(out)


def test_the_three_channels_agree(client, monkeypatch):
    expected = score_hand("spjst", HAND).to_json()
    from_cli = _cli_stdin(json.dumps(HAND), monkeypatch)
    from_api = client.post(
        reverse("scoring:api_score"), json.dumps(HAND), content_type="application/json"
    ).json()
    page = client.post(
        reverse("scoring:calculator", args=["spjst"]), CALCULATOR_POST
    ).content.decode()
    assert from_cli == from_api == json.loads(dumps(expected))
    for line in expected["lines"]:
        assert line["label"] in page.replace("&gt;", ">")
    # Game 6 (Kontra), Pagat 4 to seats 2 and 4, pane 2 and taroky 4 from each,
    # seat 3 pays 5 to each for discarding a counter.
    assert expected["deltas"] == {"1": 9, "2": -3, "3": -19, "4": 13}


def test_the_command_line_scores_an_array_from_a_file(tmp_path):
    path = tmp_path / "hands.json"
    path.write_text(json.dumps([HAND, {**HAND, "challenge": 0, "pagat": None}]))
    out, _ = _cli(str(path))
    results = json.loads(out)
    assert [r["deltas"]["1"] for r in results] == [9, 10]


def test_a_bad_hand_on_the_command_line_names_the_field_and_prints_nothing():
    bad = json.dumps(
        {**HAND, "pagat": {"holder": 2, "announced": False, "won": True, "challenge": 2}}
    )
    result = subprocess.run(
        [sys.executable, "manage.py", "score_hand"],
        input=bad,
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={"DJANGO_SETTINGS_MODULE": "config.settings_test", "PATH": "/usr/bin:/bin"},
    )
    assert result.returncode != 0
    assert result.stdout == ""
    assert "pagat.challenge" in result.stderr


def test_the_command_line_names_the_hand_in_an_array(tmp_path):
    path = tmp_path / "hands.json"
    path.write_text(json.dumps([HAND, {**HAND, "declarer": 9}]))
    with pytest.raises(CommandError, match=r"\[1\]\.declarer"):
        _cli(str(path))


def test_the_command_line_refuses_text_that_is_not_json(monkeypatch):
    monkeypatch.setattr(sys, "stdin", StringIO("{not json"))
    with pytest.raises(CommandError, match="document: not valid JSON"):
        _cli()


def test_a_missing_file_is_named(tmp_path):
    with pytest.raises(CommandError, match="cannot read"):
        _cli(str(tmp_path / "nope.json"))


def test_the_api_answers_400_with_the_field(client):
    response = client.post(
        reverse("scoring:api_score"),
        json.dumps({**HAND, "declarer_points": "59"}),
        content_type="application/json",
    )
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "declarer_points"


def test_the_api_needs_no_csrf_token_and_no_login():
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    response = client.post(
        reverse("scoring:api_score"), json.dumps(HAND), content_type="application/json"
    )
    assert response.status_code == 200


def test_the_api_refuses_get(client):
    assert client.get(reverse("scoring:api_score")).status_code == 405


def test_the_api_scores_an_array(client):
    response = client.post(
        reverse("scoring:api_score"), json.dumps([HAND, HAND]), content_type="application/json"
    )
    assert [r["deltas"]["4"] for r in response.json()] == [13, 13]
