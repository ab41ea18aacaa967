"""ETag and Last-Modified on every answer of the API, and the 304 for a poller whose copy
is still current.

The ETag is a hash of the body as sent (which is in the reader's language): whatever made
the numbers, an unchanged body keeps its tag, a changed one never does. Last-Modified is
when this site first served that body, remembered in the default cache under its tag (with
REDIS_URL shared by every worker); a body seen for the first time is new as of now. So a
widget polling every 30 s with If-None-Match (or If-Modified-Since) gets a 304 with no
body until the standings change.
"""

import hashlib
import time
from collections.abc import Callable

from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.utils.cache import get_conditional_response, patch_vary_headers
from django.utils.http import http_date, quote_etag
from rest_framework import generics
from rest_framework.request import Request
from rest_framework.response import Response

from accounts.roles import public

# How long the first-served time of a body is remembered: a poller older than this sees
# a later Last-Modified for the same body, never an earlier one.
SEEN_SECONDS = 7 * 24 * 60 * 60


def first_served(etag: str) -> int:
    """When the body with this tag was first served (seconds since the epoch)."""
    key = "api:seen:" + etag.strip('"')
    cache.add(key, int(time.time()), SEEN_SECONDS)
    return cache.get(key) or int(time.time())


def conditional(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    """`response` (rendered, 200) with its ETag and Last-Modified, or the 304 it may be."""
    etag = quote_etag(hashlib.sha256(response.content).hexdigest()[:32])
    last_modified = first_served(etag)
    response["ETag"] = etag
    response["Last-Modified"] = http_date(last_modified)
    # A cache (the browser's among them) keeps it but asks again each time: it is live.
    response["Cache-Control"] = "no-cache"
    patch_vary_headers(response, ("Accept-Language", "Cookie"))
    return get_conditional_response(request, etag, last_modified, response) or response


class ReadView(generics.GenericAPIView):
    """A read-only endpoint: GET (and HEAD) answered conditionally."""

    def finalize_response(self, request: Request, response, *args, **kwargs) -> Response:
        response = super().finalize_response(request, response, *args, **kwargs)
        if request.method in ("GET", "HEAD") and response.status_code == 200:
            response.render()
            return conditional(request, response)
        return response


def endpoint(view_class: type[ReadView]) -> Callable:
    """The view function for a URL: open to anyone, as the pages it mirrors are (each
    shows only what its page shows a visitor); marked for tests/test_permissions.py."""
    return public(view_class.as_view())
