"""The Pagat and the Valat on a hand form, as SPJST and Czech Taroky enter them."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.forms.base import HandForm
from scoring.forms.fields import seat_field

VALAT_SIDES = [
    ("", _("no Valat")),
    ("declarer", _("declaring side")),
    ("opponents", _("opponents")),
]


class PagatValatForm(HandForm):
    """A hand form with the Pagat and the Valat, as SPJST and Czech Taroky enter them.

    A subclass adds each item's doubling level (a challenge, a flek) and names the keys
    each item sends (`PAGAT_KEYS`, `VALAT_KEYS`).
    """

    OBJECTS = ("pagat", "valat")
    PAGAT_KEYS: tuple[str, ...] = ("holder", "announced", "won")
    VALAT_KEYS: tuple[str, ...] = ("side", "announced", "won")

    pagat_holder = seat_field(_("Pagat holder"), blank=_("no Pagat in play"))
    pagat_announced = forms.BooleanField(label=_("Pagat announced"), required=False)
    pagat_won = forms.BooleanField(label=_("Pagat took the last trick"), required=False)
    valat_side = forms.ChoiceField(label=_("Valat"), choices=VALAT_SIDES, required=False)
    valat_announced = forms.BooleanField(label=_("Valat announced"), required=False)
    valat_won = forms.BooleanField(label=_("Valat made"), required=False)

    def put_pagat_valat(self, hand: dict) -> None:
        """The Pagat when a holder is given, the Valat when a side is."""
        if self.cleaned_data.get("pagat_holder"):
            self.put_object(hand, "pagat", self.PAGAT_KEYS)
        if self.cleaned_data.get("valat_side"):
            self.put_object(hand, "valat", self.VALAT_KEYS)
