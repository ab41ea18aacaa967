"""A tournament's setup: created with its house rules pinned, edited while the rounds
played allow it."""

from typing import Any

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from clubs.permissions import require_director
from scoring import drive as movement
from scoring import get_ruleset
from scoring.house_rules import resolve
from tournaments import drive
from tournaments.models import Tournament
from tournaments.services.common import TournamentError, audit


def pinned_house_rules(ruleset: str, preset: str = "", overrides: dict | None = None) -> dict:
    """Every setting of the ruleset resolved now, so later default changes cannot leak in."""
    module = get_ruleset(ruleset)
    chosen = dict(module.PRESETS[preset]) if preset else {}
    chosen.update(overrides or {})
    # A decimal setting stays a Decimal: the field's encoder keeps it exact (exact_json).
    return dict(resolve(module.HOUSE_RULES, chosen))


def _check_start(ruleset: str, starting_chips: int | None) -> None:
    """Where scores are written for each player (not paid between them) all start at 0."""
    if starting_chips and not get_ruleset(ruleset).ZERO_SUM:
        raise TournamentError(
            _("%(ruleset)s writes scores for each player: every player starts at 0.")
            % {"ruleset": _(get_ruleset(ruleset).TITLE)}
        )


def _check_drive(
    ruleset: str, standings_method: str, table_size: int, hands_per_round: int | None
) -> None:
    """A drive (standings by tricks) needs a ruleset that counts tricks, four to a table,
    and a number of hands a round (the trump schedule is printed by hand)."""
    if standings_method != Tournament.Standings.TRICKS:
        return
    if not drive.can_be_drive(get_ruleset(ruleset)):
        raise TournamentError(
            _("%(ruleset)s is not played as a drive: there are no tricks to total.")
            % {"ruleset": get_ruleset(ruleset).TITLE}
        )
    if table_size != movement.TABLE:
        raise TournamentError(
            _("A drive is played %(size)s to a table.") % {"size": movement.TABLE}
        )
    if not hands_per_round:
        raise TournamentError(_("A drive needs the hands per round: trumps follow them."))


def _check_season(season, host_club) -> None:
    """A club's season counts its own club's tournaments; a federation season (no club)
    counts every club's."""
    if season is not None and season.club_id not in (None, host_club.pk):
        raise TournamentError(
            _("%(season)s is a season of %(club)s: it counts that club's tournaments only.")
            % {"season": season, "club": season.club}
        )


def create_tournament(*, by, ruleset: str, preset: str = "", **fields: Any) -> Tournament:
    """A tournament with its ruleset's house rules pinned now (RULES §0.5), by a director
    of its host club."""
    require_director(by, fields["host_club"].pk)
    _check_season(fields.get("season"), fields["host_club"])
    if not get_ruleset(ruleset).ZERO_SUM:
        fields.setdefault("starting_chips", 0)
    _check_start(ruleset, fields.get("starting_chips"))
    _check_drive(
        ruleset,
        fields.get("standings_method", Tournament.Standings.CHIPS),
        fields.get("table_size", 4),
        fields.get("hands_per_round"),
    )
    return Tournament.objects.create(
        ruleset=ruleset,
        preset=preset,
        house_rules=pinned_house_rules(ruleset, preset),
        created_by=by,
        **fields,
    )


# What a director sets up on a tournament, in the order the form asks; the house rules
# follow the ruleset and preset, and the placement points are read from text by the form.
SETUP_FIELDS = (
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
)
# Online registration (tournaments.services.signup): set up on the same form, but over
# once the tournament is played, so an archive keeps neither.
REGISTRATION_FIELDS = ("registration_deadline", "capacity")
EDITABLE_FIELDS = frozenset({*SETUP_FIELDS, *REGISTRATION_FIELDS, "placement_points"})
# Fixed once the first round is drawn: the hands already played were scored by them.
PINNED_FIELDS = ("ruleset", "preset", "table_size", "starting_chips")


@transaction.atomic
def edit_tournament(*, tournament: Tournament, by, **fields: Any) -> Tournament:
    """Change a tournament's setup; a new ruleset or preset pins its house rules anew.

    Refused for the pinned fields once a round is drawn. Audited with the fields changed.
    """
    unknown = set(fields) - EDITABLE_FIELDS
    if unknown:
        raise TournamentError(
            _("Not a tournament setting: %(fields)s.") % {"fields": ", ".join(sorted(unknown))}
        )
    if "host_club" in fields:
        # Moved to another club: the director must direct that one too (and, through the
        # audit, the one it leaves).
        require_director(by, fields["host_club"].pk)
    current = Tournament.objects.select_for_update().get(pk=tournament.pk)
    changed = sorted(name for name, value in fields.items() if getattr(current, name) != value)
    pinned = [name for name in changed if name in PINNED_FIELDS]
    if pinned and current.rounds.exists():
        raise TournamentError(
            _("%(fields)s can't change once a round is drawn.") % {"fields": ", ".join(pinned)}
        )
    drawn = current.rounds.aggregate(n=Max("number"))["n"] or 0
    if fields.get("rounds_planned", drawn) < drawn:
        raise TournamentError(
            ngettext(
                "%(drawn)s round is drawn already: plan at least %(drawn)s.",
                "%(drawn)s rounds are drawn already: plan at least %(drawn)s.",
                drawn,
            )
            % {"drawn": drawn}
        )
    was_ranked_by = current.standings_method
    for name, value in fields.items():
        setattr(current, name, value)
    _check_start(current.ruleset, current.starting_chips)
    _check_season(current.season, current.host_club)
    _check_drive(
        current.ruleset, current.standings_method, current.table_size, current.hands_per_round
    )
    # The movement seats round 2 on from round 1's tricks: a drive from its first round on.
    drive_changed = Tournament.Standings.TRICKS in (current.standings_method, was_ranked_by)
    if "standings_method" in changed and drive_changed and current.rounds.exists():
        raise TournamentError(_("A drive is a drive from its first round on."))
    if "ruleset" in changed or "preset" in changed:
        current.house_rules = pinned_house_rules(current.ruleset, current.preset)
    current.save()
    if changed:
        audit(tournament=current, actor=by, action="edit", detail=", ".join(changed))
    return current
