"""Template context shared by every page."""

from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject

from accounts.roles import is_director, is_federation, is_judge


def roles(request: HttpRequest) -> dict[str, object]:
    """Tell templates which role-only links to show (the views check again); a club's own
    controls ask `user|directs:club_id` (clubs.templatetags.club_roles).

    Lazy: asking reads the user's groups, which a fragment that shows no role-only link
    (a saved hand's answer) should not pay for.
    """
    user = request.user
    return {
        "is_director": SimpleLazyObject(lambda: is_director(user)),
        "is_federation": SimpleLazyObject(lambda: is_federation(user)),
        "is_judge": SimpleLazyObject(lambda: is_judge(user)),
    }
