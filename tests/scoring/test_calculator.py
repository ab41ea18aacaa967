import pytest
from django.urls import reverse

from scoring.forms import SpjstHandForm

URL = reverse("scoring:calculator", args=["spjst"])
BASE = {
    "contract": "povinost",
    "declarer": "1",
    "partner": "3",
    "challenge": "0",
    "pagat_challenge": "0",
}


def _post(client, htmx: bool = True, **data):
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    return client.post(URL, {**BASE, **data}, **headers).content.decode()


@pytest.mark.django_db
def test_the_calculator_page_is_in_the_navigation(client):
    assert URL in client.get(reverse("home")).content.decode()


def test_htmx_gets_only_the_result_fragment(client):
    fragment = _post(client, declarer_points="59")
    assert "<html" not in fragment
    assert "Game: |59−53|=6, +10=16, ×2=32 → 3 chips" in fragment


def test_points_counted_from_the_ticked_cards(client):
    # The opponents took the Trull and two Kings: 25 points; the declaring side has 81.
    cards = ["skys", "I", "XXI", "K-hearts", "K-clubs"]
    fragment = _post(client, cards=cards, cards_side="opponents")
    assert "|81−53|=28" in fragment


def test_an_impossible_hand_shows_the_engine_error_on_the_field(client):
    page = _post(client, htmx=False, declarer_points="120")
    assert "This hand cannot be scored" in page
    form = SpjstHandForm({**BASE, "declarer_points": "120"})
    assert form.settle() is None
    assert "declarer_points" in form.errors


def test_prever_without_a_talon_choice_is_refused(client):
    fragment = _post(client, contract="prever", partner="", declarer_points="60")
    assert "Prever talon" in fragment


def test_the_running_total_adds_the_hand(client):
    fragment = _post(
        client, declarer_points="59", running='{"1": 2, "2": -2, "3": 0, "4": 0}', action="add"
    )
    assert (
        'value="{&quot;1&quot;: 5, &quot;2&quot;: -5, &quot;3&quot;: 3, &quot;4&quot;: -3}"'
        in fragment
    )


def test_a_broken_running_total_starts_again_from_zero(client):
    fragment = _post(client, declarer_points="59", running="{oops", action="add")
    assert (
        'value="{&quot;1&quot;: 3, &quot;2&quot;: -3, &quot;3&quot;: 3, &quot;4&quot;: -3}"'
        in fragment
    )


def test_a_preset_changes_the_prever_multiplier(client):
    hand = {
        "contract": "prever",
        "partner": "",
        "declarer": "4",
        "prever_talon": "3",
        "declarer_points": "50",
    }
    assert "−36" in _post(client, **hand)
    assert "−48" in _post(client, preset="westfest_2012", **hand)


def test_an_unknown_ruleset_has_no_calculator(client):
    assert client.get(reverse("scoring:calculator", args=["poker"])).status_code == 404


@pytest.mark.parametrize("value", ["", "abc"])
def test_typed_points_must_be_a_number(value, client):
    form = SpjstHandForm({**BASE, "declarer_points": value})
    assert form.settle() is None
