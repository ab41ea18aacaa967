"""Issue 30, item 2: the words each game uses, in each language."""

import re

import pytest
from django.urls import reverse
from django.utils import translation

from scoring import score_hand
from scoring.translate import line_text
from scoring.words import Phrase, plural_phrase

KLOP = {
    "ruleset": "si_double", "contract": "klop",
    "klop_points": {"1": 1, "2": 69, "3": 35, "4": 35},
    "klop_tricks": {"1": 1, "2": 5, "3": 2, "4": 16},
}  # fmt: skip


def _klop_lines(language: str) -> list[str]:
    with translation.override(language):
        return [line_text(line) for line in score_hand(None, KLOP).lines if "Klop" in line.label]


def test_klop_counts_its_tricks_in_the_plural_forms_of_each_language():
    english = _klop_lines("en")
    assert any("in 1 trick" in line and "in 1 tricks" not in line for line in english)
    assert any("in 2 tricks" in line for line in english)
    czech = " | ".join(_klop_lines("cs"))
    assert "v 1 zdvihu" in czech and "ve 2 zdvizích" in czech and "v 5 zdvizích" in czech
    slovenian = " | ".join(_klop_lines("sl"))
    assert "v 1 vzetku" in slovenian and "v 2 vzetkih" in slovenian


def test_a_counted_phrase_keeps_its_plural_in_its_json():
    said = plural_phrase("{count} trick", "{count} tricks", count=3)
    assert str(said) == "3 tricks"
    assert Phrase.from_json(said.to_json()) == said


@pytest.mark.parametrize(
    ("language", "tabs"),
    [("cs", ("Volání XIX", "Ve třech")), ("sl", ("Klicanje XIX", "Tarok v treh"))],
)
def test_the_calculators_tabs_are_named_in_the_readers_language(client, language, tabs):
    client.cookies["django_language"] = language
    page = client.get(reverse("scoring:calculator", args=["spjst"])).content.decode()
    assert all(tab in page for tab in tabs)
    if language == "sl":
        assert "Volání XIX" not in page and "Ve třech" not in page


@pytest.mark.django_db
def test_the_tournament_page_names_its_preset_by_its_title(client, director):
    from tests import cast

    tournament = cast.westfest(cast.lodge(), director)
    tournament.preset = "seed"
    tournament.save()
    client.cookies["django_language"] = "cs"
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert "(seed)" not in page
    assert "(Pravidla SPJST (Texas))" in page


@pytest.mark.parametrize(
    ("language", "side", "rubber"), [("cs", "S–J", "Robr"), ("sl", "S–J", "Rober")]
)
def test_whist_names_its_sides_and_rubber_in_each_language(client, language, side, rubber):
    from scoring.rulesets.whist import summary
    from scoring.translate import say

    hand = {
        "variant": "standard",
        "tricks": {"NS": 9, "EW": 4},
        "honours": {"side": "EW", "count": 4},
    }
    with translation.override(language):
        said = say(summary(hand))
        assert said.startswith(f"Standard: {side} 9, V–Z 4") and "NS" not in said
        assert translation.gettext("Rubber %(n)s") % {"n": 1} == f"{rubber} 1"


@pytest.mark.parametrize(
    ("language", "north_south", "east_west"), [("cs", "S–J", "V–Z"), ("sl", "S–J", "V–Z")]
)
def test_the_rubbers_columns_are_headed_by_the_sides_names(language, north_south, east_west):
    from django.template.loader import render_to_string

    rubber = {
        "totals": {"NS": 60, "EW": 6},
        "games": {"NS": 1, "EW": 0},
        "hands": [{"game": {"NS": 10, "EW": 6}, "events": []}],
    }
    with translation.override(language):
        html = render_to_string("scoring/_rubber.html", {"rubber": rubber, "rubber_number": 1})
    heads = re.findall(r'<th class="num">([^<]*)</th>', html)
    assert heads == [north_south, east_west]


@pytest.mark.parametrize("language", ["en", "sl"])
def test_whists_forehand_is_not_called_by_the_czech_tarock_word(language):
    """Whist's forehand is not "předák", the Czech tarock's word, but in Czech."""
    from scoring.rulesets.whist import DEAL

    with translation.override(language):
        assert "předák" not in translation.gettext(DEAL.bidder)
    with translation.override("cs"):
        assert translation.gettext(DEAL.bidder).startswith("předák")
