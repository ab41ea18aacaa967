"""The fields the hand forms are built of: seats, doubling levels, choices, house rules."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from decimal import Decimal
from enum import Enum
from typing import TYPE_CHECKING, Any

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from scoring.bounds import OutOfBounds, read_decimal, read_integer
from scoring.cards import PACK, Card, Suit
from scoring.house_rules import HouseRule
from scoring.labels import CZECH_CONTRACTS
from scoring.levels import Levels
from scoring.translate import error_text

if TYPE_CHECKING:
    # A label is plain text or a lazy translation; only the type checker needs the name.
    from django_stubs_ext import StrOrPromise

SEATS = (1, 2, 3, 4)  # the calculator's table, unless a form says otherwise
MAX_SEATS = 8  # the two-pack Slovenian game seats eight; a form keeps its table's seats
SUIT_ORDER = (None, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, Suit.SPADES)
CARD_CHOICES = [(card.name, card.name) for card in PACK]
NUMBER = {"inputmode": "numeric", "min": 0}
PILLS = forms.RadioSelect(attrs={"class": "pills"})  # short choices side by side
# Per seat, the names of its fields: [(seat, [field, …]), …]
SeatGroups = list[tuple[int, list[str]]]


class SeatChoices:
    """A field that offers seats: the form keeps the seats of its table and adds the
    players' names (:meth:`seat_choices`). ``blank`` names the choice of no seat, if any."""

    blank: StrOrPromise | None = None

    def seat_choices(
        self, seats: Sequence[int], title: Callable[[int], StrOrPromise]
    ) -> list[tuple[str, StrOrPromise]]:
        """The blank choice, if any, then each of ``seats`` named by ``title``."""
        blank: list[tuple[str, StrOrPromise]] = [("", self.blank)] if self.blank is not None else []
        return blank + [(str(seat), title(seat)) for seat in seats]


class SeatField(SeatChoices, forms.TypedChoiceField):
    """One seat 1..8 (or none, when ``blank`` names that choice)."""

    def __init__(
        self, label: StrOrPromise, *, blank: StrOrPromise | None = None, required: bool = False
    ) -> None:
        self.blank = blank
        super().__init__(
            label=label,
            choices=self.seat_choices(range(1, MAX_SEATS + 1), str),
            coerce=int,
            empty_value=None,
            required=required,
        )


class SeatsField(SeatChoices, forms.TypedMultipleChoiceField):
    """Any number of seats 1..8, ticked as pills (a declarer's partners)."""

    def __init__(self, label: StrOrPromise) -> None:
        super().__init__(
            label=label,
            choices=self.seat_choices(range(1, MAX_SEATS + 1), str),
            coerce=int,
            required=False,
            widget=forms.CheckboxSelectMultiple(attrs={"class": "pills"}),
        )


def seat_field(
    label: StrOrPromise, *, blank: StrOrPromise | None = None, required: bool = False
) -> SeatField:
    """A seat 1..8 (see :class:`SeatField`)."""
    return SeatField(label, blank=blank, required=required)


def level_field(
    label: StrOrPromise, levels: Levels, top: int | None = None
) -> forms.TypedChoiceField:
    """A doubling level 0..top (a challenge, a flek) named by the ruleset: "none", "flek ×2", …"""
    last = levels.top if top is None else top
    choices: list[tuple[str, StrOrPromise]] = [
        (str(level), format_lazy("{} ×{}", _(levels.name(level)), levels.factor(level)))
        for level in levels.above_none
        if level <= last
    ]
    choices.insert(0, ("0", _("none")))
    return forms.TypedChoiceField(label=label, choices=choices, coerce=int, initial="0")


def optional_choice(
    label: StrOrPromise, choices: Sequence[tuple[str, StrOrPromise]], **kwargs: Any
) -> forms.TypedChoiceField:
    """A number chosen from a list, or "—" (not given)."""
    return forms.TypedChoiceField(
        label=label, choices=[("", "—"), *choices], coerce=int, empty_value=None,
        required=False, **kwargs,
    )  # fmt: skip


def card_groups() -> list[tuple[StrOrPromise, list[Card]]]:
    """The pack for the card picker: trumps, then each suit."""
    labels = {
        None: _("Trumps"),
        Suit.HEARTS: _("Hearts"),
        Suit.DIAMONDS: _("Diamonds"),
        Suit.CLUBS: pgettext_lazy("card suit", "Clubs"),
        Suit.SPADES: _("Spades"),
    }
    return [(labels[suit], [c for c in PACK if c.suit == suit]) for suit in SUIT_ORDER]


def contract_field(contracts: Iterable[Enum]) -> forms.ChoiceField:
    """The contract as pills, from a Czech ruleset's Contract enum (první first)."""
    choices = [(contract.value, _(CZECH_CONTRACTS[contract.value])) for contract in contracts]
    return forms.ChoiceField(label=_("Contract"), choices=choices, widget=PILLS, initial="prvni")


def house_rule_field(rule: HouseRule) -> forms.Field:
    """A house rule's field, labelled by its title: left blank, the ruleset's default applies."""
    label = _(rule.title) if rule.title else rule.name
    help_text = _(rule.help) if rule.help else ""
    if rule.kind == "bool":
        return forms.NullBooleanField(
            label=label, help_text=help_text, required=False, initial=rule.default
        )
    if rule.kind == "choice":
        titles = rule.choice_titles or rule.choices
        choices = [(choice, _(title)) for choice, title in zip(rule.choices, titles, strict=True)]
        return forms.ChoiceField(
            label=label, help_text=help_text, choices=choices, required=False, initial=rule.default
        )
    if rule.kind == "decimal":
        return BoundedDecimalField(
            label=label,
            help_text=help_text,
            required=False,
            initial=rule.default,
            min_value=rule.minimum,
            max_value=rule.maximum,
        )
    return forms.IntegerField(
        label=label,
        help_text=help_text,
        required=False,
        initial=rule.default,
        min_value=rule.minimum,
        max_value=rule.maximum,
    )


class BoundedDecimalField(forms.DecimalField):
    """A decimal read by :func:`scoring.bounds.read_decimal`: at most 12 significant
    digits, an exponent within ±6, never NaN or Infinity (the error names the limit)."""

    # django-stubs gives DecimalField the to_python of its base, IntegerField (int | None).
    def to_python(self, value: object) -> Decimal | None:  # type: ignore[override]
        if value in self.empty_values:
            return None
        try:
            return read_decimal(str(value), str(self.label or "value"))
        except OutOfBounds as error:
            raise forms.ValidationError(error_text(error), code="invalid") from None


class PenaltyParameterField(forms.CharField):
    """A penalty's parameter: a seat number (ASCII digits) becomes an int, a value name
    stays text. ``²`` or ``③`` are text (the engine then names them as no value), never
    a crash in ``int()``; a number beyond :mod:`scoring.bounds` is a form error."""

    # The longest value name is far shorter; more is no parameter.
    MAX_LENGTH = 40

    def to_python(self, value: object) -> int | str:  # type: ignore[override]
        # Django's CharField gives text; this field gives a seat number or text.
        text = super().to_python(value) or ""
        if len(text) > self.MAX_LENGTH:
            raise forms.ValidationError(
                _("at most %(limit)s characters (got %(length)s)")
                % {"limit": self.MAX_LENGTH, "length": len(text)},
                code="max_length",
            )
        digits = text.lstrip("+-")
        if not (digits.isascii() and digits.isdigit()):
            return text
        try:
            return read_integer(text, str(self.label or "value"))
        except OutOfBounds as error:
            raise forms.ValidationError(error_text(error), code="invalid") from None
