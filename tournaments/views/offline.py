"""The pieces of the installable judge page: the web app manifest, the service worker
and the notice a phone shows offline for a page it never kept (see tournaments.offline)."""

import hashlib
import json
import re

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import conditional_page, require_GET
from django_htmx.jinja import htmx_script

from accounts.roles import public

# What the judge's table page loads besides htmx: kept by the service worker for offline use
# (every module of static/js/judge/, which main.js imports).
JUDGE_MODULES = (
    "capture",
    "conflict",
    "draw",
    "forms",
    "main",
    "page",
    "queue",
    "rows",
    "send",
    "store",
)
JUDGE_ASSETS = (
    "css/site.css",
    *(f"js/judge/{name}.js" for name in JUDGE_MODULES),
    "js/logout.js",
)


def _asset_urls() -> list[str]:
    # htmx's script tags as base.html writes them ({% htmx_script %}), so the worker keeps
    # the very files the page asks for.
    htmx = re.findall(r'src="([^"]+)"', str(htmx_script()))
    return [static(path) for path in JUDGE_ASSETS] + htmx


@public
@require_GET
@conditional_page
def service_worker(request: HttpRequest) -> HttpResponse:
    """The service worker, with the assets' current URLs; its version changes with them,
    so a deploy with new styles or scripts replaces the cached copies."""
    assets = _asset_urls()
    offline_url = reverse("tournaments:offline")
    version = hashlib.sha256(repr((assets, offline_url)).encode()).hexdigest()[:12]
    body = render_to_string(
        "tournaments/offline/sw.js",
        {
            "version_json": json.dumps(version),
            "assets_json": json.dumps(assets),
            "offline_json": json.dumps(offline_url),
        },
    )
    response = HttpResponse(body, content_type="text/javascript; charset=utf-8")
    # The browser checks for a new worker at most this often (and on each navigation): an
    # unchanged one is a 304 (@conditional_page: the ETag is the body's digest).
    response["Cache-Control"] = "no-cache"
    return response


@public
@require_GET
@conditional_page
def manifest(request: HttpRequest) -> JsonResponse:
    """The web app manifest: the judge's tables open as an app from the home screen."""
    icons = [
        {"src": static("img/judge-192.png"), "sizes": "192x192", "type": "image/png"},
        {"src": static("img/judge-512.png"), "sizes": "512x512", "type": "image/png"},
        {"src": static("img/judge.svg"), "sizes": "any", "type": "image/svg+xml"},
    ]
    data = {
        "name": _("Tarock judge"),
        "short_name": _("Tarock"),
        "start_url": reverse("tournaments:my_tables"),
        "scope": "/",
        "display": "standalone",
        "background_color": "#faf8f0",
        "theme_color": "#165c40",
        "icons": icons,
    }
    return JsonResponse(
        data, content_type="application/manifest+json", json_dumps_params={"ensure_ascii": False}
    )


@public
@require_GET
def offline_notice(request: HttpRequest) -> HttpResponse:
    """What a phone shows offline for a table page it has not kept (or no longer may)."""
    return render(request, "tournaments/offline/notice.html")
