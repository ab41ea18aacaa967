import pytest
from django.urls import reverse

from scoring import RULESETS, catalogue, score_hand

URL = reverse("scoring:rulings")


def test_every_catalogue_entry_is_listed_with_its_source(client):
    page = client.get(URL).content.decode()
    for entry in catalogue():
        assert entry.code in page
    assert "004 §" in page


def test_search_by_english_words(client):
    page = client.get(URL, {"q": "misdeal"}).content.decode()
    assert "spjst.misdeal" in page and "spjst.discard_counter" not in page


def test_search_by_czech_words_finds_the_renonc_rulings(client):
    if "cz_xix" not in RULESETS:
        pytest.skip("no Czech ruleset registered")
    page = client.get(URL, {"q": "renonc"}).content.decode()
    assert "cz.renonc" in page or "cz_xix.renonc" in page


def test_filter_by_ruleset(client):
    page = client.get(URL, {"ruleset": "spjst"}).content.decode()
    assert all(entry.code in page for entry in catalogue("spjst"))
    assert "cz.renonc.revoke" not in page


def test_the_worked_example_is_the_engines(client):
    entry = next(e for e in catalogue("spjst") if e.code == "spjst.misdeal")
    page = client.get(URL, {"q": "spjst.misdeal"}).content.decode()
    settlement = score_hand(entry.ruleset, entry.example)
    for line in settlement.lines:
        assert line.label in page
