"""The registration desk: a player registered, checked in (or not), withdrawn."""

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from clubs.models import Player
from tournaments import locks
from tournaments.models import Registration, Tournament
from tournaments.services.common import TournamentError, audit
from tournaments.services.signup import promote_first_waiting


@transaction.atomic
def register(*, tournament: Tournament, player: Player, checked_in: bool = False) -> Registration:
    """Register a player; a late entry plays from the next round not yet drawn."""
    if tournament.status == Tournament.Status.FINISHED:
        raise TournamentError(_("The tournament is finished; no more entries."))
    next_round = (tournament.rounds.aggregate(n=Max("number"))["n"] or 0) + 1
    registration, created = Registration.objects.get_or_create(
        tournament=tournament,
        player=player,
        defaults={"checked_in": checked_in, "first_round": next_round},
    )
    if not created and not _taken_in_at_the_desk(registration, next_round, checked_in):
        raise TournamentError(_("%(player)s is already registered.") % {"player": player})
    return registration


def _taken_in_at_the_desk(registration: Registration, next_round: int, checked_in: bool) -> bool:
    # Online registration left this row behind: on the waiting list, or withdrawn before
    # playing a round. The desk takes the player in (past the places, the director's call).
    never_played = registration.last_round is not None and (
        registration.last_round < registration.first_round
    )
    if registration.waiting is None and not never_played:
        return False
    registration.waiting, registration.last_round = None, None
    registration.first_round, registration.checked_in = next_round, checked_in
    registration.save(update_fields=["waiting", "last_round", "first_round", "checked_in"])
    return True


@transaction.atomic
def set_checked_in(*, registration: Registration, checked_in: bool, by) -> None:
    """Check a registered player in at the desk, or undo it (audited either way)."""
    registration = Registration.objects.select_for_update().get(pk=registration.pk)
    if registration.waiting is not None:
        raise TournamentError(
            _("%(player)s is on the waiting list.") % {"player": registration.player}
        )
    if registration.checked_in == checked_in:
        return
    registration.checked_in = checked_in
    registration.save(update_fields=["checked_in"])
    audit(
        tournament=registration.tournament,
        actor=by,
        action="check in" if checked_in else "undo check in",
        detail=str(registration.player),
    )


@transaction.atomic
def withdraw(*, registration: Registration, by) -> None:
    """The player plays no round after the last one drawn; before the first round, the
    place goes to the first one on the waiting list (tournaments.services.signup)."""
    tournament = locks.tournament(registration.tournament_id)
    # Read again after the lock: a sign-up may have just moved it up from the waiting list.
    registration = Registration.objects.select_for_update().get(pk=registration.pk)
    held_place = registration.waiting is None
    drawn = tournament.rounds.aggregate(n=Max("number"))["n"] or 0
    registration.last_round = max(drawn, registration.first_round - 1)
    registration.waiting = None
    registration.save(update_fields=["last_round", "waiting"])
    audit(tournament=tournament, actor=by, action="withdraw", detail=str(registration.player))
    if held_place and tournament.status == Tournament.Status.SETUP:
        promote_first_waiting(tournament)


@transaction.atomic
def promote(*, registration: Registration, by) -> Registration:
    """The director gives a place to one on the waiting list, ahead of his turn and past
    the places if need be (his call, as at the desk); the rest keep their order. Audited."""
    locks.tournament(registration.tournament_id)
    registration = Registration.objects.select_for_update().get(pk=registration.pk)
    if registration.waiting is None:
        raise TournamentError(
            _("%(player)s is not on the waiting list.") % {"player": registration.player}
        )
    registration.waiting = None
    registration.save(update_fields=["waiting"])
    audit(
        tournament=registration.tournament,
        actor=by,
        action="promote",
        detail=str(registration.player),
    )
    return registration
