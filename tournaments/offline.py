"""What lets a judge's phone open its table page with no connection (issue 16).

The service worker (`templates/tournaments/offline/sw.js`) caches a table page only when
the page's answer carries `OFFLINE_HEADER`: a key derived from the session, so a page
cached for one session is never shown under another (a logout starts a new session and
with it a new key, and the worker then empties the old key's cache).
"""

from django.http import HttpRequest, HttpResponse
from django.utils.crypto import salted_hmac

OFFLINE_HEADER = "X-Judge-Offline"


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
    return response
