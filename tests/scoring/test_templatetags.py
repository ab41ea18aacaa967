"""The amount filter writes a sign and the active language's decimal mark."""

from decimal import Decimal

import pytest
from django.utils import translation

from scoring.templatetags.scoring_tags import signed, total


@pytest.mark.parametrize(
    ("language", "amount", "shown"),
    [
        ("en", Decimal("1.5"), "+1.5"),
        ("en", -3, "−3"),
        ("en", Decimal("10.00"), "+10"),
        ("en", 0, "0"),
        ("cs", Decimal("1.5"), "+1,5"),
        ("sl", Decimal("-12.5"), "−12,5"),
        ("cs", 400, "+400"),
    ],
)
def test_an_amount_is_signed_in_the_languages_own_numbers(language, amount, shown):
    with translation.override(language):
        assert signed(amount) == shown


@pytest.mark.parametrize(
    ("language", "amount", "shown"),
    [
        ("en", 109, "109"),
        ("en", -200, "−200"),
        ("cs", Decimal("101.5"), "101,5"),
        ("sl", Decimal("-12.5"), "−12,5"),
        ("en", 0, "0"),
        ("en", None, ""),
    ],
)
def test_a_running_count_has_a_minus_sign_and_no_plus(language, amount, shown):
    with translation.override(language):
        assert total(amount) == shown


def test_the_card_picker_shows_each_card_as_its_face_reads(client):
    from django.urls import reverse

    page = client.get(reverse("scoring:calculator", args=["cz_xix"])).content.decode()
    assert 'value="K-hearts"><span>K</span>' in page
    assert 'value="skys"><span>Skys</span>' in page and "<span>K-hearts</span>" not in page
    client.cookies["django_language"] = "cs"
    czech = client.get(reverse("scoring:calculator", args=["cz_xix"])).content.decode()
    assert 'value="skys"><span>Škýz</span>' in czech
    two_packs = client.get(reverse("scoring:calculator", args=["si_double"])).content.decode()
    assert 'value="K-hearts/2"><span>K</span>' in two_packs


def test_pinned_house_rules_read_as_titles_and_values_in_the_language():
    from scoring.registry import get_ruleset
    from scoring.templatetags.scoring_tags import pinned_rows

    pinned = {"prever_back_multiplier": 3, "valat_replaces_game": False, "unknown_rule": 7}
    with translation.override("cs"):
        rows = dict(pinned_rows(pinned, get_ruleset("spjst")))
    assert rows["Uhraný valát nahrazuje hru"] == "ne"
    assert "3" in rows.values()
    # A setting the ruleset no longer declares is still shown, by its stored name.
    assert rows["unknown_rule"] == "7"
