"""The API's throttles: counted in Django's default cache, so with REDIS_URL every worker
and server counts a client together (settings.API_V1_RATE_ADDRESS and _ACCOUNT); off
with the site's other rate limits when RATELIMIT_ENABLE is off (tests, benchmarks)."""

import re

from django.conf import settings
from rest_framework.throttling import SimpleRateThrottle

from config.security import client_ip

_RATE = re.compile(r"([0-9]+)/([0-9]*)([smhd])")
_SECONDS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


class _Throttle(SimpleRateThrottle):
    setting = ""

    def get_rate(self) -> str:
        # Read on each request, not once at import: a test (or a reload) may change it.
        return getattr(settings, self.setting)

    def allow_request(self, request, view) -> bool:
        # RATELIMIT_ENABLE switches every rate limit of the site, these too (tests, benches).
        return not settings.RATELIMIT_ENABLE or super().allow_request(request, view)

    def parse_rate(self, rate: str | None) -> tuple[int | None, int | None]:
        """`30/m`, `5/h` and, unlike REST framework's own, `100/10m` as env_rate allows."""
        if rate is None:
            return (None, None)
        match = _RATE.fullmatch(rate)
        if match is None:
            raise ValueError(f"not a rate: {rate!r}")
        return int(match[1]), int(match[2] or 1) * _SECONDS[match[3]]


class AddressThrottle(_Throttle):
    """Anonymous clients, each by its address as `config.security.client_ip` trusts it."""

    scope = "api-address"
    setting = "API_V1_RATE_ADDRESS"

    def get_cache_key(self, request, view) -> str | None:
        if request.user and request.user.is_authenticated:
            return None
        return self.cache_format % {"scope": self.scope, "ident": client_ip(request)}


class AccountThrottle(_Throttle):
    """Signed-in accounts (a director's script using his session), each by itself."""

    scope = "api-account"
    setting = "API_V1_RATE_ACCOUNT"

    def get_cache_key(self, request, view) -> str | None:
        if not (request.user and request.user.is_authenticated):
            return None
        return self.cache_format % {"scope": self.scope, "ident": request.user.pk}
