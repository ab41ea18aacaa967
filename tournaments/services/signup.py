"""Online registration: a player (or a director of the player's club) registers for a
tournament before its deadline; past its places the registration waits in line, and a
withdrawal gives the place to the first one waiting, in the same transaction.

The tournament row is locked first (tournaments.locks), so two sign-ups for the last
place, or a sign-up and a withdrawal, are taken one after the other: the count of places
taken is read after the lock.

The registration desk (`registration.register`) may go past the places on purpose: the
director at the desk decides, and a walk-in on the day is the desk's to accept.
"""

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.models import Player
from clubs.permissions import directs_club
from tournaments import locks
from tournaments.models import AuditEntry, Registration, Tournament
from tournaments.services.common import TournamentError


def may_act_for(user, player: Player) -> bool:
    """The player's own confirmed account, or a director of the player's club or of no
    club in particular (the federation)."""
    if not user.is_authenticated:
        return False  # an anonymous pk (None) would match every record without an account
    return player.account_id == user.pk or directs_club(user, player.home_club_id)


def _record(tournament: Tournament, by, action: str, player: Player) -> None:
    # The audit of a player's own act: `services.audit` admits directors only.
    AuditEntry.objects.create(tournament=tournament, actor=by, action=action, detail=str(player))


def open_for_online(tournament: Tournament) -> bool:
    """Whether players may register themselves now."""
    deadline = tournament.registration_deadline
    return (
        tournament.status == Tournament.Status.SETUP
        and deadline is not None
        and timezone.now() < deadline
    )


def places_taken(tournament: Tournament) -> int:
    """Registrations holding a place: neither waiting nor withdrawn."""
    return tournament.registrations.filter(waiting__isnull=True, last_round__isnull=True).count()


@transaction.atomic
def register_online(*, tournament: Tournament, player: Player, by) -> Registration:
    """Register `player` online; past the tournament's places, on its waiting list.

    Refused (TournamentError, in words) when online registration is not open or its
    deadline has passed, or the player is already registered; refused (PermissionDenied)
    when `by` may not act for the player. A withdrawn registration signs up again.
    """
    if not may_act_for(by, player):
        raise PermissionDenied(_("You may register only yourself or your club's players."))
    tournament = locks.tournament(tournament.pk)
    if tournament.registration_deadline is None:
        raise TournamentError(_("This tournament takes no online registrations."))
    if not open_for_online(tournament):
        raise TournamentError(_("Online registration for this tournament has closed."))
    registration = tournament.registrations.filter(player=player).first()
    if registration is not None and registration.last_round is None:
        raise TournamentError(_("%(player)s is already registered.") % {"player": player})
    full = tournament.capacity is not None and places_taken(tournament) >= tournament.capacity
    waiting = None
    if full:
        waiting = (tournament.registrations.aggregate(n=Max("waiting"))["n"] or 0) + 1
    if registration is None:
        registration = Registration(tournament=tournament, player=player)
    registration.waiting, registration.last_round = waiting, None
    registration.checked_in = False
    registration.save()
    _record(tournament, by, "register online" if waiting is None else "waiting list", player)
    return registration


@transaction.atomic
def withdraw_online(*, registration: Registration, by) -> Registration | None:
    """The player withdraws before the tournament starts; the first one waiting, if any,
    takes the freed place. Answers the registration promoted (or None)."""
    if not may_act_for(by, registration.player):
        raise PermissionDenied(_("You may withdraw only yourself or your club's players."))
    tournament = locks.tournament(registration.tournament_id)
    registration = Registration.objects.select_for_update().get(pk=registration.pk)
    if tournament.status != Tournament.Status.SETUP:
        raise TournamentError(_("The tournament has started; ask its director to withdraw you."))
    if registration.last_round is not None:
        raise TournamentError(
            _("%(player)s has already withdrawn.") % {"player": registration.player}
        )
    held_place = registration.waiting is None
    registration.waiting, registration.checked_in = None, False
    registration.last_round = registration.first_round - 1
    registration.save(update_fields=["waiting", "checked_in", "last_round"])
    _record(tournament, by, "withdraw online", registration.player)
    return promote_first_waiting(tournament) if held_place else None


def promote_first_waiting(tournament: Tournament) -> Registration | None:
    """Give a free place to the first registration waiting (the caller holds the
    tournament's lock, in its transaction); None when none waits or no place is free."""
    if tournament.capacity is not None and places_taken(tournament) >= tournament.capacity:
        return None
    first = (
        Registration.objects.select_for_update()
        .filter(tournament=tournament, waiting__isnull=False)
        .order_by("waiting")
        .first()
    )
    if first is not None:
        first.waiting = None
        first.save(update_fields=["waiting"])
    return first
