"""The calculator's running total: each seat's total carried from hand to hand in the page.

Nothing is stored on the server, so the totals come back in a hidden field; they are
read with the same bounded reader as the HTTP endpoint (size, nesting, number bounds).
"""

from collections.abc import Iterable
from decimal import Decimal
from typing import Any

from django import forms

from accounts.text import CleanTextMixin
from scoring.errors import HandError
from scoring.jsonio import read_document

# Eight seats' totals fit in far less; more is not a running total.
MAX_RUNNING_BYTES = 1024
SEATS = tuple(range(1, 9))  # the largest table: two-pack Tarok at 8

Totals = dict[int, Decimal]


class RunningTotalsField(forms.CharField):
    """A JSON object seat → amount (``{"1": 2, "2": -1.5}``), read within the bounds."""

    widget = forms.HiddenInput

    # The text is read as a CharField reads it (and its validators refuse NUL characters),
    # but what the field gives is the totals, not the text.
    def to_python(self, value: object) -> Totals:  # type: ignore[override]
        text = super().to_python(value)
        if not text:
            return {}
        try:
            raw = read_document(text, max_bytes=MAX_RUNNING_BYTES)
        except HandError as error:
            raise forms.ValidationError(str(error), code="invalid") from None
        seats = {str(seat): seat for seat in SEATS}
        if not isinstance(raw, dict) or not set(raw) <= set(seats):
            raise forms.ValidationError("must be an object seat → amount", code="invalid")
        amounts = {seats[key]: amount for key, amount in raw.items()}
        if any(type(amount) not in (int, Decimal) for amount in amounts.values()):
            raise forms.ValidationError("every amount must be a number", code="invalid")
        return {seat: Decimal(amount) for seat, amount in amounts.items()}


class RunningTotalsForm(CleanTextMixin, forms.Form):
    """The hidden running totals and the button that adds the hand to them."""

    running = RunningTotalsField(required=False)
    action = forms.ChoiceField(choices=[("add", "add")], required=False)

    def totals(self, seats: Iterable[int]) -> Totals:
        """Every seat of ``seats`` and of the carried totals (a Taroky ve třech table may
        have a sitter in one hand and not in the next); a broken total starts from zero."""
        carried = self._cleaned().get("running") or {}
        return {seat: carried.get(seat, Decimal(0)) for seat in sorted({*seats, *carried})}

    def adds(self) -> bool:
        """Whether the user asked to add this hand to the running total."""
        return self._cleaned().get("action") == "add"

    def _cleaned(self) -> dict:
        if not self.is_bound:
            return {}
        self.is_valid()  # each valid field is in cleaned_data even when another is not
        return self.cleaned_data


# A rubber is a few hands of a hundred bytes or so; a long evening's fits in far less.
MAX_RUBBER_BYTES = 16 * 1024
MAX_RUBBER_HANDS = 100


class RubberHandsField(forms.CharField):
    """A JSON list of hand objects (the rubber so far), read within the bounds."""

    widget = forms.HiddenInput

    # A CharField that reads to a list: it keeps the CharField's refusal of NUL characters.
    def to_python(self, value: object) -> list[dict[str, Any]]:  # type: ignore[override]
        text = super().to_python(value)
        if not text:
            return []
        try:
            raw = read_document(text, max_bytes=MAX_RUBBER_BYTES)
        except HandError as error:
            raise forms.ValidationError(str(error), code="invalid") from None
        if not isinstance(raw, list) or len(raw) > MAX_RUBBER_HANDS:
            raise forms.ValidationError("must be a list of hands", code="invalid")
        if not all(isinstance(hand, dict) for hand in raw):
            raise forms.ValidationError("every hand must be an object", code="invalid")
        return raw


class RubberForm(CleanTextMixin, forms.Form):
    """The calculator's rubber (whist): the hands so far, carried in the page like the
    running totals; "new rubber" starts again."""

    rubber = RubberHandsField(required=False)
    action = forms.ChoiceField(
        choices=[("add", "add"), ("new_rubber", "new rubber")], required=False
    )

    def hands(self) -> list[dict]:
        """The hands carried so far; none after "new rubber" or when they are broken."""
        if not self.is_bound:
            return []
        self.is_valid()
        if self.cleaned_data.get("action") == "new_rubber":
            return []
        return self.cleaned_data.get("rubber") or []
