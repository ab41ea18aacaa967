"""The model fields and defaults of tournaments.models that are not models: exact
amounts, the rulesets to choose from, a judge link's secret. (Migrations name them
through tournaments.models, which imports them.)"""

import secrets
from decimal import Decimal

from django.db import models
from django.utils.translation import gettext_lazy as _

from scoring import RULESETS
from tournaments.exact_json import ExactDecoder, ExactEncoder

EXACT = {"encoder": ExactEncoder, "decoder": ExactDecoder}  # Decimal amounts stay exact


class AmountField(models.DecimalField):
    """Chips or points, exact: halves occur at Taroky ve třech (1.5 Kč).

    Read back as an int when whole and as a Decimal without trailing zeros otherwise, so
    a count shows as 103 or 101.5, never 103.00.
    """

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("max_digits", 10)
        kwargs.setdefault("decimal_places", 2)
        super().__init__(*args, **kwargs)

    def from_db_value(self, value, expression, connection):
        if value is None:
            return None
        value = Decimal(value)
        return int(value) if value == value.to_integral_value() else value.normalize()


def ruleset_choices() -> list[tuple[str, str]]:
    return [(name, _(module.TITLE)) for name, module in RULESETS.items()]


def new_judge_token() -> str:
    """A judge link secret: 256 random bits, URL-safe."""
    return secrets.token_urlsafe(32)
