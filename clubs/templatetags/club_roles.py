"""`user|directs:club_id` in templates: whether to show a club's director controls (the
views check again, through `clubs.permissions`)."""

from django import template

from clubs.permissions import directs_club

register = template.Library()


@register.filter
def directs(user, club_id: int | None) -> bool:
    """Whether `user` directs the club with this id (the federation directs all)."""
    return directs_club(user, club_id)
