"""Template context shared by every page."""

from django.http import HttpRequest

from accounts.roles import is_director, is_judge


def roles(request: HttpRequest) -> dict[str, bool]:
    """Tell templates which role-only links to show (the views check again)."""
    user = request.user
    return {"is_director": is_director(user), "is_judge": is_judge(user)}
