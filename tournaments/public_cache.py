"""Public pages' costly parts kept briefly in a shared cache.

On a tournament day the standings are asked for by the projector and by every phone in
the hall, each every 30 seconds. With a shared cache (`REDIS_URL`) and
`PUBLIC_PAGE_SECONDS` above 0, what they cost (the standings, computed and rendered) is
made once per tournament, language and sort order in that many seconds, not once per
visitor. Without a shared cache nothing is kept: each worker's own memory would serve a
standing some other worker has already seen change.

Only the costly part is kept, never a whole page: a page carries its visitor's CSRF token
and login. A director always gets it fresh, so standings checked after a correction are
never older than the correction.
"""

import hashlib
from collections.abc import Callable
from typing import TypeVar

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest
from django.utils.timezone import get_current_timezone_name
from django.utils.translation import get_language

from accounts.roles import is_director

T = TypeVar("T")


def kept(request: HttpRequest, name: str, compute: Callable[[], T]) -> T:
    """`compute()`, or what it gave for the same page (`name` and the request's path with
    its query) in the same language and time zone (clubs.time_zones) less than
    `PUBLIC_PAGE_SECONDS` ago."""
    seconds = settings.PUBLIC_PAGE_SECONDS
    if not seconds or is_director(request.user):
        return compute()
    page = repr((name, request.get_full_path(), get_language(), get_current_timezone_name()))
    key = "public:" + hashlib.sha256(page.encode()).hexdigest()
    value = cache.get(key)
    if value is None:
        value = compute()
        cache.set(key, value, seconds)
    return value
