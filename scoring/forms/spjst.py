"""The SPJST hand form (RULES §2.1): Povinost or Prever, Pagat, Valat, values, penalties."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from scoring.forms.fields import level_field, optional_choice, seat_field
from scoring.forms.pagat_valat import PagatValatForm
from scoring.rulesets import spjst

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

TALONS = [
    ("1", _("kept the first three")),
    ("2", _("took the second three")),
    ("3", _("went back to the first three")),
]


def value_groups() -> list[tuple[str, list[tuple[str, StrOrPromise]]]]:
    """The values by group, in the order of the table: [(group, [(name, label)])]."""
    groups: dict[str, list[tuple[str, StrOrPromise]]] = {}
    for rule in spjst.VALUES:
        label = format_lazy("{} ({}: {})", rule.title, rule.chips, _(rule.holds))
        groups.setdefault(rule.group, []).append((rule.name, label))
    return list(groups.items())


class SpjstHandForm(PagatValatForm):
    """One SPJST hand (RULES §2.1); `settle()` scores it or puts the errors on the form."""

    ruleset = "spjst"
    tab = _("SPJST")  # its tab on the calculator page
    template_name = "scoring/forms/spjst.html"
    counting = "face"
    SCALARS = ("contract", "declarer", "partner", "called", "prever_talon", "challenge")
    PAGAT_KEYS = ("holder", "announced", "won", "challenge")

    contract = forms.ChoiceField(
        label=_("Contract"),
        choices=[("povinost", _("Povinost (with a partner)")), ("prever", _("Prever (alone)"))],
        widget=forms.RadioSelect,
        initial="povinost",
    )
    declarer = seat_field(_("Declarer (seat)"), required=True)
    partner = seat_field(_("Partner (holds the called trump)"), blank=_("alone"))
    called = optional_choice(_("Trump called"), [(str(n), str(n)) for n in (19, 18, 17, 16, 15)])
    prever_talon = optional_choice(_("Prever talon"), TALONS)
    challenge = level_field(_("Challenge on the game"), spjst.LEVELS)
    pagat_challenge = level_field(_("Challenge on the Pagat"), spjst.LEVELS)

    def add_fields(self) -> None:
        self.value_fields = self.add_seat_groups("value", value_groups())

    def param_choices(self, param: str) -> list[tuple[str, StrOrPromise]]:
        """An illegal declaration names one of the values of the table (RULES §2.2)."""
        if param == "value":
            return [(rule.name, f"{rule.title} ({rule.chips})") for rule in spjst.VALUES]
        return []

    def has_values(self) -> bool:
        """Whether any value is chosen (the form then shows that part open)."""
        return self.filled(name for _seat, names in self.value_fields for name in names)

    def add_items(self, hand: dict, data: dict) -> None:
        self.put_pagat_valat(hand)
        hand["values"] = self.seat_group_entries(self.value_fields, "values", "value")

    @classmethod
    def initial_from_hand(cls, hand: Mapping[str, Any]) -> dict[str, Any]:
        data = super().initial_from_hand(hand)
        cls.seat_group_initial(data, "value", value_groups(), hand.get("values"), "value")
        return data
