"""The hand forms a judge or a calculator user fills in, turned into the engine's JSON.

One form a ruleset, all of the same shape (`scoring.forms.base.HandForm`); a ruleset names
its form by dotted path (``FORM``), and the calculator and the judge's page find it with
:func:`hand_form`.
"""

from functools import cache

from django.utils.module_loading import import_string

from scoring.forms.base import HandForm
from scoring.forms.counter import CardCount, count_cards
from scoring.forms.cz_three import CzThreeHandForm
from scoring.forms.cz_xix import CzXixHandForm
from scoring.forms.fields import card_groups
from scoring.forms.si_double import SiDoubleHandForm
from scoring.forms.spjst import SpjstHandForm
from scoring.registry import RULESETS, get_ruleset

__all__ = [
    "CardCount",
    "CzThreeHandForm",
    "CzXixHandForm",
    "HandForm",
    "SiDoubleHandForm",
    "SpjstHandForm",
    "card_groups",
    "count_cards",
    "hand_form",
    "hand_forms",
]


def hand_form(ruleset: str) -> type[HandForm]:
    """The hand form of the registered ruleset ``ruleset`` (UnknownRuleset otherwise)."""
    return _imported(get_ruleset(ruleset).FORM)


def hand_forms() -> dict[str, type[HandForm]]:
    """Every registered ruleset's hand form, in the registry's order (the calculator's tabs)."""
    return {name: _imported(module.FORM) for name, module in RULESETS.items()}


@cache
def _imported(path: str) -> type[HandForm]:
    form_class = import_string(path)
    if not (isinstance(form_class, type) and issubclass(form_class, HandForm)):
        raise TypeError(f"{path} is not a hand form")
    return form_class
