"""Login throttling and response headers that the settings plug in by dotted path.

* `client_ip` tells django-axes which address a login attempt came from, trusting
  X-Forwarded-For only as far as `TRUSTED_PROXY_COUNT` says proxies append to it.
* `lockout_response` is the page a locked-out visitor sees: what happened, and when to
  try again, with status 429.
* `SecurityHeadersMiddleware` adds the Permissions-Policy header, and gives SVG images
  opened on their own (the table's QR code) a policy of their own.
"""

import ipaddress
from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone


def client_ip(request: HttpRequest) -> str | None:
    """The address of the client behind `TRUSTED_PROXY_COUNT` reverse proxies.

    Each proxy appends the address it heard from to X-Forwarded-For, so with N trusted
    proxies the client is the N-th entry from the right; entries further left were
    written by the client itself and could be anything. With no proxies configured the
    header is ignored (anyone can send it) and the socket's address counts.
    """
    proxies = settings.TRUSTED_PROXY_COUNT
    remote = request.META.get("REMOTE_ADDR")
    if proxies == 0:
        return remote
    header = request.META.get("HTTP_X_FORWARDED_FOR", "")
    forwarded = [part.strip() for part in header.split(",") if part.strip()]
    if len(forwarded) < proxies:
        # The proxy chain is shorter than configured: this request did not pass through
        # all the proxies, so the header says nothing trustworthy.
        return remote
    candidate = forwarded[-proxies]
    try:
        return str(ipaddress.ip_address(candidate))
    except ValueError:
        return remote


def lockout_response(
    request: HttpRequest, original_response: HttpResponse | None, credentials: dict | None
) -> HttpResponse:
    """Say in plain words that logging in is paused, why, and from when it works again."""
    cooloff = settings.AXES_COOLOFF_TIME
    context = {
        "failure_limit": settings.AXES_FAILURE_LIMIT,
        "cooloff_minutes": int(cooloff.total_seconds() // 60),
        # Every further failed attempt during the lockout starts the cool-off again
        # (AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT), so it ends this long from now.
        "retry_at": timezone.now() + cooloff,
    }
    return render(
        request, "registration/locked_out.html", context, status=settings.AXES_HTTP_RESPONSE_CODE
    )


# An SVG opened on its own is a document: no scripts, no fetches, no styles.
SVG_POLICY = "default-src 'none'; frame-ancestors 'none'"


class SecurityHeadersMiddleware:
    """Add Permissions-Policy to every response, and a policy of their own to SVG images.

    Place it after `csp.middleware.CSPMiddleware`: responses pass it first, and the CSP
    middleware leaves a Content-Security-Policy header that is already set alone.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.permissions_policy = ", ".join(
            f"{feature}=({' '.join(allowed)})"
            for feature, allowed in settings.PERMISSIONS_POLICY.items()
        )

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        response.headers.setdefault("Permissions-Policy", self.permissions_policy)
        if response.get("Content-Type", "").startswith("image/svg+xml"):
            response.headers.setdefault("Content-Security-Policy", SVG_POLICY)
        return response
