"""What a visitor is told when Django's CSRF check refuses a form (CSRF_FAILURE_VIEW).

Most often the page's token is out of date: the visitor signed in or out in another tab
or window since the page was opened (a sign-in gives the browser a new token), or the page
is very old. Nothing was done; the answer says so in words, in the visitor's language:
a page for a plain form, and for a script's request (htmx, the judge's queue's fetch) a
small JSON answer marked with `CSRF_FAILURE_HEADER`, so the judge's page
(static/js/judge/) keeps what was typed and tells the judge to reload.
"""

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _

CSRF_FAILURE_HEADER = "X-CSRF-Failure"


def _from_a_script(request: HttpRequest) -> bool:
    # htmx says so; the site's own fetch() calls send the token in the header, which a
    # plain form cannot.
    return request.headers.get("HX-Request") == "true" or settings.CSRF_HEADER_NAME in request.META


def _back(request: HttpRequest) -> str | None:
    """The page the form was on, if it is one of this site's."""
    referer = request.headers.get("Referer", "")
    allowed = url_has_allowed_host_and_scheme(
        referer, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return referer if referer and allowed else None


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """403 in words (Django logs `reason` itself, as django.security.csrf)."""
    message = _(
        "Nothing was saved: this page is out of date, most often because you signed in "
        "or out in another tab or window since it was opened. Reload the page (sign in "
        "again first if you signed out) and send it again."
    )
    if _from_a_script(request):
        response = JsonResponse({"error": "csrf", "message": message}, status=403)
        response[CSRF_FAILURE_HEADER] = "1"
        return response
    return render(
        request, "403_csrf.html", {"message": message, "back": _back(request)}, status=403
    )
