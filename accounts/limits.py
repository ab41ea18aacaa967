"""Rate limits of the public entry points (the scoring API, password reset), counted with
django-ratelimit in the default cache.

A limit is a `Limit`: a group (what is counted), a key (whom it is counted for) and the
name of the setting that holds its rate, so the environment sets it (config/settings.py,
"Rate limits") and a test may lower it. `exceeded` counts this request against each limit
given and answers the first one it passes, with the seconds until its window ends: the
view says so in words with status 429 and a Retry-After header.
"""

from dataclasses import dataclass

from django.conf import settings
from django.http import HttpRequest
from django.utils.translation import gettext, ngettext, ngettext_lazy
from django_ratelimit.core import get_usage

# The key of a limit shared by every client it applies to.
EVERYONE = "everyone"


@dataclass(frozen=True)
class Limit:
    """What is counted (`group`), for whom (`key`: "ip", "user", EVERYONE or a callable
    as django-ratelimit takes), at the rate the setting `rate_setting` names."""

    group: str
    key: object
    rate_setting: str

    @property
    def rate(self) -> str:
        return getattr(settings, self.rate_setting)


@dataclass(frozen=True)
class Exceeded:
    """A limit passed: which, its rate (`30/m`) and the seconds until it lets requests in."""

    limit: Limit
    rate: str
    retry_after: int


def _everyone(group: str, request: HttpRequest) -> str:
    return EVERYONE


def exceeded(request: HttpRequest, *limits: Limit) -> Exceeded | None:
    """Count this request against the limits in order; the first one it passes, or None.

    The limits after a passed one are not counted: a client refused for its own address
    does not use up what all clients share. With RATELIMIT_ENABLE off nothing is counted.
    """
    for limit in limits:
        key = _everyone if limit.key == EVERYONE else limit.key
        usage = get_usage(request, group=limit.group, key=key, rate=limit.rate, increment=True)
        if usage is not None and usage["should_limit"]:
            # A cache that cannot count gives no time left: wait a second and try again.
            return Exceeded(limit, limit.rate, max(int(usage["time_left"]), 1))
    return None


_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


def _split(rate: str) -> tuple[int, int]:
    """`100/10m` → (100, 600): the count and the period in seconds (config.env checks
    the form when it reads the setting)."""
    count, period = rate.split("/")
    return int(count), int(period[:-1] or 1) * _UNITS[period[-1]]


# A rate's period in words, by its length in seconds; the count picks the plural.
_PER_PERIOD = {
    1: ngettext_lazy("%(count)d request a second", "%(count)d requests a second", "count"),
    60: ngettext_lazy("%(count)d request a minute", "%(count)d requests a minute", "count"),
    3600: ngettext_lazy("%(count)d request an hour", "%(count)d requests an hour", "count"),
    86400: ngettext_lazy("%(count)d request a day", "%(count)d requests a day", "count"),
}


def rate_words(rate: str) -> str:
    """`30/m` as the reader says it: "30 requests a minute"."""
    count, seconds = _split(rate)
    if seconds in _PER_PERIOD:
        return _PER_PERIOD[seconds] % {"count": count}
    return gettext("%(count)d requests in %(seconds)d seconds") % {
        "count": count,
        "seconds": seconds,
    }


def wait_words(seconds: int) -> str:
    """How long to wait, in words: "try again in 42 seconds"."""
    return ngettext(
        "try again in %(seconds)d second", "try again in %(seconds)d seconds", seconds
    ) % {"seconds": seconds}


def retry_after(seconds: int) -> dict[str, str]:
    """The Retry-After header of a 429 answer."""
    return {"Retry-After": str(seconds)}
