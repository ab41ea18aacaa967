"""The site's 404 handler (config.urls.handler404): under /api/v1/ the answer a client of
the API expects, JSON as the schema documents it, for a path no URL matches (an id that
is not a number, a game name that is not a slug); elsewhere the site's own 404 page."""

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext
from django.views.defaults import page_not_found

API_PREFIX = "/api/v1/"


def not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    """404: `{"detail": ...}` for the API's paths, the 404 page for the others."""
    if request.path.startswith(API_PREFIX):
        return JsonResponse({"detail": gettext("Not found.")}, status=404)
    return page_not_found(request, exception)
