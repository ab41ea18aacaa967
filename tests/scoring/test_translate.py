"""The engine's line labels in Czech and Slovenian (issue 14): every phrase the engine
says has its translation, and the page writes numbers the locale's way.

The phrases are gathered by scoring every golden case and every penalty ruling's example
of every ruleset, plus a whist rubber's events, so a new label without a catalogue entry
fails here before a player sees it in English.
"""

import pickle
import re
from decimal import Decimal

import pytest
from django.template import Context, Template
from django.utils import translation

from scoring import score_hand
from scoring.errors import HandError
from scoring.registry import RULESETS as REGISTERED
from scoring.registry import catalogue
from scoring.rulesets import whist
from scoring.settlement import Line
from scoring.translate import error_text, line_text, say
from scoring.words import Phrase, phrase
from tests.scoring.golden import load_cases
from tests.test_translations import TRANSLATED, _messages

RULESETS = ("spjst", "cz_xix", "cz_three", "si_double", "whist")


def _phrases(value: object):
    if isinstance(value, Phrase):
        yield value
        for _name, inner in value.values:
            yield from _phrases(inner)


def _said_by_the_engine() -> list[Phrase]:
    said: list[Phrase] = []
    hands = [
        (name, case["hand"], case.get("house_rules"))
        for name in RULESETS
        for case in load_cases(name)[1]
    ]
    hands += [
        (entry.ruleset, entry.example, None) for name in RULESETS for entry in catalogue(name)
    ]
    for name, hand, rules in hands:
        for line in score_hand(name, hand, rules).lines:
            for part in line.words:
                said.extend(_phrases(part))
        said.extend(_phrases(REGISTERED[name].summary(hand)))
    rubber_hands = [
        whist.Hand.from_json(case["hand"])
        for case in load_cases("whist")[1]
        if case["hand"].get("variant") == "standard"
    ]
    for rubber in whist.score_rubbers(rubber_hands, {"strike_points": True}):
        for played in rubber.hands:
            for event in played.events:
                said.extend(_phrases(event))
    return said


def _needs_words(template: str) -> bool:
    """Punctuation between blanks ("{p0}; {p1}") is the same in every language."""
    return any(character.isalpha() for character in re.sub(r"\{\w*\}", "", template))


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_phrase_the_engine_says_is_translated(language):
    translated = {entry.msgid for entry in _messages(language) if entry.translated}
    said = {part.template for part in _said_by_the_engine() if _needs_words(part.template)}
    assert len(said) > 100  # the walk reached every ruleset's labels
    assert sorted(said - translated) == []


def test_a_line_reads_in_czech_with_a_decimal_comma():
    settlement = score_hand(
        None,
        {"ruleset": "cz_three", "contract": "solo", "declarer": 1, "declarer_points": 52,
         "bonuses": [{"kind": "uhu", "side": "opponents", "announced": False, "won": False}]},
    )  # fmt: skip
    bonus = settlement.lines[1]
    assert bonus.label == (
        "Bonus Uhu (the opponents) silent, killed in its own trick: 1.5; Sólo ×2 = 3; "
        "seats 2 and 3 lose 3 each"
    )
    with translation.override("cs"):
        assert line_text(bonus) == (
            "Prémie Uhu (protihráči) tichý, zabit ve svém zdvihu: 1,5; Sólo ×2 = 3; "
            "místa 2 a 3 prohrávají každé 3"
        )
    with translation.override("sl"):
        assert "1,5" in line_text(bonus) and "sedeži 2 in 3" in line_text(bonus)


def test_a_stored_line_reads_from_its_words_and_an_old_one_from_its_label():
    settlement = score_hand(None, {"ruleset": "spjst", "contract": "povinost", "declarer": 1,
                                   "partner": 3, "declarer_points": 59})  # fmt: skip
    stored = settlement.to_json(words=True)["lines"][0]
    assert "words" not in settlement.to_json()["lines"][0]  # the API answer of RULES §0.3
    with translation.override("cs"):
        assert line_text(stored) == line_text(settlement.lines[0])
        assert line_text(stored).startswith("Hra: |59−53|=6, +10=16, ×2=32 → žetony: 3")
        old = {"item": "game", "label": "Game: as stored in 2025", "deltas": {}}
        assert line_text(old) == "Game: as stored in 2025"


