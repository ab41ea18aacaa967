"""Forms a director fills in to keep the rosters.

Model constraints (unique member number per club, dates in order) are checked by the
model's `validate_constraints`, which ModelForm runs, so the form shows the same plain
message the database would enforce.
"""

from decimal import Decimal

from django import forms
from django.utils.translation import gettext_lazy as _

from accounts.text import CleanTextMixin
from clubs.models import Club, Membership, Player, Season

_DATE = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")


class ClubForm(CleanTextMixin, forms.ModelForm):
    # No max_length here so that "USA" gets the explanation below, not a length error.
    country = forms.CharField(label=_("country"), help_text=_("Two-letter code, e.g. US, CZ, SI."))

    class Meta:
        model = Club
        fields = ["name", "short_name", "city", "country", "spjst_lodge", "founded"]
        widgets = {"founded": _DATE}

    def clean_country(self) -> str:
        country = self.cleaned_data["country"].strip().upper()
        if len(country) != 2 or not country.isalpha():
            raise forms.ValidationError(_("Use the two-letter country code, e.g. US, CZ or SI."))
        return country


class PlayerForm(CleanTextMixin, forms.ModelForm):
    class Meta:
        model = Player
        fields = [
            "first_name",
            "last_name",
            "display_name",
            "home_club",
            "member_number",
            "birth_year",
            "email",
            "phone",
            "active",
            "notes",
        ]
        widgets = {"notes": forms.Textarea(attrs={"rows": 3})}

    def clean_member_number(self) -> str:
        return self.cleaned_data["member_number"].strip()


class MembershipForm(CleanTextMixin, forms.ModelForm):
    class Meta:
        model = Membership
        fields = ["player", "club", "date_from", "date_to"]
        widgets = {"date_from": _DATE, "date_to": _DATE}

    def __init__(self, *args, player: Player, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # A disabled field rather than setting instance.player, so the model's
        # (player, club, date_from) constraint is still checked by the form.
        self.fields["player"].disabled = True
        self.fields["player"].initial = player.pk


class SeasonForm(CleanTextMixin, forms.ModelForm):
    cup_points_text = forms.CharField(
        label=_("Cup points"),
        required=False,
        help_text=_("Points for 1st, 2nd, … place, separated by commas, e.g. 25, 20, 16, 13."),
    )

    class Meta:
        model = Season
        fields = [
            "name",
            "start_date",
            "end_date",
            "club",
            "ranking",
            "best_of",
            "minimum_tournaments",
        ]
        widgets = {"start_date": _DATE, "end_date": _DATE}

    def __init__(self, *args, federation: bool = True, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if not federation:
            # A club's director runs his club's seasons; one across clubs is the federation's.
            self.fields["club"].required = True
            self.fields["club"].help_text = _("The club whose tournaments count.")
        self.fields["cup_points_text"].initial = ", ".join(self.instance.cup_points)
        # The model's label says chips; a season of written-score games sums points.
        self.fields["ranking"].choices = [
            (value, _("Chips or points won over the season") if value == "chips" else label)
            for value, label in self.fields["ranking"].choices
        ]

    def clean_cup_points_text(self) -> list[str]:
        text = self.cleaned_data["cup_points_text"].replace(";", ",")
        try:
            points = [Decimal(p.strip()) for p in text.split(",") if p.strip()]
        except ArithmeticError:
            raise forms.ValidationError(
                _("Write numbers separated by commas, e.g. 25, 20, 16.")
            ) from None
        if any(not p.is_finite() or p < 0 for p in points):
            raise forms.ValidationError(_("Cup points are numbers of 0 or more."))
        return [str(p) for p in points] or self.instance.cup_points

    def save(self, commit: bool = True) -> Season:
        self.instance.cup_points = self.cleaned_data["cup_points_text"]
        return super().save(commit)


class PlayerActiveForm(CleanTextMixin, forms.Form):
    """Deactivate ("0") or reactivate ("1") a player, as the player page's button sends it."""

    active = forms.TypedChoiceField(
        label=_("active"),
        choices=[("0", _("inactive")), ("1", _("active"))],
        coerce=lambda value: value == "1",
    )
