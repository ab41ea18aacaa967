"""The forms of a tournament's setup page and its registration desk."""

from django import forms
from django.utils.translation import gettext_lazy as _

from accounts.text import CleanTextMixin
from clubs.models import Player
from scoring import RULESETS, get_ruleset
from scoring.bounds import OutOfBounds, read_decimal
from scoring.drive import TABLE as DRIVE_TABLE
from scoring.translate import error_text
from tournaments.drive import can_be_drive
from tournaments.models import Tournament
from tournaments.services import PINNED_FIELDS, REGISTRATION_FIELDS, SETUP_FIELDS

# Placement points are given per place at a table; no table seats more.
MAX_PLACES = 8
_DATE = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")


class TournamentForm(CleanTextMixin, forms.ModelForm):
    """Setup; the ruleset and its house rules are pinned once the first round is drawn."""

    placement_points_text = forms.CharField(
        label=_("Placement points"),
        required=False,
        initial="4, 3, 2, 1",
        help_text=_("For placement standings: points for 1st, 2nd, … at a table, e.g. 4, 3, 2, 1."),
    )

    class Meta:
        model = Tournament
        fields = [*SETUP_FIELDS, *REGISTRATION_FIELDS]
        widgets = {
            "date": _DATE,
            "registration_deadline": forms.DateTimeInput(
                attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"
            ),
        }
        help_texts = {
            "registration_deadline": _(
                "Players register themselves online until then; empty: only at the desk."
            ),
            "capacity": _("Past this many, online registrations wait in line; empty: no limit."),
        }

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if self.instance.pk:
            self.fields["placement_points_text"].initial = ", ".join(
                str(p) for p in self.instance.placement_points
            )
            if self.instance.rounds.exists():
                for name in PINNED_FIELDS:
                    self.fields[name].disabled = True
        # Each ruleset's own sizes, so the director sees them before choosing.
        self.fields["table_size"].help_text = "; ".join(
            f"{_(module.TITLE)}: {', '.join(str(size) for size in module.TABLE_SIZES)}"
            for module in RULESETS.values()
        )
        # The model's label says chips; a written-score game's total is in points.
        self.fields["standings_method"].choices = [
            (value, _("Total chips or points over all rounds") if value == "chips" else label)
            for value, label in self.fields["standings_method"].choices
        ]
        self.fields["starting_chips"].help_text = _(
            "Games paid in chips between the players; a game whose scores are written for "
            "each player starts everyone at 0."
        )
        # The presets are a known set: offered by ruleset, checked against the chosen one.
        self.fields["preset"] = forms.ChoiceField(
            label=self.fields["preset"].label,
            required=False,
            choices=[
                ("", _("the ruleset's defaults")),
                *(
                    (
                        _(module.TITLE),
                        [(name, _(title)) for name, title in module.PRESET_TITLES.items()],
                    )
                    for module in RULESETS.values()
                    if module.PRESETS
                ),
            ],
            disabled=self.fields["preset"].disabled,
        )
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
                % {"place": error.field, "reason": error_text(error)}
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
        if ruleset and not get_ruleset(ruleset).ZERO_SUM:
            data["starting_chips"] = 0  # scores written for each player start at nothing
        if ruleset and preset and preset not in get_ruleset(ruleset).PRESETS:
            names = ", ".join(
                str(_(title)) for title in get_ruleset(ruleset).PRESET_TITLES.values()
            )
            self.add_error(
                "preset", _("Unknown preset; this ruleset has: %(names)s.") % {"names": names}
            )
        if data.get("standings_method") == Tournament.Standings.TRICKS and ruleset:
            if not can_be_drive(get_ruleset(ruleset)):
                drives = ", ".join(
                    module.TITLE for module in RULESETS.values() if can_be_drive(module)
                )
                self.add_error(
                    "standings_method",
                    _("Tricks over a drive need a ruleset played as a drive: %(rulesets)s.")
                    % {"rulesets": drives},
                )
            elif data.get("table_size") and data["table_size"] != DRIVE_TABLE:
                self.add_error(
                    "table_size",
                    _("A drive is played %(size)s to a table.") % {"size": DRIVE_TABLE},
                )
            if not data.get("hands_per_round"):
                self.add_error(
                    "hands_per_round", _("A drive needs the hands per round: trumps follow them.")
                )
        if data.get("standings_method") == Tournament.Standings.PLACEMENT and not data.get(
            "placement_points_text"
        ):
            self.add_error("placement_points_text", _("Placement standings need the points table."))
        return data

    def tournament_fields(self) -> dict:
        """The cleaned setup for `services.create_tournament` / `edit_tournament`; the form
        itself saves nothing."""
        fields = {name: self.cleaned_data[name] for name in self._meta.fields}
        fields["placement_points"] = self.cleaned_data["placement_points_text"]
        return fields

    def save(self, commit: bool = True) -> Tournament:
        raise TypeError("Save a tournament through services.create_tournament/edit_tournament")


class NewPlayerForm(CleanTextMixin, forms.Form):
    """A player created on the spot at registration."""

    first_name = forms.CharField(label=_("First name"), max_length=60)
    last_name = forms.CharField(label=_("Last name"), max_length=60)


class RegisterForm(CleanTextMixin, forms.Form):
    """A player from the rosters registered (and checked in) at the desk."""

    player = forms.ModelChoiceField(
        label=_("Player"),
        queryset=Player.objects.active(),
        error_messages={
            "required": _("Choose a player from the rosters."),
            "invalid_choice": _("Choose an active player from the rosters."),
        },
    )


class RegistrationActionForm(CleanTextMixin, forms.Form):
    """What the desk does with a registration between rounds, or with one waiting."""

    action = forms.ChoiceField(
        label=_("Action"),
        choices=[
            ("check_in", _("Check in")),
            ("undo_check_in", _("Undo check-in")),
            ("withdraw", _("Withdraw")),
            ("promote", _("Give a place")),
        ],
    )
