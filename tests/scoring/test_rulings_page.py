import re

import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape

from scoring import RULESETS, catalogue, score_hand
from scoring.translate import say

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


def _found(client, query: str) -> set[str]:
    page = client.get(URL, {"q": query}).content.decode()
    return {entry.code for entry in catalogue() if f">{entry.code}<" in page or entry.code in page}


def test_the_search_ignores_accents_and_case(client):
    with_accents = _found(client, "rozdávání")
    assert with_accents and _found(client, "ROZDAVANI") == with_accents
    assert "cz.renonc.misdeal" in with_accents


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("deljenje", {"spjst.misdeal", "cz.renonc.misdeal"}),  # Slovenian: dealing
        ("nepriznana barva", {"spjst.renege", "cz.renonc.revoke"}),  # Slovenian: revoke
        ("chybne rozdani", {"spjst.misdeal", "cz.renonc.misdeal"}),  # Czech, typed plain
        ("igralec", {"cz.renonc.conduct"}),  # Slovenian: player (discipline)
        ("revoke", {"spjst.renege", "cz.renonc.revoke"}),  # English word, Czech entry
        ("prilagoditev", {"si.adjustment"}),  # Slovenian, the Slovenian entry
    ],
)
def test_the_search_finds_entries_by_their_czech_slovenian_and_english_words(
    client, query, expected
):
    assert expected <= _found(client, query)


def test_kazen_the_slovenian_word_for_penalty_finds_every_ruling(client):
    assert _found(client, "kazen") == {entry.code for entry in catalogue()}


def test_every_entry_has_search_words_in_all_three_languages():
    for entry in catalogue():
        assert all(entry.keywords.get(language) for language in ("en", "cs", "sl")), entry.code


def test_renonc_narrows_to_the_renonc_rulings(client):
    found = _found(client, "renonc")
    assert found and found < {entry.code for entry in catalogue()}
    assert "spjst.misdeal" not in found and "si.adjustment" not in found


def test_a_word_matches_by_its_stem_in_the_readers_language(client):
    client.cookies["django_language"] = "cs"
    # "rozdáním" (by dealing) finds the dealing rulings by the stem "rozd…".
    assert "cz.renonc.misdeal" in _found(client, "rozdáním")


def test_the_best_match_comes_first_and_its_words_are_marked(client):
    client.cookies["django_language"] = "cs"
    page = client.get(URL, {"q": "špatné rozdání"}).content.decode()
    first = page.index('class="ruling"')
    assert 'id="spjst.misdeal"' in page[first : first + 40] or (
        'id="cz.renonc.misdeal"' in page[first : first + 40]
    )
    assert "<mark>Špatné</mark> <mark>rozdání</mark>" in page


@pytest.mark.parametrize("language", ["cs", "sl"])
def test_the_rulings_read_in_the_players_words(client, language):
    """Issue 30: effects and sources in words (the seed's own texts, marked with their
    language, are quotes and stay as written)."""
    from tests.scoring.words_check import offences

    client.cookies["django_language"] = language
    page = client.get(URL).content.decode()
    said = re.sub(r'<blockquote lang="[a-z]+">.*?</blockquote>|<[^>]+>', " ", page, flags=re.S)
    said = re.sub(r'id="[^"]*"', " ", said)
    assert offences(said) == []


@pytest.mark.parametrize("language", ["cs", "sl"])
def test_spjst_rules_are_restated_in_the_readers_language(client, language):
    """The SPJST seed is English: a Czech or Slovenian reader reads its restated rules in
    their language, and the seed's English words only in a quote they open."""
    client.cookies["django_language"] = language
    page = client.get(URL, {"ruleset": "spjst"}).content.decode()
    with translation.override(language):
        for entry in catalogue("spjst"):
            restated = say(entry.rule_text)
            assert restated != str(entry.rule_text), entry.code
            assert escape(restated) in page, entry.code
            assert escape(str(entry.rule_text)) not in page, entry.code
    quoted = re.findall(r'<details class="source-words">.*?</details>', page, re.S)
    assert len(quoted) == len(catalogue("spjst")) and all('lang="en"' in q for q in quoted)
