"""The hand forms a judge or a calculator user fills in, turned into the engine's JSON.

One form a ruleset, all of the same shape (`scoring.forms.base.HandForm`); the calculator
and the judge's page find them in `HAND_FORMS`.
"""

from scoring.forms.base import HandForm
from scoring.forms.counter import CardCount, count_cards
from scoring.forms.cz_three import CzThreeHandForm
from scoring.forms.cz_xix import CzXixHandForm
from scoring.forms.fields import card_groups
from scoring.forms.si_double import SiDoubleHandForm
from scoring.forms.spjst import SpjstHandForm

__all__ = [
    "HAND_FORMS",
    "CardCount",
    "CzThreeHandForm",
    "CzXixHandForm",
    "HandForm",
    "SiDoubleHandForm",
    "SpjstHandForm",
    "card_groups",
    "count_cards",
]

# The hand form of each ruleset; the calculator and the judge's page both look here.
HAND_FORMS: dict[str, type[HandForm]] = {
    form.ruleset: form for form in (SpjstHandForm, CzXixHandForm, CzThreeHandForm, SiDoubleHandForm)
}
