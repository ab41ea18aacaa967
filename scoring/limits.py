"""The scoring API's rate limits, counted at the door for anonymous clients.

A flood of anonymous documents must not take the judges' workers: `ApiDoorMiddleware`
sits near the top of the middleware stack and counts a POST to the API that carries no
session cookie (so can only be anonymous) before sessions, CSRF, authentication and the
rest run, and never reads its body. Each worker remembers whom it refused until the
Retry-After it gave has passed (`Refused`), so a client that floods past its limit costs
a worker neither a round trip to the cache nor a line in the site's log per request.
Requests with a session go on to the view, which counts them by their account or, when
the session is anonymous after all, by the anonymous limits.
"""

import math
import time
from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext_lazy

from accounts.limits import EVERYONE, Exceeded, Limit, exceeded, rate_words, retry_after, wait_words
from config.security import client_ip

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
    response = JsonResponse(
        {"errors": [{"field": "request", "message": words}]},
        status=429,
        headers=retry_after(found.retry_after),
    )
    # Not a warning in the site's log for each: a flood would flood the log (and cost the
    # worker a formatted line per request); gunicorn's access log has every 429.
    response._has_been_logged = True  # type: ignore[attr-defined]  # as log_response sets it
    return response


def over_limit(request: HttpRequest) -> Exceeded | None:
    """Count an API request the door let through by its account, or as anonymous."""
    if getattr(request, COUNTED, False):
        return None
    limits = ACCOUNT_LIMITS if request.user.is_authenticated else ANONYMOUS_LIMITS
    return exceeded(request, *limits)


class Refused:
    """The refusals a worker has handed out, by who was refused, until their windows end.

    A client refused by a limit stays refused until the limit's window ends, however
    often it asks: counting it again in the cache would change nothing but cost the
    worker a round trip to Redis per request. So each worker remembers (in its own
    memory, at most `most` clients) and answers a flood from one address without the
    cache; the other workers count it in the cache until they refuse it too.
    """

    def __init__(self, most: int = 10_000) -> None:
        self.most = most
        self._until: dict[tuple[str, str], tuple[float, Exceeded]] = {}

    def get(self, key: tuple[str, str]) -> Exceeded | None:
        """The refusal still running for `key` (group, who), with the seconds left."""
        until, found = self._until.get(key, (0.0, None))
        left = until - time.monotonic()
        if found is None or left <= 0:
            return None
        return Exceeded(found.limit, found.rate, max(math.ceil(left), 1))

    def add(self, key: tuple[str, str], found: Exceeded) -> None:
        if len(self._until) >= self.most:
            now = time.monotonic()
            self._until = {k: v for k, v in self._until.items() if v[0] > now}
            if len(self._until) >= self.most:  # a flood from very many addresses
                self._until.clear()
        self._until[key] = (time.monotonic() + found.retry_after, found)


class ApiDoorMiddleware:
    """Refuse an anonymous client past the API's limits before the rest of the stack.

    Place it after SecurityMiddleware (the HTTPS redirect and its headers) and before
    the session middleware. The refusal is in the language the client asks for
    (Accept-Language or the language cookie), as the view's would be.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self._path = ""  # the API's path, read once the URLs are loaded
        self.refused = Refused()

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if (
            request.method == "POST"
            and request.path_info == (self._path or self._api_path())
            and settings.SESSION_COOKIE_NAME not in request.COOKIES
        ):
            setattr(request, COUNTED, True)
            if found := self._exceeded(request):
                with translation.override(translation.get_language_from_request(request)):
                    return limited(found)
        return self.get_response(request)

    def _exceeded(self, request: HttpRequest) -> Exceeded | None:
        """The anonymous limits, from what this worker remembers or else the cache."""
        if not settings.RATELIMIT_ENABLE:
            return None
        keys = [
            (limit.group, EVERYONE if limit.key == EVERYONE else client_ip(request) or "")
            for limit in ANONYMOUS_LIMITS
        ]
        for key in keys:
            if found := self.refused.get(key):
                return found
        found = exceeded(request, *ANONYMOUS_LIMITS)
        if found:
            self.refused.add(keys[ANONYMOUS_LIMITS.index(found.limit)], found)
        return found

    def _api_path(self) -> str:
        self._path = reverse("scoring:api_score")
        return self._path
