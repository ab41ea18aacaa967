"""The site's URLs plus one the site has not: a bare view that inserts one row.

`bench/bench_requests.py` serves the site through this urlconf, so the bare insert passes
the same middleware, session and login as the judge's pages and is the yardstick the
other figures are divided by. Not part of the site: no setting points here.
"""

from django.http import HttpRequest, HttpResponse
from django.urls import path

from accounts.roles import signed_in
from config.urls import urlpatterns as site_urlpatterns
from tournaments.models import AuditEntry


@signed_in
def bare_insert(request: HttpRequest, pk: int) -> HttpResponse:
    """Insert one audit entry for tournament `pk` and answer with no content."""
    AuditEntry.objects.create(tournament_id=pk, actor=request.user, action="bench")
    return HttpResponse(status=204)


urlpatterns = [
    path("bench/tournaments/<int:pk>/insert/", bare_insert, name="bench_insert"),
    *site_urlpatterns,
]
