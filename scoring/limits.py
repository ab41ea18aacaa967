"""The scoring API's rate limits, counted at the door for anonymous clients.

A flood of anonymous documents must not take the judges' workers: `ApiDoorMiddleware`
sits near the top of the middleware stack and counts a POST to the API that carries no
session cookie (so can only be anonymous) before sessions, CSRF, authentication and the
rest run, and never reads its body. Each worker remembers whom it refused until the
Retry-After it gave has passed (`Refused`), so a client that floods past its limit costs
a worker neither a round trip to the cache nor a line in the site's log per request; and
`ApiDoor`, around Django's WSGI application (config/wsgi.py), answers such a client before
Django's handler runs at all.
Requests with a session go on to the view, which counts them by their account or, when
the session is anonymous after all, by the anonymous limits.
"""

import functools
import math
import time
from collections.abc import Callable, Iterable

from django.conf import settings
from django.core.handlers.wsgi import WSGIRequest
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.middleware.security import SecurityMiddleware
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext_lazy

from accounts.limits import EVERYONE, Exceeded, Limit, exceeded, rate_words, retry_after, wait_words
from config import request_id
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


def _anonymous_keys(request: HttpRequest) -> list[tuple[str, str]]:
    """Whom the anonymous limits count this request for: (group, address or everyone)."""
    address = client_ip(request) or ""
    return [
        (limit.group, EVERYONE if limit.key == EVERYONE else address) for limit in ANONYMOUS_LIMITS
    ]


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

    def __len__(self) -> int:
        return len(self._until)

    def get(self, key: tuple[str, str]) -> Exceeded | None:
        """The refusal still running for `key` (group, who), with the seconds left."""
        until, found = self._until.get(key, (0.0, None))
        left = until - time.monotonic()
        if found is None or left <= 0:
            return None
        return Exceeded(found.limit, found.rate, max(math.ceil(left), 1))

    def find(self, request: HttpRequest) -> Exceeded | None:
        """The refusal still running for this anonymous request's address, or for all."""
        for key in _anonymous_keys(request):
            if found := self.get(key):
                return found
        return None

    def add(self, key: tuple[str, str], found: Exceeded) -> None:
        if len(self._until) >= self.most:
            now = time.monotonic()
            self._until = {k: v for k, v in self._until.items() if v[0] > now}
            if len(self._until) >= self.most:  # a flood from very many addresses
                self._until.clear()
        self._until[key] = (time.monotonic() + found.retry_after, found)

    def clear(self) -> None:
        self._until.clear()


# The worker's own (each gunicorn worker is a process): the middleware adds to it, and
# `ApiDoor` answers from it before Django's handler runs.
REFUSED = Refused()


def _is_anonymous_api_post(request: HttpRequest, path: str) -> bool:
    return (
        request.method == "POST"
        and request.path_info == path
        and settings.SESSION_COOKIE_NAME not in request.COOKIES
    )


class ApiDoorMiddleware:
    """Refuse an anonymous client past the API's limits before the rest of the stack.

    Place it after SecurityMiddleware (the HTTPS redirect and its headers) and before
    the session middleware. The refusal is in the language the client asks for
    (Accept-Language or the language cookie), as the view's would be.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.refused = REFUSED

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if _is_anonymous_api_post(request, api_path()):
            setattr(request, COUNTED, True)
            if found := self._exceeded(request):
                with translation.override(translation.get_language_from_request(request)):
                    return limited(found)
        return self.get_response(request)

    def _exceeded(self, request: HttpRequest) -> Exceeded | None:
        """The anonymous limits, from what this worker remembers or else the cache."""
        if not settings.RATELIMIT_ENABLE:
            return None
        if found := self.refused.find(request):
            return found
        found = exceeded(request, *ANONYMOUS_LIMITS)
        if found:
            keys = _anonymous_keys(request)
            self.refused.add(keys[ANONYMOUS_LIMITS.index(found.limit)], found)
        return found


@functools.cache
def api_path() -> str:
    """The API's path, read once the URLs are loaded."""
    return reverse("scoring:api_score")


class ApiDoor:
    """WSGI, around Django's application (config/wsgi.py): answer a client this worker has
    refused, until its Retry-After, before Django's handler runs.

    The middleware counts and refuses; this only repeats a refusal the worker remembers
    (`REFUSED`), without Django's request signals and middleware stack: about half of
    what a refusal costs a worker inside gunicorn (bench/RESULTS.md, 27 Nov). The answer
    is the middleware's: the same JSON in the client's language with Retry-After, the
    headers of SecurityMiddleware and the request id. Anything else goes on to Django,
    as does a request SecurityMiddleware would redirect to HTTPS.
    """

    def __init__(self, application: Callable) -> None:
        self.application = application
        # Only its process_request (the HTTPS redirect) and process_response (headers).
        self.security = SecurityMiddleware(lambda request: HttpResponse())

    def __call__(self, environ: dict, start_response: Callable) -> Iterable[bytes]:
        if (
            REFUSED
            and environ.get("REQUEST_METHOD") == "POST"
            and environ.get("PATH_INFO") == api_path()
            and settings.RATELIMIT_ENABLE
            and (response := self._refusal(WSGIRequest(environ)))
        ):
            start_response(
                f"{response.status_code} {response.reason_phrase}", list(response.items())
            )
            return [response.content]
        return self.application(environ, start_response)

    def _refusal(self, request: HttpRequest) -> HttpResponse | None:
        if not _is_anonymous_api_post(request, api_path()):
            return None
        found = REFUSED.find(request)
        if found is None or self.security.process_request(request) is not None:
            return None
        with translation.override(translation.get_language_from_request(request)):
            refusal = limited(found)
        response = self.security.process_response(request, refusal)
        response[request_id.HEADER] = request_id.request_id_for(request)
        return response
