"""The time a signed-in person reads: their own club's, not the site's.

One site serves Texas lodges, Czech and Slovenian clubs (issue 31), but `TIME_ZONE` is one
zone: a Ljubljana desk read its check-ins six hours behind, in Chicago's time. At sign-in
the person's zone is taken from the countries of their clubs (their roles, else their own
player record's home club) and kept in the session; `ClubTimeZoneMiddleware` makes it the
current zone of each of their requests, so every time a page, a PDF or an export shows is
theirs. A visitor, a federation account without a club, or someone whose clubs lie in
different zones reads the site's `TIME_ZONE`. No query is added to a request: the session
is read anyway to know who is signed in.
"""

import zoneinfo
from collections.abc import Callable

from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse
from django.utils import timezone

from clubs.models import Club, ClubRole, Player

SESSION_KEY = "club_time_zone"

# A club's country (its two-letter code) → the zone its clubs keep. The United States' clubs
# on this site are Texas's SPJST lodges.
COUNTRY_ZONES = {
    "US": "America/Chicago",
    "CZ": "Europe/Prague",
    "SK": "Europe/Bratislava",
    "SI": "Europe/Ljubljana",
    "AT": "Europe/Vienna",
    "DE": "Europe/Berlin",
    "HR": "Europe/Zagreb",
    "HU": "Europe/Budapest",
    "IT": "Europe/Rome",
    "PL": "Europe/Warsaw",
}


def zone_of(countries: set[str]) -> str | None:
    """The one zone that clubs of `countries` keep, or None when they keep none or several."""
    zones = {COUNTRY_ZONES.get(country.upper()) for country in countries}
    return zones.pop() if len(zones) == 1 and None not in zones else None


def user_zone(user) -> str | None:
    """The zone of the clubs `user` has a role in, else of the home club of their player
    record; None when there is no one zone."""
    countries = set(
        ClubRole.objects.filter(user=user).values_list("club__country", flat=True).distinct()
    )
    if not countries:
        countries = set(
            Club.objects.filter(players__in=Player.objects.filter(account=user)).values_list(
                "country", flat=True
            )
        )
    return zone_of(countries)


@receiver(user_logged_in, dispatch_uid="clubs.time_zones.remember_zone")
def remember_zone(sender, request: HttpRequest | None, user, **kwargs) -> None:
    """Keep the signed-in person's zone in their session (none: the site's)."""
    if request is None or not hasattr(request, "session"):
        return
    zone = user_zone(user)
    if zone is None:
        request.session.pop(SESSION_KEY, None)
    else:
        request.session[SESSION_KEY] = zone


class ClubTimeZoneMiddleware:
    """Each request in the zone its session keeps (`remember_zone`), else the site's."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        zone = _zone(request.session.get(SESSION_KEY)) if _has_session(request) else None
        if zone is None:
            timezone.deactivate()
        else:
            timezone.activate(zone)
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()


def _has_session(request: HttpRequest) -> bool:
    # A visitor who never signed in sends no session cookie: nothing to read, no query.
    session = getattr(request, "session", None)
    return session is not None and bool(session.session_key)


def _zone(name: object) -> zoneinfo.ZoneInfo | None:
    if not isinstance(name, str) or name not in COUNTRY_ZONES.values():
        return None
    return zoneinfo.ZoneInfo(name)
