"""The hand forms a judge or a calculator user fills in, turned into the engine's JSON.

One form a ruleset, all of the same shape (`scoring.forms.base.HandForm`); a ruleset names
its form by dotted path (``FORM``), and the calculator and the judge's page find it with
:func:`hand_form`.
"""

from functools import cache

from django.utils.module_loading import import_string

from scoring.errors import HandError
from scoring.forms.base import HandForm
from scoring.forms.counter import CardCount, count_cards
from scoring.forms.cz_three import CzThreeHandForm
from scoring.forms.cz_xix import CzXixHandForm
from scoring.forms.fields import card_groups
from scoring.forms.refusals import FIELD_WORDS
from scoring.forms.si_double import SiDoubleHandForm
from scoring.forms.spjst import SpjstHandForm
from scoring.registry import RULESETS, get_ruleset
from scoring.translate import error_text, path_text

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
    "refusal_text",
]


def hand_form(ruleset: str) -> type[HandForm]:
    """The hand form of the registered ruleset ``ruleset`` (UnknownRuleset otherwise)."""
    return _imported(get_ruleset(ruleset).FORM)


def hand_forms() -> dict[str, type[HandForm]]:
    """Every registered ruleset's hand form, in the registry's order (the calculator's tabs)."""
    return {name: _imported(module.FORM) for name, module in RULESETS.items()}


def refusal_text(error: HandError, ruleset: str | None = None, path: str | None = None) -> str:
    """The engine's refusal where no hand form shows it (a rubber, a service, an archive):
    the part of the hand it names (`path`, else the error's) and why, said as the hand
    form of `ruleset` says them (its labels); without a ruleset, in the shared words."""
    if ruleset is not None and ruleset in RULESETS:
        words = hand_form(ruleset)().vocabulary()
    else:
        words = dict(FIELD_WORDS)
    reason = error_text(error, words)
    where = path_text(error.field if path is None else path, words)
    return f"{where}: {reason}" if where else reason


@cache
def _imported(path: str) -> type[HandForm]:
    form_class = import_string(path)
    if not (isinstance(form_class, type) and issubclass(form_class, HandForm)):
        raise TypeError(f"{path} is not a hand form")
    return form_class
