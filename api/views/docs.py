"""The OpenAPI schema (drf-spectacular) and the docs page that lists its endpoints.

The docs page is one of the site's own pages, rendered on the server from the schema: no
script, no style and no font from a CDN, so it needs nothing beyond the site's
Content-Security-Policy."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.views import SpectacularAPIView

from accounts.roles import public

schema = public(SpectacularAPIView.as_view())

_METHODS = ("get", "post", "put", "patch", "delete")


def endpoints(document: dict) -> list[dict]:
    """Each operation of an OpenAPI document: method, path, summary, description, its
    parameters and the statuses it answers, in the document's order."""
    rows = []
    for path, item in document.get("paths", {}).items():
        for method in _METHODS:
            operation = item.get(method)
            if operation is None:
                continue
            rows.append(
                {
                    "method": method.upper(),
                    "path": path,
                    "summary": operation.get("summary", ""),
                    "description": operation.get("description", ""),
                    "parameters": [
                        {
                            "name": p["name"],
                            "where": p["in"],
                            "description": p.get("description", ""),
                        }
                        for p in operation.get("parameters", ())
                    ],
                    "statuses": sorted(operation.get("responses", {})),
                }
            )
    return rows


@public
def docs_page(request: HttpRequest) -> HttpResponse:
    """The API's endpoints, as the schema describes them, with a link to the schema."""
    document = SchemaGenerator().get_schema(request=None, public=True)
    return render(
        request,
        "api/docs.html",
        {"endpoints": endpoints(document), "info": document.get("info", {})},
    )
