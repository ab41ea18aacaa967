"""The hand form of Czech Taroky, calling the XIX (RULES §3.1; docs/rules.md §6)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from scoring.forms.fields import (
    contract_field,
    level_field,
    optional_choice,
    seat_field,
)
from scoring.forms.pagat_valat import PagatValatForm
from scoring.rulesets.cz_xix_hand import ALL_POINTS, LEVELS, Contract
from scoring.rulesets.cz_xix_hlasky import HLASKY

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

TALONS = [
    ("1", _("the first three")),
    ("2", _("the second three")),
    ("3", _("back to the first three")),
]


def hlaska_groups() -> list[tuple[str, list[tuple[str, StrOrPromise]]]]:
    """The hlášky by exclusive group; one in two groups (barvy_honery) is offered in both."""
    groups: dict[str, list[tuple[str, StrOrPromise]]] = {}
    for rule in HLASKY.values():
        label = format_lazy("{} ({})", _(rule.title), rule.points)
        for group in rule.groups:
            groups.setdefault(group, []).append((rule.name, label))
    return list(groups.items())


class CzXixHandForm(PagatValatForm):
    """One hand of Czech Taroky calling the XIX; `settle()` scores it or shows the errors."""

    ruleset = "cz_xix"
    tab = _("Calling the XIX")  # its tab on the calculator page
    template_name = "scoring/forms/cz_xix.html"
    SCALARS = (
        "contract", "declarer", "partner", "called", "preferanc_talon", "folded", "flek",
    )  # fmt: skip
    DEFAULTS = {"folded": False, "flek": 0}
    SEAT_MAPS = ("varsava_points",)
    PAGAT_KEYS = ("holder", "announced", "won", "flek")
    VALAT_KEYS = ("side", "announced", "won", "flek")

    contract = contract_field(Contract)
    declarer = seat_field(_("Declarer (seat)"), required=True)
    partner = seat_field(_("Partner (holds the called tarok)"), blank=_("alone"))
    called = optional_choice(_("Tarok called"), [(str(n), str(n)) for n in (19, 18, 17, 16)])
    preferanc_talon = optional_choice(_("Preferanc talon"), TALONS)
    folded = forms.BooleanField(
        label=_("Folded: bought the called tarok and laid the hand down"), required=False
    )
    flek = level_field(_("Flek on the game"), LEVELS)
    pagat_flek = level_field(_("Flek on the Pagat"), LEVELS)
    valat_flek = level_field(_("Flek on the Valat"), LEVELS)

    def add_fields(self) -> None:
        self.hlaska_fields = self.add_seat_groups("hlaska", hlaska_groups())
        self.varsava_fields = self.add_seat_numbers("varsava_points", _("points"), ALL_POINTS)

    def has_hlasky(self) -> bool:
        return self.filled(name for _seat, names in self.hlaska_fields for name in names)

    def has_varsava(self) -> bool:
        return self["contract"].value() == "varsava" or self.filled(self.varsava_fields)

    def add_items(self, hand: dict, data: dict) -> None:
        self.put_pagat_valat(hand)
        hlasky = self.seat_group_entries(self.hlaska_fields, "hlasky", "kind")
        if hlasky:
            hand["hlasky"] = hlasky

    @classmethod
    def initial_from_hand(cls, hand: Mapping[str, Any]) -> dict[str, Any]:
        data = super().initial_from_hand(hand)
        if hand.get("contract") == "druha" and hand.get("pagat"):
            data.setdefault("pagat_announced", True)  # a druhá's Pagat is announced
        cls.seat_group_initial(data, "hlaska", hlaska_groups(), hand.get("hlasky"), "kind")
        return data
