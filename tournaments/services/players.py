"""One person's two player records made one by the federation, undone, or confirmed.

A merge moves every row that names the duplicate (registrations, seats, byes, sheet
lines, memberships: whatever refers to a player) to the kept record, so the kept
record's history is the person's; the duplicate stays, marked merged into it, and the
`PlayerMerge` lists what moved, so `unmerge` moves exactly that back. Each step is
written in the `PlayerMerge` (who, when) and in the audit of every tournament whose rows
moved. Two records that played in one tournament are two people: refused.
"""

from django.apps import apps
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.roles import is_federation
from clubs.models import Membership, Player, PlayerMerge
from tournaments import player_stats
from tournaments.models import (
    Bye,
    PlayerStats,
    Rating,
    RatingChange,
    Registration,
    Seat,
    Tournament,
)
from tournaments.rating_store import rebuild_ratings
from tournaments.services.common import TournamentError, audit

__all__ = ["confirm_merge", "merge_players", "unmerge"]

# Rows that follow a player through `merge_players` beyond the generic references: none
# of these is moved (the merge's own record, the merged-into link).
# The ratings and statistics are not moved but counted again from the moved sheets and
# seats (`_rate_again`).
_NOT_MOVED = {PlayerMerge, Player, Rating, RatingChange, PlayerStats}


def _references() -> list[tuple[str, str]]:
    """(model label, field name) of every foreign key to a player that history follows."""
    return [
        (rel.related_model._meta.label_lower, rel.field.name)
        for rel in Player._meta.related_objects
        if rel.one_to_many and rel.related_model not in _NOT_MOVED
    ]


def _tournaments_of(player: Player) -> set[int]:
    """The tournaments the player is registered in, seated or given a bye in."""
    return {
        *Registration.objects.filter(player=player).values_list("tournament", flat=True),
        *Seat.objects.filter(player=player).values_list("round__tournament", flat=True),
        *Bye.objects.filter(player=player).values_list("round__tournament", flat=True),
    }


def _refusal(keep: Player, duplicate: Player) -> str | None:
    """Why these two records cannot be merged, in words; None if they can."""
    names = {"kept": keep, "duplicate": duplicate}
    if keep.pk == duplicate.pk:
        return _("A player cannot be merged into himself.")
    if duplicate.merged_into_id:
        return _("%(duplicate)s is already merged into another record.") % names
    if keep.merged_into_id:
        return _("%(kept)s is merged into another record; merge into that one.") % names
    shared = Tournament.objects.filter(
        pk__in=_tournaments_of(keep) & _tournaments_of(duplicate)
    ).first()
    if shared:
        return _(
            "%(kept)s and %(duplicate)s both played in %(tournament)s: they are two "
            "people, so nothing was merged."
        ) % (names | {"tournament": shared})
    return None


def _memberships_to_move(keep: Player, duplicate: Player) -> list[int]:
    """The duplicate's memberships the kept record lacks: one per club and start day;
    one the kept record's membership in that club already covers stays behind."""
    kept_ones = list(keep.memberships.all())
    moving = []
    for membership in duplicate.memberships.all():
        covered = any(
            k.club_id == membership.club_id
            and (
                k.date_from == membership.date_from
                or (
                    k.date_from <= membership.date_from
                    and (k.date_to is None or (membership.date_to or k.date_to) <= k.date_to)
                )
            )
            for k in kept_ones
        )
        if not covered:
            moving.append(membership.pk)
    return moving


def _tournaments_touched(moved: dict[str, list[int]]) -> list[Tournament]:
    """The tournaments whose rows a merge moved, to audit it in each."""
    query = (
        Q(registrations__pk__in=moved.get("tournaments.registration:player", []))
        | Q(rounds__seats__pk__in=moved.get("tournaments.seat:player", []))
        | Q(rounds__byes__pk__in=moved.get("tournaments.bye:player", []))
        | Q(rounds__tables__sheets__lines__pk__in=moved.get("tournaments.sheetline:player", []))
    )
    return list(Tournament.objects.filter(query).distinct())


