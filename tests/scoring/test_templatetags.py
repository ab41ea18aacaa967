"""The amount filter writes a sign and the active language's decimal mark."""

from decimal import Decimal

import pytest
from django.utils import translation

from scoring.templatetags.scoring_tags import signed


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
