"""The forms of the judge's table page: a hand's hidden fields, its deletion, the score
sheet, the phone's queue ping, and a reason (a deleted hand's, a reopened table's)."""

import uuid
from decimal import Decimal

from django import forms
from django.utils.translation import gettext_lazy as _

from accounts.text import CleanTextMixin


class ReasonForm(CleanTextMixin, forms.Form):
    reason = forms.CharField(
        label=_("Reason"), widget=forms.Textarea(attrs={"rows": 2}), max_length=500
    )


class TableVersionForm(CleanTextMixin, forms.Form):
    """The version of the table the page was built on (hidden), so a change made on an
    older page is recognised and refused instead of overwriting."""

    version = forms.IntegerField(min_value=0, max_value=2**31 - 1, widget=forms.HiddenInput)


class HandSubmissionForm(TableVersionForm):
    """The new hand form's button and hidden fields: which button sent it, Preview (or a
    live update, which sends none) or Save; and for a save the table version and the
    form's submission id, which makes a second tap (or a resend) store the hand once."""

    action = forms.ChoiceField(
        choices=[("preview", _("Preview")), ("save", _("Save hand"))], required=False
    )
    submission = forms.UUIDField(widget=forms.HiddenInput)

    def saving(self) -> bool:
        """Whether the judge pressed Save (`is_valid` says whether the hidden fields are
        whole: a preview needs none of them)."""
        return not self.has_error("action") and self.cleaned_data.get("action") == "save"


class HandDeleteForm(TableVersionForm, ReasonForm):
    """Deleting a hand: the table version and why."""


class SheetForm(CleanTextMixin, forms.Form):
    """One chip count per seat, named after the player in it, and the form's submission id
    (hidden): a sheet sent twice (a phone resending its queue) is stored once. A form
    sent without one (a page from before the id) is stored as it comes."""

    submission = forms.UUIDField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args, seats, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["submission"].initial = uuid.uuid4
        for seat in seats:
            # Decimal: Taroky ve třech pays halves, so a count may be 101.5.
            self.fields[f"seat_{seat.number}"] = forms.DecimalField(
                label=f"{seat.number}. {seat.player.name}",
                max_digits=10,
                decimal_places=2,
                widget=forms.NumberInput(attrs={"inputmode": "decimal", "step": "0.5"}),
            )

    def counts(self) -> dict[int, int | Decimal]:
        """Seat → count, whole counts as int."""
        return {
            int(name.removeprefix("seat_")): int(value)
            if value == value.to_integral_value()
            else value
            for name, value in self.cleaned_data.items()
            if name.startswith("seat_")
        }


class ContactForm(CleanTextMixin, forms.Form):
    """The judge's phone's ping: how many hands or sheets wait in its queue."""

    waiting = forms.IntegerField(min_value=0, max_value=999)
