"""What lets a judge's phone open its table page with no connection (issue 16).

The service worker (`templates/tournaments/offline/sw.js`) caches a table page only when
the page's answer carries `OFFLINE_HEADER`: a key derived from the session, so a page
cached for one session is never shown under another (a logout starts a new session and
with it a new key, and the worker then empties the old key's cache).
"""

import hashlib
import re

from django.http import HttpRequest, HttpResponse
from django.utils.cache import get_conditional_response
from django.utils.crypto import salted_hmac

OFFLINE_HEADER = "X-Judge-Offline"
# The page's CSRF token as its forms carry it: masked afresh on every request (BREACH).
MASKED_TOKEN = re.compile(rb'name="csrfmiddlewaretoken" value="([A-Za-z0-9]{64})"')
# The id of the next hand's (or sheet's) submission, new on every page: one stored makes
# the page say something else (the table's version, the sheet's counts), so a page that
# differs only by it holds an id nothing was stored under.
SUBMISSION = re.compile(rb'(name="submission" value=")[0-9a-f-]{36}"')


def session_cache_key(request: HttpRequest) -> str | None:
    """The key under which this session's table pages may be cached on the phone, or
    None when the request has no saved session (nothing is cached then)."""
    session_key = request.session.session_key
    if not session_key:
        return None
    return salted_hmac("tournaments.offline.page", session_key).hexdigest()[:32]


def mark_cacheable(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    """Let the service worker keep `response` (a table page) for this session."""
    key = session_cache_key(request)
    if key is not None and response.status_code == 200:
        response[OFFLINE_HEADER] = key
    return revalidated(request, response)


def page_etag(request: HttpRequest, body: bytes) -> str:
    """The page's ETag: the digest of its bytes with the page's CSRF token (masked afresh
    on each request) and its submission ids taken out, and of the CSRF secret the token
    stands for. Two answers with the same tag say the same thing, and the copy the
    browser holds carries a token that still works and ids never stored under."""
    for token in set(MASKED_TOKEN.findall(body)):
        body = body.replace(token, b"")
    body = SUBMISSION.sub(rb'\1"', body)
    secret = request.META.get("CSRF_COOKIE", "").encode()
    digest = hashlib.sha256(secret + b"\0" + body).hexdigest()[:32]
    return f'"{digest}"'


def revalidated(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    """A judge's page the browser keeps and asks again on every visit (`no-cache`): the
    same page again is a 304 with no body, so a reload costs a round trip rather than the
    page (make bench-phone). Never a stale page: any change to what it says changes its
    tag. `private`: no shared cache keeps a judge's page."""
    if request.method != "GET" or response.status_code != 200 or response.streaming:
        return response
    response["ETag"] = page_etag(request, response.content)
    response["Cache-Control"] = "private, no-cache"
    return get_conditional_response(request, etag=response["ETag"], response=response)
