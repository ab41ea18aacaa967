"""The scoring API's rate limits, counted at the door for anonymous clients.

A flood of anonymous documents must not take the judges' workers: `ApiDoorMiddleware`
sits near the top of the middleware stack and counts a POST to the API that carries no
session cookie (so can only be anonymous) before sessions, CSRF, authentication and the
rest run; a refusal there costs a worker a few rate-limit counts in the cache. Requests
with a session go on to the view, which counts them by their account or, when the
session is anonymous after all, by the anonymous limits.
"""

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext_lazy

from accounts.limits import EVERYONE, Exceeded, Limit, exceeded, rate_words, retry_after, wait_words

# Anonymous clients are counted each by its address, then (what that lets through) all
# together; a signed-in account by itself (a club's script, say, at a higher rate).
ANONYMOUS_LIMITS = (
    Limit("api-address", "ip", "API_RATE_ADDRESS"),
    Limit("api-anonymous", EVERYONE, "API_RATE_ANONYMOUS"),
)
ACCOUNT_LIMITS = (Limit("api-account", "user", "API_RATE_ACCOUNT"),)
_LIMIT_WORDS = {
    "api-anonymous": gettext_lazy(
        "Too many requests from anonymous clients just now (at most %(rate)s for all of "
        "them); %(wait)s, or sign in."
    ),
    "api-address": gettext_lazy(
        "Too many requests from your address (at most %(rate)s); %(wait)s."
    ),
    "api-account": gettext_lazy(
        "Too many requests from your account (at most %(rate)s); %(wait)s."
    ),
}
# Set on a request the door has counted, so the view does not count it again.
COUNTED = "_api_limits_counted"


def limited(found: Exceeded) -> JsonResponse:
    """429 in the API's own JSON, with Retry-After."""
    words = _LIMIT_WORDS[found.limit.group] % {
        "rate": rate_words(found.rate),
        "wait": wait_words(found.retry_after),
    }
    return JsonResponse(
        {"errors": [{"field": "request", "message": words}]},
        status=429,
        headers=retry_after(found.retry_after),
    )


def over_limit(request: HttpRequest) -> Exceeded | None:
    """Count an API request the door let through by its account, or as anonymous."""
    if getattr(request, COUNTED, False):
        return None
    limits = ACCOUNT_LIMITS if request.user.is_authenticated else ANONYMOUS_LIMITS
    return exceeded(request, *limits)


class ApiDoorMiddleware:
    """Refuse an anonymous client past the API's limits before the rest of the stack.

    Place it after SecurityMiddleware (the HTTPS redirect and its headers) and before
    the session middleware. The refusal is in the language the client asks for
    (Accept-Language or the language cookie), as the view's would be.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self._path = ""  # the API's path, read once the URLs are loaded

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if (
            request.method == "POST"
            and request.path_info == (self._path or self._api_path())
            and settings.SESSION_COOKIE_NAME not in request.COOKIES
        ):
            setattr(request, COUNTED, True)
            if found := exceeded(request, *ANONYMOUS_LIMITS):
                with translation.override(translation.get_language_from_request(request)):
                    return limited(found)
        return self.get_response(request)

    def _api_path(self) -> str:
        self._path = reverse("scoring:api_score")
        return self._path
