"""The roles of the site and how a view asks for them.

Three roles (`manage.py grant`, or the admin):

* federation: runs seasons and cups across clubs and may act for any club. It is the
  Directors group (today's directors stayed federation-wide when club roles came).
* director of a club: keeps that club's roster, its tournaments, their judges and links.
* judge of a club: judges that club's tables (the Judges group judges any club's).

The groups carry the admin's model permissions (club directors are in the Club directors
group); a club role (`clubs.models.ClubRole`) says of which club. Superusers are
federation. The object-level checks built on these are in `clubs.permissions`; this module
only reads a user's roles, so every app may import it.
"""

from collections.abc import Callable
from functools import wraps

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

DIRECTORS = "Directors"
JUDGES = "Judges"
CLUB_DIRECTORS = "Club directors"

# The names `manage.py grant` takes, and the club roles' values.
FEDERATION = "federation"
CLUB_DIRECTOR = "director"
CLUB_JUDGE = "judge"

# Who may use a view, as the decorator that lets them in marks it (`view.access`): each
# decorator sets its own, so the mark and the check it stands for cannot part.
# tests/test_permissions.py requests every URL as each role and holds each view to its mark.
PUBLIC = "public"
SIGNED_IN = "signed in"
DIRECTOR = "director of some club"
CLUB_DIRECTOR_ONLY = "director of the club concerned"
FEDERATION_ONLY = "federation"


def _roles(user) -> tuple[frozenset[str], dict[str, frozenset[int]]]:
    """The user's group names and, per club role, the ids of its clubs.

    Cached on the user object: templates and views ask several times per request."""
    cache = getattr(user, "_roles", None)
    if cache is None:
        groups = frozenset(user.groups.values_list("name", flat=True))
        clubs: dict[str, set[int]] = {CLUB_DIRECTOR: set(), CLUB_JUDGE: set()}
        for role, club_id in user.club_roles.values_list("role", "club_id"):
            clubs[role].add(club_id)
        cache = (groups, {role: frozenset(ids) for role, ids in clubs.items()})
        user._roles = cache
    return cache


def is_federation(user) -> bool:
    """True for the federation role (the Directors group) and superusers."""
    if not user.is_authenticated:
        return False
    return user.is_superuser or DIRECTORS in _roles(user)[0]


def directed_clubs(user) -> frozenset[int]:
    """The ids of the clubs the user directs by a club role (federation aside)."""
    if not user.is_authenticated:
        return frozenset()
    return _roles(user)[1][CLUB_DIRECTOR]


def judged_clubs(user) -> frozenset[int]:
    """The ids of the clubs the user judges for by a club role."""
    if not user.is_authenticated:
        return frozenset()
    return _roles(user)[1][CLUB_JUDGE]


def judges_every_club(user) -> bool:
    """True for the Judges group: judges who may judge any club's tables."""
    return user.is_authenticated and JUDGES in _roles(user)[0]


def is_director(user) -> bool:
    """True for the federation and for the director of any club."""
    return is_federation(user) or bool(directed_clubs(user))


def is_judge(user) -> bool:
    """True for judges of any club or of all (directors may judge too)."""
    return judges_every_club(user) or bool(judged_clubs(user)) or is_director(user)


# What a refused visitor reads, by the access a view is marked with: the role he lacks,
# so a director of another club learns it is not his club's, not that he is no director.
REFUSALS = {
    CLUB_DIRECTOR_ONLY: gettext_lazy(
        "Only a director of the club this belongs to, or the federation, may do this."
    ),
    FEDERATION_ONLY: gettext_lazy("Only the federation may do this."),
}


def refuse_unless(allowed: Callable, view: Callable, access: str) -> Callable:
    """`view` behind a login and `allowed(user, **url_kwargs)`: anonymous visitors go to
    the login page, others who are not allowed get 403 naming the role they lack. Marked
    `access`."""

    @wraps(view)
    @login_required
    def wrapper(request, *args, **kwargs):
        if not allowed(request.user, **kwargs):
            raise PermissionDenied(
                REFUSALS.get(access) or _("Only a tournament director may do this.")
            )
        return view(request, *args, **kwargs)

    wrapper.access = access
    return wrapper


def director_required(view: Callable) -> Callable:
    """Let in the director of any club (the view or its form keeps him to his clubs)."""
    return refuse_unless(lambda user, **kwargs: is_director(user), view, DIRECTOR)


def federation_required(view: Callable) -> Callable:
    """Let only the federation in (creating clubs, running seasons)."""
    return refuse_unless(lambda user, **kwargs: is_federation(user), view, FEDERATION_ONLY)


def signed_in(view: Callable) -> Callable:
    """Let in anyone logged in (anonymous visitors go to the login page); the view decides
    the rest, e.g. which judges may read a sheet."""
    wrapper = login_required(view)
    wrapper.access = SIGNED_IN
    return wrapper


def public(view: Callable) -> Callable:
    """Mark a view as readable by anyone, logged in or not."""
    view.access = PUBLIC
    return view
