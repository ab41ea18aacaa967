"""The forms of a round's page (its draw, the swaps, each table's judge, its status) and
of the tournament's finish."""

from django import forms
from django.contrib.auth import get_user_model
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from accounts.roles import CLUB_JUDGE, JUDGES
from accounts.text import CleanTextMixin
from clubs.models import Player
from tournaments.forms.numbers import MAX_BIG_INTEGER, WholeNumberField
from tournaments.models import Round


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


def judge_accounts(club_id: int):
    """The accounts that may judge the club's tables, by name: its judges and those of
    every club (the Judges group)."""
    return (
        get_user_model()
        .objects.filter(
            Q(groups__name=JUDGES) | Q(club_roles__club=club_id, club_roles__role=CLUB_JUDGE)
        )
        .distinct()
        .order_by("username")
    )


class JudgeForm(CleanTextMixin, forms.Form):
    """A table's judge account, its private link and whether it keeps score on paper only.

    `judges` is the list of the club's judge accounts (`judge_accounts`), read once for
    every table of a round page.
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

    def __init__(self, *args, judges, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        judges = list(judges)
        self._judges = {user.pk: user for user in judges}
        self.fields["judge"].choices = [("", "—")] + [
            (user.pk, user.get_username()) for user in judges
        ]

    def clean_judge(self):
        """The chosen account (None for no judge)."""
        pk = self.cleaned_data["judge"]
        return None if pk is None else self._judges[pk]
