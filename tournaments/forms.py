"""Forms of the tournament pages (the hand form itself is scoring.forms)."""

from decimal import Decimal

from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _

from clubs.roles import JUDGES
from scoring import get_ruleset
from tournaments.models import Tournament
from tournaments.services import pinned_house_rules

_DATE = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")


class TournamentForm(forms.ModelForm):
    """Setup; the ruleset and its house rules are pinned once the first round is drawn."""

    placement_points_text = forms.CharField(
        label=_("Placement points"),
        required=False,
        initial="4, 3, 2, 1",
        help_text=_("For placement standings: points for 1st, 2nd, … at a table, e.g. 4, 3, 2, 1."),
    )

    class Meta:
        model = Tournament
        fields = [
            "name",
            "date",
            "venue",
            "host_club",
            "season",
            "ruleset",
            "preset",
            "rounds_planned",
            "hands_per_round",
            "minutes_per_round",
            "starting_chips",
            "table_size",
            "standings_method",
        ]
        widgets = {"date": _DATE}

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if self.instance.pk:
            self.fields["placement_points_text"].initial = ", ".join(
                str(p) for p in self.instance.placement_points
            )
            if self.instance.rounds.exists():
                for name in ("ruleset", "preset", "table_size", "starting_chips"):
                    self.fields[name].disabled = True
        self.fields["preset"].help_text = _(
            "A named bundle of house rules of the ruleset; blank for the ruleset's defaults."
        )

    def clean_placement_points_text(self) -> list:
        text = self.cleaned_data["placement_points_text"].replace(";", ",")
        try:
            # Stored as text ("0.5"): exact, and JSON has no decimal type.
            points = [str(Decimal(p.strip())) for p in text.split(",") if p.strip()]
        except ArithmeticError:
            raise forms.ValidationError(
                _("Write numbers separated by commas, e.g. 4, 3, 2, 1.")
            ) from None
        return points

    def clean(self) -> dict:
        data = super().clean()
        ruleset, preset = data.get("ruleset"), data.get("preset", "")
        sizes = get_ruleset(ruleset).TABLE_SIZES if ruleset else ()
        if ruleset and data.get("table_size") and data["table_size"] not in sizes:
            allowed = ", ".join(str(size) for size in sizes)
            self.add_error(
                "table_size",
                _("This ruleset is played %(sizes)s to a table.") % {"sizes": allowed},
            )
        if ruleset and preset and preset not in get_ruleset(ruleset).PRESETS:
            names = ", ".join(get_ruleset(ruleset).PRESETS)
            self.add_error(
                "preset", _("Unknown preset; this ruleset has: %(names)s.") % {"names": names}
            )
        if data.get("standings_method") == Tournament.Standings.PLACEMENT and not data.get(
            "placement_points_text"
        ):
            self.add_error("placement_points_text", _("Placement standings need the points table."))
        return data

    def save(self, commit: bool = True) -> Tournament:
        tournament = super().save(commit=False)
        tournament.placement_points = self.cleaned_data["placement_points_text"]
        if "ruleset" in self.changed_data or "preset" in self.changed_data or not tournament.pk:
            tournament.house_rules = pinned_house_rules(tournament.ruleset, tournament.preset)
        if commit:
            tournament.save()
        return tournament


class NewPlayerForm(forms.Form):
    """A player created on the spot at registration."""

    first_name = forms.CharField(label=_("First name"), max_length=60)
    last_name = forms.CharField(label=_("Last name"), max_length=60)


def judge_accounts():
    """The accounts that may be assigned to judge a table, by name."""
    return get_user_model().objects.filter(groups__name=JUDGES).order_by("username")


class JudgeForm(forms.Form):
    """A table's judge account, its private link and whether it keeps score on paper only.

    `judges` is the list of judge accounts, read once for every table of a round page.
    """

    judge = forms.TypedChoiceField(label=_("Judge"), coerce=int, required=False, empty_value=None)
    link = forms.ChoiceField(
        label=_("Private link"),
        choices=[
            ("keep", _("keep as it is")),
            ("new", _("make a new link")),
            ("revoke", _("revoke the link")),
        ],
        initial="keep",
    )
    paper_only = forms.BooleanField(
        label=_("Paper only (no hands recorded; only the sheet total is checked)"), required=False
    )

    def __init__(self, *args, judges=None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        judges = list(judge_accounts() if judges is None else judges)
        self._judges = {user.pk: user for user in judges}
        self.fields["judge"].choices = [("", "—")] + [
            (user.pk, user.get_username()) for user in judges
        ]

    def clean_judge(self):
        """The chosen account (None for no judge)."""
        pk = self.cleaned_data["judge"]
        return None if pk is None else self._judges[pk]


class ReasonForm(forms.Form):
    reason = forms.CharField(
        label=_("Reason"), widget=forms.Textarea(attrs={"rows": 2}), max_length=500
    )


class SheetForm(forms.Form):
    """One chip count per seat, named after the player in it."""

    def __init__(self, *args, seats, **kwargs) -> None:
        super().__init__(*args, **kwargs)
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
        }


class TableVersionForm(forms.Form):
    """The version of the table the page was built on (hidden), so a change made on an
    older page is recognised and refused instead of overwriting."""

    version = forms.IntegerField(min_value=0, max_value=2**31 - 1, widget=forms.HiddenInput)


class HandSubmissionForm(TableVersionForm):
    """A new hand's hidden fields: the table version and the form's submission id, which
    makes a second tap (or a resend) store the hand once."""

    submission = forms.UUIDField(widget=forms.HiddenInput)


class HandDeleteForm(TableVersionForm, ReasonForm):
    """Deleting a hand: the table version and why."""


class FinishForm(forms.Form):
    """Finish the tournament (its standings become final), or reopen it with a reason."""

    FINISH, REOPEN = "finish", "reopen"

    action = forms.ChoiceField(
        choices=[(FINISH, _("Finish the tournament")), (REOPEN, _("Reopen the tournament"))],
        widget=forms.HiddenInput,
    )
    reason = forms.CharField(
        label=_("Reason for reopening"),
        required=False,
        max_length=500,
        widget=forms.Textarea(attrs={"rows": 2}),
    )

    def clean(self) -> dict:
        data = super().clean()
        if data.get("action") == self.REOPEN and not data.get("reason", "").strip():
            self.add_error("reason", _("Say why the tournament is reopened."))
        return data
