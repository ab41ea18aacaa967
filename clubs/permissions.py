"""Who may do what to which club's things: the one place the site's object-level
permission rules live (predicates of the `rules` package).

A thing belongs to a club (a tournament to its host club, a player to his home club, a
table to its tournament's); the callers name that club by its id. The federation may act
for every club, a club's director for his own club only, and a club's judge judges that
club's tables. Views ask through `director_of`, the admin through `ClubScopedAdmin`
(clubs.admin), the services that write through `require_director`.
"""

from collections.abc import Callable

import rules
from django.contrib.auth.models import Group
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Q
from django.http import Http404
from django.utils.translation import gettext as _

from accounts import roles
from clubs.models import Club, ClubRole, Player, Season


@rules.predicate
def is_federation(user) -> bool:
    """The federation role: every club's director, and seasons and cups across clubs."""
    return roles.is_federation(user)


@rules.predicate
def directs_club(user, club_id: int | None) -> bool:
    """Whether the user may direct the club with this id (None: a federation-wide thing)."""
    return roles.is_federation(user) or (
        club_id is not None and club_id in roles.directed_clubs(user)
    )


@rules.predicate
def judges_for_club(user, club_id: int | None) -> bool:
    """Whether the user may be made judge of this club's tables."""
    if not user.is_authenticated:
        return False
    return (
        directs_club(user, club_id)
        or roles.judges_every_club(user)
        or club_id in roles.judged_clubs(user)
    )


rules.add_perm("clubs.direct_club", directs_club)
rules.add_perm("clubs.judge_for_club", judges_for_club)


def visible_clubs(user):
    """The clubs the user may direct: all for the federation, else his own."""
    if roles.is_federation(user):
        return Club.objects.all()
    return Club.objects.filter(pk__in=roles.directed_clubs(user))


def require_director(user, club_id: int | None) -> None:
    """Refuse (PermissionDenied) a service's change to a club the user does not direct."""
    if user is not None and not directs_club(user, club_id):
        raise PermissionDenied(_("Only a director of this club may do this."))


def director_of(club_of: Callable[..., int | None]) -> Callable[[Callable], Callable]:
    """Decorator: let in only who directs the club `club_of(**url_kwargs)` names (it reads
    the thing the URL names and raises Http404 when there is none)."""

    def decorate(view: Callable) -> Callable:
        return roles.refuse_unless(
            lambda user, **kwargs: directs_club(user, club_of(**kwargs)),
            view,
            roles.CLUB_DIRECTOR_ONLY,
        )

    return decorate


GROUPS = {
    roles.FEDERATION: roles.DIRECTORS,
    roles.CLUB_DIRECTOR: roles.CLUB_DIRECTORS,
    roles.CLUB_JUDGE: roles.JUDGES,
}


@transaction.atomic
def grant(user, role: str, club: Club | None, *, revoke: bool = False) -> None:
    """Give (or take back) `role` — federation, director or judge — of `club`.

    Federation takes no club; a director needs one; a judge without a club judges every
    club's tables (the Judges group). The matching group carries the admin's model
    permissions, held while any role of that kind is; directors may use the admin.
    """
    if role not in GROUPS:
        raise ValueError(_("Unknown role %(role)s.") % {"role": role})
    if role == roles.FEDERATION and club is not None:
        raise ValueError(_("The federation role is for every club; name no club."))
    if role == roles.CLUB_DIRECTOR and club is None:
        raise ValueError(_("A director is a director of a club; name the club."))
    group = Group.objects.get_or_create(name=GROUPS[role])[0]
    if club is None:
        # Federation, or a judge of every club: the group is the role itself.
        (user.groups.remove if revoke else user.groups.add)(group)
    else:
        if revoke:
            ClubRole.objects.filter(user=user, club=club, role=role).delete()
        else:
            ClubRole.objects.get_or_create(user=user, club=club, role=role)
        if role == roles.CLUB_DIRECTOR:
            # The admin's model permissions while he directs any club.
            directs_any = ClubRole.objects.filter(user=user, role=role).exists()
            (user.groups.add if directs_any else user.groups.remove)(group)
    if not revoke and role != roles.CLUB_JUDGE and not user.is_staff:
        user.is_staff = True
        user.save(update_fields=["is_staff"])
    user.__dict__.pop("_roles", None)


def limit_club_choices(form, user) -> None:
    """Offer `user` only the clubs he directs in every club field of `form`: a club's
    director files players, memberships and tournaments under his own clubs only."""
    for field in form.fields.values():
        queryset = getattr(field, "queryset", None)
        if queryset is not None and queryset.model is Club:
            field.queryset = visible_clubs(user)


def player_club(pk: int, **kwargs) -> int:
    """The home club of the player the URL names (404 if there is none)."""
    return club_of_row(Player.objects.filter(pk=pk), "home_club_id")


def club_itself(pk: int, **kwargs) -> int:
    """The club the URL names (404 if there is none)."""
    return club_of_row(Club.objects.filter(pk=pk), "pk")


def season_club(pk: int, **kwargs) -> int | None:
    """The club of the season the URL names, None for a federation season (404 if there
    is no such season): with `director_of`, a club's season is its director's, a
    federation season (which counts every club's tournaments) the federation's alone."""
    row = Season.objects.filter(pk=pk).values_list("club_id", flat=True)
    if not row.exists():
        raise Http404(_("No such page."))
    return row.first()


def visible_seasons(user, host_club_id: int | None = None):
    """The seasons a tournament of the user's may count toward: the federation's, and
    those of the clubs he directs (of `host_club_id` only, when named)."""
    own = Q(club__in=visible_clubs(user))
    if host_club_id is not None:
        own &= Q(club_id=host_club_id)
    return Season.objects.filter(Q(club=None) | own)


def club_of_row(queryset, field: str) -> int:
    """The club id in `field` of the queryset's row (404 if there is none)."""
    club_id = queryset.values_list(field, flat=True).first()
    if club_id is None:
        raise Http404(_("No such page."))
    return club_id