def test_a_translation_that_lost_a_blank_falls_back_to_english(monkeypatch):
    monkeypatch.setattr("scoring.translate.gettext", lambda template: "Místo {nowhere}")
    assert say(phrase("seat {seat}", seat=3)) == "seat 3"


def test_the_settlement_template_shows_the_lines_in_the_active_language():
    line = Line("game", phrase("{seats} win {amount} each", seats=phrase("seat {seat}", seat=2),
                               amount=Decimal("2.50")), {1: -2, 2: 2})  # fmt: skip
    template = Template("{% load scoring_tags %}{{ line|line_label }}|{{ event|said }}")
    context = Context({"line": line, "event": phrase("Small slam")})
    with translation.override("cs"):
        assert template.render(context) == "místo 2 vyhrávají každé 2,5|Malý slam"
    with translation.override("en"):
        assert template.render(context) == "seat 2 win 2.5 each|Small slam"


def test_an_engine_refusal_shows_on_its_field_in_the_page_language():
    from scoring.forms import SpjstHandForm
    from tests.scoring.test_hand_forms import browser_post

    hand = {"contract": "prever", "declarer": 2, "partner": 4, "declarer_points": 60,
            "prever_talon": 1}  # fmt: skip
    with translation.override("cs"):
        form = SpjstHandForm(data=browser_post(SpjstHandForm, hand))
        assert form.settle() is None
        assert form.errors["partner"] == ["Prever se hraje sám, bez spoluhráče (zadáno: 4)"]


def test_a_refusal_keeps_its_english_reason_and_path_for_the_api():
    error = HandError(
        "partner", phrase("Prever plays alone, without a partner (got {partner})", partner=4)
    )
    assert str(error) == "partner: Prever plays alone, without a partner (got 4)"
    assert pickle.loads(pickle.dumps(error)).words == error.words
    with translation.override("sl"):
        assert error_text(error) == "Prever se igra sam, brez soigralca (vpisano: 4)"
    assert error_text(HandError("points", "must be a number")) == "must be a number"


def _refusals() -> list[HandError]:
    """The refusal of every golden case that a ruleset refuses."""
    refusals = []
    for name in RULESETS:
        for case in load_cases(name)[2]:
            with pytest.raises(HandError) as raised:
                score_hand(None, case["hand"], case.get("house_rules"))
            refusals.append(raised.value)
    return refusals


def test_every_refusal_the_golden_cases_reach_is_a_phrase_with_its_english_reason():
    refusals = _refusals()
    assert len(refusals) > 100  # the walk reached every ruleset's refused cases
    untranslatable = [
        repr(error) for error in refusals
        if not isinstance(error.words, Phrase) or str(error.words) != error.reason
    ]  # fmt: skip
    assert untranslatable == []


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_refusal_the_golden_cases_reach_is_translated(language):
    translated = {entry.msgid for entry in _messages(language) if entry.translated}
    said = {
        part.template
        for error in _refusals()
        for part in _phrases(error.words)
        if _needs_words(part.template)
    }
    assert sorted(said - translated) == []


def test_a_refusal_reads_in_czech_and_slovenian():
    hand = {"ruleset": "spjst", "contract": "povinost", "declarer": 5}
    with pytest.raises(HandError) as raised:
        score_hand(None, hand)
    assert raised.value.reason == "must be an integer from 1 to 4 (got 5)"
    with translation.override("cs"):
        assert error_text(raised.value) == "musí být celé číslo od 1 do 4 (zadáno: 5)"
    with translation.override("sl"):
        assert error_text(raised.value) == "mora biti celo število od 1 do 4 (vpisano: 5)"
