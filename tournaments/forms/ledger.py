"""The forms of the director's ledger: a ruling (a penalty from the ruleset's catalogue)
applied to a table of the round in play, and a ruling cancelled."""

from django import forms
from django.utils.translation import gettext_lazy as _

from accounts.text import CleanTextMixin
from scoring.bounds import MAX_INTEGER_DIGITS
from scoring.penalties import PARAMS, PenaltyParam
from tournaments.forms.numbers import MAX_HAND_NUMBER, WholeNumberField
from tournaments.models import Round, Table, Tournament


class LedgerRulingForm(CleanTextMixin, forms.Form):
    """A director's ruling on a table of the round in play: a penalty from the ruleset's
    catalogue, on one of the table's seats, on a hand or standalone (its own hand)."""

    table = forms.ModelChoiceField(
        label=_("Table"),
        queryset=Table.objects.none(),
        empty_label=None,
        error_messages={"invalid_choice": _("Choose a table of the round in play.")},
    )
    hand = WholeNumberField(
        label=_("Hand number (blank: standalone)"),
        required=False,
        min_value=1,
        max_value=MAX_HAND_NUMBER,
        widget=forms.TextInput(attrs={"inputmode": "numeric"}),
    )
    code = forms.ChoiceField(label=_("Ruling"))
    seat = forms.TypedChoiceField(label=_("Seat"), coerce=int)
    sitter = forms.TypedChoiceField(
        label=_("Sits out (at a table of four)"), coerce=int, required=False, empty_value=None
    )
    reason = forms.CharField(
        label=_("Reason"),
        max_length=500,
        error_messages={"required": _("Say why the ruling is applied.")},
    )

    def __init__(self, *args, tournament: Tournament, table: Table | None = None, **kwargs) -> None:
        kwargs.setdefault("label_suffix", "")  # the ledger's labels read as headings
        super().__init__(*args, **kwargs)
        current = tournament.rounds.filter(status=Round.Status.PLAYING).order_by("-number").first()
        tables = (
            current.tables.select_related("round__tournament")
            .prefetch_related("seats")
            .order_by("number")
            if current
            else Table.objects.none()
        )
        self.fields["table"].queryset = tables
        # The page's form is for one table (`table`, else the first): it offers that
        # table's seats alone. A posted form accepts the seats of any table of the round
        # and `clean` refuses one the chosen table does not have.
        if not self.is_bound:
            table = next((t for t in tables if table is None or t.pk == table.pk), None)
            self.initial["table"] = table.pk if table else None
            self.fields["table"].widget = forms.HiddenInput()
        self.chosen_table = table if not self.is_bound else None
        shown = [table] if not self.is_bound and table else tables
        numbers = sorted({seat.number for t in shown for seat in t.seats.all()})
        seats = [(n, str(n)) for n in numbers]
        self.fields["seat"].choices = seats
        self.fields["sitter"].choices = [
            ("", _("the dealer the table proposes (a misdeal: its dealer)")),
            *seats,
        ]
        if tournament.rules.DEAL.sits_out_at is None:
            del self.fields["sitter"]
        catalogue = tournament.rules.PENALTIES
        self.fields["code"].choices = [(e.code, _(e.title)) for e in catalogue]
        self._params = {entry.code: entry.params for entry in catalogue}
        self._titles = {entry.code: entry.title for entry in catalogue}
        # A field for each parameter the ruleset's penalties take; the ruling's own reason
        # is the ledger's reason, asked for once.
        taken = dict.fromkeys(param for entry in catalogue for param in entry.params)
        self.params = [PARAMS[name] for name in taken if name != "reason"]
        for param in self.params:
            self.fields[param.name] = _param_field(param, seats)

    def clean(self) -> dict:
        data = super().clean()
        table = data.get("table")
        if table is not None:
            numbers = {seat.number for seat in table.seats.all()}
            seat_fields = ["seat", "sitter", *(p.name for p in self.params if p.kind == "seat")]
            for name in seat_fields:
                if data.get(name) is not None and data[name] not in numbers:
                    self.add_error(
                        name,
                        _("%(table)s has no seat %(seat)s.") % {"table": table, "seat": data[name]},
                    )
        code = data.get("code")
        if code:
            takes = self._params[code]
            for param in self.params:
                name = param.name
                given = data.get(name) not in (None, "")
                # The ruling and its parameter in the reader's words, never their codes.
                said = {"ruling": _(self._titles[code]), "param": _(param.word)}
                if name in takes and not given:
                    self.add_error(
                        name,
                        _("The ruling “%(ruling)s” needs its %(param)s.") % said,
                    )
                elif given and name not in takes:
                    self.add_error(
                        name,
                        _("The ruling “%(ruling)s” takes no %(param)s.") % said,
                    )
        return data

    def penalty(self) -> dict:
        """The penalty as a hand stores it: code, seat and the parameters given."""
        data = self.cleaned_data
        penalty = {"code": data["code"], "seat": data["seat"]}
        penalty.update(
            {p.name: data[p.name] for p in self.params if data.get(p.name) not in (None, "")}
        )
        if "reason" in self._params[data["code"]]:
            penalty["reason"] = data["reason"]
        return penalty

    @property
    def param_fields(self) -> list[forms.BoundField]:
        """The parameter fields, in the order the catalogue first names them."""
        return [self[param.name] for param in self.params]


def _param_field(param: PenaltyParam, seats: list[tuple[int, str]]) -> forms.Field:
    """A ruling's parameter as the ledger asks for it: a seat of the round's tables, a
    whole number within bounds, or a short text."""
    label = _(param.label)
    if param.kind == "seat":
        return forms.TypedChoiceField(
            label=label, choices=[("", "—"), *seats], coerce=int, required=False, empty_value=None
        )
    if param.kind == "integer":
        # The engine checks the ruleset's own range; this only keeps the number a number.
        most = 10**MAX_INTEGER_DIGITS - 1
        return WholeNumberField(label=label, required=False, min_value=-most, max_value=most)
    return forms.CharField(label=label, required=False, max_length=40)


class CancelRulingForm(CleanTextMixin, forms.Form):
    """Why a penalty is taken off a hand (the hand's history keeps it)."""

    reason = forms.CharField(
        label=_("Reason"),
        max_length=500,
        error_messages={"required": _("Say why the penalty is cancelled.")},
    )
