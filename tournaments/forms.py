"""Forms of the tournament pages (the hand form itself is scoring.forms)."""

import uuid
from decimal import Decimal

from django import forms
from django.contrib.auth import get_user_model
from django.core.validators import MaxValueValidator
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from accounts.roles import JUDGES
from accounts.text import CleanTextMixin
from clubs.models import Player
from scoring import RULESETS, get_ruleset
from scoring.bounds import MAX_INTEGER_DIGITS, OutOfBounds, read_decimal
from scoring.drive import TABLE as DRIVE_TABLE
from scoring.penalties import PARAMS, PenaltyParam
from scoring.translate import error_text
from tournaments.drive import can_be_drive
from tournaments.models import Round, Table, Tournament
from tournaments.services import SETUP_FIELDS

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
        fields = list(SETUP_FIELDS)
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
        # Each ruleset's own sizes, so the director sees them before choosing.
        self.fields["table_size"].help_text = "; ".join(
            f"{_(module.TITLE)}: {', '.join(str(size) for size in module.TABLE_SIZES)}"
            for module in RULESETS.values()
        )
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


def judge_accounts():
    """The accounts that may be assigned to judge a table, by name."""
    return get_user_model().objects.filter(groups__name=JUDGES).order_by("username")


class JudgeForm(CleanTextMixin, forms.Form):
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


class ReasonForm(CleanTextMixin, forms.Form):
    reason = forms.CharField(
        label=_("Reason"), widget=forms.Textarea(attrs={"rows": 2}), max_length=500
    )


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


class ContactForm(CleanTextMixin, forms.Form):
    """The judge's phone's ping: how many hands or sheets wait in its queue."""

    waiting = forms.IntegerField(min_value=0, max_value=999)


class HandDeleteForm(TableVersionForm, ReasonForm):
    """Deleting a hand: the table version and why."""


class FinishForm(CleanTextMixin, forms.Form):
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


# The largest value the BigIntegerField of a round's seed (and of any id) can store.
MAX_BIG_INTEGER = 2**63 - 1
# A hand's number is a PositiveSmallIntegerField.
MAX_HAND_NUMBER = 32767


class WholeNumberField(forms.IntegerField):
    """An integer within the field's bounds; a too long number is refused by its length.

    Python refuses to convert more than 4,300 digits at all; checking the length first
    gives the same "at most" message for 25 digits and for 5,000.
    """

    def to_python(self, value):
        if isinstance(value, str) and self.max_value is not None:
            longest = len(str(self.max_value)) + 2  # a sign, a trailing ".0" is allowed
            if len(value.strip()) > longest:
                raise forms.ValidationError(
                    MaxValueValidator.message,
                    code="max_value",
                    params={"limit_value": self.max_value},
                )
        return super().to_python(value)


class DrawForm(CleanTextMixin, forms.Form):
    """The next round's draw: the seed, blank for a random one."""

    seed = WholeNumberField(
        label=_("Seed"),
        required=False,
        min_value=0,
        max_value=MAX_BIG_INTEGER,
        error_messages={
            "invalid": _("The seed must be a whole number (or blank for a random one).")
        },
    )


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
    """What the desk does with a registration between rounds."""

    action = forms.ChoiceField(
        label=_("Action"),
        choices=[
            ("check_in", _("Check in")),
            ("undo_check_in", _("Undo check-in")),
            ("withdraw", _("Withdraw")),
        ],
    )


class SwapForm(CleanTextMixin, forms.Form):
    """Two players of a drawn round whose places are exchanged."""

    player_a = forms.ModelChoiceField(label=_("Player"), queryset=Player.objects.none())
    player_b = forms.ModelChoiceField(label=_("with"), queryset=Player.objects.none())

    def __init__(self, *args, round_: Round, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        in_round = Player.objects.filter(Q(seats__round=round_) | Q(byes__round=round_)).distinct()
        for name in ("player_a", "player_b"):
            self.fields[name].queryset = in_round
            self.fields[name].error_messages["invalid_choice"] = _("Choose a player of this round.")


class RoundStatusForm(CleanTextMixin, forms.Form):
    """Start, close or reopen a round; reopening needs the reason (the service says so)."""

    status = forms.ChoiceField(
        label=_("Status"),
        choices=[(s.value, s.label) for s in (Round.Status.PLAYING, Round.Status.CLOSED)],
    )
    reason = forms.CharField(label=_("Reason"), required=False, max_length=500)


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
            for name in (param.name for param in self.params):
                given = data.get(name) not in (None, "")
                if name in takes and not given:
                    self.add_error(
                        name,
                        _("The ruling %(code)s needs its %(param)s.")
                        % {"code": code, "param": name},
                    )
                elif given and name not in takes:
                    self.add_error(
                        name,
                        _("The ruling %(code)s takes no %(param)s.")
                        % {"code": code, "param": name},
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
