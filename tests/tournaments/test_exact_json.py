"""Amounts with halves go into the database and come back exact (tournaments.exact_json)."""

from decimal import Decimal

import pytest

from tournaments import services
from tournaments.models import Tournament


@pytest.mark.django_db
def test_a_decimal_house_rule_is_pinned_exactly(tournament):
    tournament.house_rules = services.pinned_house_rules(
        "cz_xix", overrides={"prvni_multiplier": Decimal("1.5")}
    )
    tournament.save()
    stored = Tournament.objects.get(pk=tournament.pk).house_rules
    assert stored["prvni_multiplier"] == Decimal("1.5")
    assert isinstance(stored["prvni_multiplier"], Decimal) and stored["druha_multiplier"] == 1


def test_decoders_made_for_each_value_share_one_scanner_and_read_exact_amounts():
    import json

    from tournaments.exact_json import ExactDecoder

    first, second = ExactDecoder(), ExactDecoder()
    assert first.scan_once is second.scan_once
    assert json.loads('{"a": [1.50, {"b": -0.5}], "c": 2}', cls=ExactDecoder) == {
        "a": [Decimal("1.50"), {"b": Decimal("-0.5")}],
        "c": 2,
    }
    assert isinstance(json.loads("[0.5]", cls=ExactDecoder)[0], Decimal)
    # A decoder asked for something else is built as asked.
    assert ExactDecoder(parse_int=str).decode("[1, 2.5]") == ["1", Decimal("2.5")]
