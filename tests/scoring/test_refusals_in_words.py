"""Issue 30: every refusal of the engine reads in the player's words on the hand form.

A generated list of bad hands per ruleset (tests/scoring/bad_hands.py: missing fields,
wrong types, values out of range, contradictions, penalty rows the rules refuse) meets
every refusal the engine gives; each is put on the ruleset's hand form in Czech and in
Slovenian, and no message may show a code name, a dotted code, "(got" or English.
"""

import pytest
from django.utils import translation

from scoring.forms import hand_form
from scoring.registry import RULESETS
from scoring.translate import worded
from tests.scoring.bad_hands import refusals
from tests.scoring.words_check import offences


@pytest.fixture(scope="module")
def refused():
    return {name: refusals(name) for name in RULESETS}


@pytest.mark.parametrize("language", ["cs", "sl"])
@pytest.mark.parametrize("ruleset", list(RULESETS))
def test_every_refusal_of_the_hand_form_is_in_the_players_words(refused, ruleset, language):
    found = refused[ruleset]
    assert len(found) > 50  # the walk reached the ruleset's refusals
    wrong = []
    with translation.override(language):
        for error, _hand in found.values():
            form = hand_form(ruleset)(data={})
            form.is_valid()
            form.refuse(error)
            said = [message for messages in form.errors.values() for message in messages]
            wrong += [(error.field, message) for message in said if offences(message)]
    assert wrong == []


def test_the_issues_refusals_now_read_in_czech():
    form = hand_form("spjst")(data={})
    form.is_valid()
    with translation.override("cs"):
        words = form.vocabulary()
        assert worded("'povinost'", words) == "Povinost (s partnerem)"
        assert worded("[2], a list", words) == "seznam"
        assert worded("True", words) == "ano"
        assert worded("declarer_cards, opponents_cards", words) == (
            "Karty hrající strany, Karty protihráčů"
        )
        assert worded("'spjst.cheating'", words) == "neznámý název"


def test_a_refusal_off_the_form_names_its_place_in_words():
    form = hand_form("spjst")(data={})
    form.is_valid()
    error = refusals("spjst")[("penalties[0].seat", "is required by spjst.misdeal")][0]
    with translation.override("sl"):
        form.refuse(error)
    assert form.errors["__all__"] == ["Kazen 1, Sedež: Napačno deljenje pred igro ga zahteva"]
