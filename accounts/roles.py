"""The two roles of the site and how a view asks for them.

Directors set up tournaments and keep the rosters; judges record hands at their tables.
Both are Django groups (created by a data migration) so a club secretary can grant them in
the admin. Superusers count as directors.
"""

from collections.abc import Callable
from functools import wraps

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext as _

DIRECTORS = "Directors"
JUDGES = "Judges"

# Who may use a view, as the decorator that lets them in marks it (`view.access`): each
# decorator below sets its own, so the mark and the check it stands for cannot part.
# tests/test_permissions.py requests every URL as each role and holds each view to its mark.
PUBLIC = "public"
SIGNED_IN = "signed in"
DIRECTOR = "director"


def _in_group(user, name: str) -> bool:
    if not user.is_authenticated:
        return False
    if user.is_superuser:
        return True
    # Cached on the user object: templates and views ask several times per request.
    cache = getattr(user, "_role_names", None)
    if cache is None:
        cache = set(user.groups.values_list("name", flat=True))
        user._role_names = cache
    return name in cache


def is_director(user) -> bool:
    """True for members of the Directors group and superusers."""
    return _in_group(user, DIRECTORS)


def is_judge(user) -> bool:
    """True for members of the Judges group (directors may judge too)."""
    return _in_group(user, JUDGES) or is_director(user)


def director_required(view: Callable) -> Callable:
    """Let only directors in: anonymous visitors go to the login page, others get 403."""

    @wraps(view)
    @login_required
    def wrapper(request, *args, **kwargs):
        if not is_director(request.user):
            raise PermissionDenied(_("Only a tournament director may do this."))
        return view(request, *args, **kwargs)

    wrapper.access = DIRECTOR
    return wrapper


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