def _audit_all(merge: PlayerMerge, by, action: str, detail: str) -> None:
    for tournament in _tournaments_touched(merge.moved):
        audit(tournament=tournament, actor=by, action=action, detail=detail)


def _require_federation(by) -> None:
    if not is_federation(by):
        raise TournamentError(_("Only the federation merges players."))


@transaction.atomic
def merge_players(keep: Player, duplicate: Player, by) -> PlayerMerge:
    """Move the duplicate's whole history to `keep` and mark it merged into `keep`;
    refused in words (`TournamentError`) when they cannot be one person."""
    _require_federation(by)
    # Locked, and read again: a second merge of either waits, then sees this one.
    list(Player.objects.select_for_update().filter(pk__in=[keep.pk, duplicate.pk]).order_by("pk"))
    keep.refresh_from_db()
    duplicate.refresh_from_db()
    refusal = _refusal(keep, duplicate)
    if refusal:
        raise TournamentError(refusal)
    moved: dict[str, list[int]] = {"clubs.membership:player": []}
    for label, field in _references():
        model = apps.get_model(label)
        rows = model.objects.filter(**{field: duplicate})
        if model is Membership:
            rows = rows.filter(pk__in=_memberships_to_move(keep, duplicate))
        ids = list(rows.values_list("pk", flat=True))
        model.objects.filter(pk__in=ids).update(**{field: keep})
        moved[f"{label}:{field}"] = ids
    merge = PlayerMerge.objects.create(
        kept=keep, duplicate=duplicate, merged_by=by, moved=moved | {"active": duplicate.active}
    )
    duplicate.merged_into = keep
    duplicate.active = False
    duplicate.save(update_fields=["merged_into", "active"])
    _rate_again(keep, duplicate)
    _audit_all(merge, by, "player merged", f"{duplicate} (#{duplicate.pk}) → {keep} (#{keep.pk})")
    return merge


def _rate_again(*players: Player) -> None:
    """The games the players are rated in rated again: their tables changed hands."""
    families = Rating.objects.filter(player__in=players).values_list("family", flat=True)
    rebuild_ratings(sorted(set(families)))
    player_stats.players_moved(*players)


def _open(merge: PlayerMerge, by) -> PlayerMerge:
    """The merge locked, if it is neither undone nor confirmed (else refused)."""
    _require_federation(by)
    merge = (
        PlayerMerge.objects.select_for_update().select_related("kept", "duplicate").get(pk=merge.pk)
    )
    if merge.state == PlayerMerge.State.CONFIRMED:
        raise TournamentError(_("This merge is confirmed: it is final."))
    if merge.state == PlayerMerge.State.UNDONE:
        raise TournamentError(_("This merge was already undone."))
    return merge


def _close(merge: PlayerMerge, by, state: str) -> None:
    merge.state = state
    merge.closed_by = by
    merge.closed_at = timezone.now()
    merge.save(update_fields=["state", "closed_by", "closed_at"])


@transaction.atomic
def unmerge(merge: PlayerMerge, by) -> None:
    """Move back exactly the rows the merge moved and make the duplicate a record of its
    own again, as it was."""
    merge = _open(merge, by)
    duplicate = merge.duplicate
    for key, ids in merge.moved.items():
        if key == "active":
            continue
        label, field = key.split(":")
        apps.get_model(label).objects.filter(pk__in=ids).update(**{field: duplicate})
    duplicate.merged_into = None
    duplicate.active = merge.moved.get("active", True)
    duplicate.save(update_fields=["merged_into", "active"])
    _close(merge, by, PlayerMerge.State.UNDONE)
    _rate_again(merge.kept, duplicate)
    _audit_all(merge, by, "player unmerged", f"{duplicate} (#{duplicate.pk}) ← {merge.kept}")


@transaction.atomic
def confirm_merge(merge: PlayerMerge, by) -> None:
    """Make the merge final: it can no longer be undone."""
    merge = _open(merge, by)
    _close(merge, by, PlayerMerge.State.CONFIRMED)
    _audit_all(merge, by, "player merge confirmed", f"{merge.duplicate} → {merge.kept}")
