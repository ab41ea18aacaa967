"""The calculators of the Czech rulesets: /calculator/cz_xix/ and /calculator/cz_three/."""

import json

import pytest
from django.urls import reverse

from scoring import score_hand

CZ_XIX = reverse("scoring:calculator", args=["cz_xix"])
CZ_THREE = reverse("scoring:calculator", args=["cz_three"])
# docs/rules.md 6.10: první 1 with 3, 44 points, flek; the Pagat; tarocky and honery.
XIX_POST = {
    "contract": "prvni", "declarer": "1", "partner": "3", "called": "19",
    "declarer_points": "44", "flek": "1", "pagat_holder": "1", "pagat_announced": "on",
    "pagat_won": "on", "pagat_flek": "0", "valat_flek": "0",
    "hlaska_3_1": "tarocky", "hlaska_2_0": "honery",
}  # fmt: skip
# docs/rules.md 7.9: sólo by 2, seat 4 sitting out, 52 points, flek, fifty, uhu, trul.
THREE_POST = {
    "contract": "solo", "declarer": "2", "sitter": "4", "declarer_points": "52", "flek": "1",
    "varsava_flek": "0", "bonus_fifty_side": "declarer", "bonus_fifty_won": "on",
    "bonus_uhu_side": "opponents", "bonus_trul_side": "declarer",
}  # fmt: skip


def _post(client, url, data, htmx=True):
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    return client.post(url, data, **headers).content.decode().replace("&gt;", ">")


@pytest.mark.parametrize(
    ("url", "sections"),
    [
        (CZ_XIX, ["Hlášky", "Varšava: each player", "Renonc", "Flek on the Pagat"]),
        (CZ_THREE, ["Bonuses: hlášky and ptáčci", "Sits out (the dealer)", "Renonc", "tricks"]),
    ],
)
def test_each_czech_calculator_shows_its_form_and_offers_the_three_rulesets(client, url, sections):
    page = client.get(url).content.decode()
    for section in sections:
        assert section in page
    for ruleset in ("spjst", "cz_xix", "cz_three"):
        assert reverse("scoring:calculator", args=[ruleset]) in page
    assert 'aria-current="page"' in page


def test_the_cz_xix_calculator_scores_the_docs_example(client):
    page = _post(client, CZ_XIX, XIX_POST, htmx=False)
    expected = score_hand("cz_xix", {
        "contract": "prvni", "declarer": 1, "partner": 3, "called": 19, "declarer_points": 44,
        "flek": 1, "pagat": {"holder": 1, "announced": True, "won": True},
        "hlasky": [{"seat": 3, "kind": "tarocky"}, {"seat": 2, "kind": "honery"}],
    })  # fmt: skip
    assert dict(expected.deltas) == {1: 28, 2: -28, 3: 28, 4: -28}
    for line in expected.lines:
        assert line.label in page
    assert "&quot;hlasky&quot;" in page  # the hand as JSON, for the command line


def test_a_cz_xix_varsava_takes_each_players_points(client):
    data = {"contract": "varsava", "declarer": "1", "flek": "1", "pagat_flek": "0",
            "valat_flek": "0", "varsava_points_1": "12", "varsava_points_2": "24",
            "varsava_points_3": "24", "varsava_points_4": "10"}  # fmt: skip
    assert "seats 2 and 3 each pay 20 to each other player" in _post(client, CZ_XIX, data)


def test_a_varsava_short_of_a_seat_shows_the_error_on_that_seat(client):
    data = {"contract": "varsava", "declarer": "1", "flek": "0", "pagat_flek": "0",
            "valat_flek": "0", "varsava_points_1": "35", "varsava_points_2": "35"}  # fmt: skip
    assert "Seat 3: points: is required: every seat" in _post(client, CZ_XIX, data)


def test_the_cz_three_calculator_scores_the_docs_example_with_a_sitter(client):
    page = _post(client, CZ_THREE, THREE_POST)
    assert "Game (sólo): won with 52 points: 4; flek ×2 = 8" in page
    assert "Bonus Uhu (the opponents) silent, killed in its own trick: 1.5; Sólo ×2 = 3" in page
    assert "Bonus Trul (the declaring side) silent, made: 0.5; Sólo ×2 = 1" in page
    assert ">+42<" in page and page.count(">−14<") == 3


def test_a_cz_three_varsava_counts_points_and_tricks(client):
    data = {"contract": "varsava", "declarer": "1", "flek": "0", "varsava_flek": "1",
            "varsava_points_1": "31", "varsava_points_2": "22", "varsava_points_3": "0",
            "varsava_tricks_1": "9", "varsava_tricks_2": "7", "varsava_tricks_3": "0"}  # fmt: skip
    page = _post(client, CZ_THREE, data)
    assert "Varšava, no trick: 2 from each, not multiplied" in page


def test_the_running_total_keeps_the_sitter_when_the_next_hand_has_none(client):
    running = json.dumps({"1": 0, "2": 0, "3": 0, "4": 0})
    first = {**THREE_POST, "running": running, "action": "add"}
    page = _post(client, CZ_THREE, first)
    carried = "{&quot;1&quot;: -14, &quot;2&quot;: 42, &quot;3&quot;: -14, &quot;4&quot;: -14}"
    assert carried in page
    second = {"contract": "prvni", "declarer": "1", "declarer_points": "41", "flek": "0",
              "varsava_flek": "0", "action": "add",
              "running": json.dumps({"1": -14, "2": 42, "3": -14, "4": -14})}  # fmt: skip
    page = _post(client, CZ_THREE, second)
    assert "&quot;1&quot;: -12, &quot;2&quot;: 41, &quot;3&quot;: -15, &quot;4&quot;: -14" in page


def test_a_czech_house_rule_may_be_a_decimal(client):
    data = {**XIX_POST, "house_prvni_multiplier": "1.5", "flek": "0", "pagat_holder": "",
            "hlaska_3_1": "", "hlaska_2_0": ""}  # fmt: skip
    assert "Game (první): |44−35|=9; ×1.5 = 13.5" in _post(client, CZ_XIX, data)
