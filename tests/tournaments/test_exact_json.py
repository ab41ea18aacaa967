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
