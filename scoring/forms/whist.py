"""The whist hand form (RULES §6.1; docs/rules.md §9): variant, tricks, honours.

Whist counts tricks, not card points, so the form has no points field and no card counter
(`counts_cards`). The partnership variants take the tricks of N–S and E–W; hussar and
three players take each seat's tricks; the honours go to a side, or to a hussar's seat.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.forms.base import HandForm
from scoring.forms.fields import NUMBER, PILLS, optional_choice, seat_field
from scoring.rulesets.whist_hand import ALONE, SIDES, TRICKS, Variant

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

VARIANTS = [
    (Variant.STANDARD.value, _("Standard")),
    (Variant.CAYENNE.value, _("Cayenne")),
    (Variant.GRAND.value, _("Grand (no trumps)")),
    (Variant.FLYING_DUCK.value, _("Flying duck")),
    (Variant.HUSSAR.value, _("Hussar (each alone)")),
    (Variant.THREE_PLAYER.value, _("Three players")),
]
SIDE_CHOICES = [("", "—"), ("NS", _("N–S (seats 1 and 3)")), ("EW", _("E–W (seats 2 and 4)"))]
_ALONE = frozenset(variant.value for variant in ALONE)


def _tricks_field(label: StrOrPromise) -> forms.IntegerField:
    return forms.IntegerField(
        label=label, required=False, min_value=0, max_value=TRICKS,
        widget=forms.NumberInput(attrs={**NUMBER, "max": TRICKS}),
    )  # fmt: skip


class WhistHandForm(HandForm):
    """One whist hand; `settle()` scores it or puts the engine's errors on the form."""

    ruleset = "whist"
    tab = _("Whist")  # its tab on the calculator page
    template_name = "scoring/forms/whist.html"
    counts_cards = False
    HEAD = "variant"
    PENALTY_ROWS = 0  # RULES §7 gives whist no penalties
    field_order = (
        "variant", "tricks_NS", "tricks_EW", "cayenne_accepted", "honours_side", "honours_seat",
        "honours_count",
    )  # fmt: skip
    SCALARS = ("variant", "cayenne_accepted")
    DEFAULTS = {"cayenne_accepted": False}
    OBJECTS = ("tricks", "honours")

    variant = forms.ChoiceField(
        label=_("Variant"), choices=VARIANTS, widget=PILLS, initial=Variant.STANDARD.value
    )
    tricks_NS = _tricks_field(_("Tricks N–S (seats 1 and 3)"))
    tricks_EW = _tricks_field(_("Tricks E–W (seats 2 and 4)"))
    cayenne_accepted = forms.BooleanField(
        label=_("Cayenne: the dealer kept the turned trump (tricks and honours double)"),
        required=False,
    )
    honours_side = forms.ChoiceField(
        label=_("Honours held by"), choices=SIDE_CHOICES, required=False
    )
    honours_seat = seat_field(_("Hussar: honours held by seat"), blank="—")
    honours_count = optional_choice(
        _("How many honours (A K Q J 10 of trumps; in grand, aces)"),
        [(str(n), str(n)) for n in range(6)],
    )

    def add_fields(self) -> None:
        self.seat_trick_fields = self.add_seat_numbers("tricks", _("tricks"), TRICKS)

    def plays_alone(self) -> bool:
        """Whether the seats' tricks are open: a variant played each alone, or filled in."""
        return self["variant"].value() in _ALONE or self.filled(self.seat_trick_fields)

    def add_items(self, hand: dict, data: dict) -> None:
        alone = data.get("variant") in _ALONE
        keys = [str(seat) for seat in self.seats] if alone else list(SIDES)
        tricks = {key: data.get(f"tricks_{key}") for key in keys}
        self.sources["tricks"] = f"tricks_{keys[0]}"
        if any(count is not None for count in tricks.values()):
            # A side left blank is sent as missing, so the engine names it.
            hand["tricks"] = {key: count for key, count in tricks.items() if count is not None}
        if data.get("honours_count") is not None:
            if data.get("variant") == Variant.HUSSAR.value:
                hand["honours"] = {"seat": data.get("honours_seat"), "count": data["honours_count"]}
            else:
                hand["honours"] = {"side": data.get("honours_side") or None,
                                   "count": data["honours_count"]}  # fmt: skip
            self.sources["honours"] = "honours_count"
