"""Strict readers for settings that come from the environment.

A bad value stops the site at start-up with a message naming the variable, rather than
being read as some default nobody asked for.
"""

import os
import re

from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def env_bool(name: str, default: bool) -> bool:
    """Read a yes/no variable; anything other than the usual spellings is an error."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(
        f"{name} must be one of 1/0, true/false, yes/no, on/off; got {raw!r}"
    )


def env_str(name: str, default: str | None = None) -> str | None:
    """Read a text variable; an empty value counts as unset."""
    raw = os.environ.get(name, "").strip()
    return raw or default


def env_list(name: str, default: list[str]) -> list[str]:
    """Read a comma-separated list, ignoring blanks around the commas."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


def env_choice(name: str, default: str, choices: tuple[str, ...]) -> str:
    """Read a variable that must be one of a fixed set of words."""
    value = env_str(name, default)
    if value not in choices:
        raise ImproperlyConfigured(f"{name} must be one of {', '.join(choices)}; got {value!r}")
    return value


def env_int(name: str, default: int, *, minimum: int = 0, maximum: int | None = None) -> int:
    """Read a whole number within bounds; digits only, so `1e3` or `-1` stop the site."""
    raw = env_str(name)
    if raw is None:
        return default
    if not (raw.isascii() and raw.isdigit()):
        raise ImproperlyConfigured(f"{name} must be a whole number; got {raw!r}")
    value = int(raw)
    if value < minimum or (maximum is not None and value > maximum):
        upper = "" if maximum is None else f" and at most {maximum}"
        raise ImproperlyConfigured(f"{name} must be at least {minimum}{upper}; got {raw!r}")
    return value


_URL_SEGMENT = re.compile(r"[A-Za-z0-9_-]+")


def env_url_prefix(name: str, default: str) -> str:
    """Read a URL prefix such as `admin/` or `club-office/`: path segments of letters,
    digits, `-` and `_`, each ending in `/`, with no leading slash (Django's `path()`
    form)."""
    value = env_str(name, default)
    segments = value.split("/")
    if segments[-1] != "" or not all(_URL_SEGMENT.fullmatch(s) for s in segments[:-1]):
        raise ImproperlyConfigured(
            f"{name} must look like 'admin/' or 'club/office/' (letters, digits, - and _, "
            f"ending in a slash, no leading slash); got {value!r}"
        )
    return value


_RATE = re.compile(r"([0-9]+)/([0-9]*)([smhd])")


def env_rate(name: str, default: str) -> str:
    """Read a rate limit as django-ratelimit writes it: `30/m` (30 a minute), `5/h`,
    `100/10m` (100 in ten minutes); the count at least 1, the period s, m, h or d."""
    value = env_str(name, default)
    match = _RATE.fullmatch(value)
    if match is None or int(match[1]) < 1 or (match[2] and int(match[2]) < 1):
        raise ImproperlyConfigured(
            f"{name} must look like 30/m, 5/h or 100/10m (a count of at least 1, then s, "
            f"m, h or d after an optional number); got {value!r}"
        )
    return value
