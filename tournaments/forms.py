"""Forms of the tournament pages (the hand form itself is scoring.forms)."""

from decimal import Decimal

from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _

from clubs.roles import JUDGES
from scoring import get_ruleset
from scoring.bounds import OutOfBounds, read_decimal
from tournaments.models import Tournament
from tournaments.services import pinned_house_rules

# Placement points are given per place at a table; no table seats more.
MAX_PLACES = 8
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
        items = [p.strip() for p in text.split(",") if p.strip()]
        if len(items) > MAX_PLACES:
            raise forms.ValidationError(
                _("At most %(count)s places at a table.") % {"count": MAX_PLACES}
            )
        try:
            # The bounded reader: NaN, Infinity and 1e999999 would break every standing.
            # Stored as text ("0.5"): exact, and JSON has no decimal type.
            points = [str(read_decimal(p, str(place))) for place, p in enumerate(items, 1)]
        except OutOfBounds as error:
            raise forms.ValidationError(
                _(
                    "Place %(place)s: %(reason)s. Write numbers separated by commas, e.g. 4, 3, 2, 1."
                )
                % {"place": error.field, "reason": error.reason}
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


class JudgeForm(forms.Form):
    judge = forms.ModelChoiceField(
        label=_("Judge"), queryset=get_user_model().objects.none(), required=False
    )
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

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["judge"].queryset = (
            get_user_model().objects.filter(groups__name=JUDGES).order_by("username")
        )


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
