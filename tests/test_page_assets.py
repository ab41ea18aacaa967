"""A page loads only what it uses, compressed, and the static files it loads are cached
for good under their hashed names (issue 29: a light page on a slow phone)."""

import gzip
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import Client, override_settings
from django.urls import reverse

TEMPLATES = Path(settings.BASE_DIR) / "templates"
INCLUDE = re.compile(r'{% include "([^"]+)"')
# `{% include form.template_name %}`: a ruleset's hand form, any of scoring/forms/.
FORM_INCLUDE = re.compile(r"{% include form\.template_name")
EXTENDS = re.compile(r'{% extends "([^"]+)"')
HTMX_BLOCK = "{% block htmx %}{% htmx_script %}{% endblock %}"
# The judge's table page names htmx for its script to load after the page (main.js).
HTMX_LATER = (
    '{% block htmx %}<meta name="htmx-later" content="{% static \'django_htmx/htmx-2.min.js\' %}">'
)


def _source(name: str) -> str:
    return (TEMPLATES / name).read_text(encoding="utf-8")


def _reached(name: str) -> set[str]:
    """The template and every template it includes or extends (but base.html), at any depth."""
    seen, todo = set(), [name]
    while todo:
        current = todo.pop()
        if current in seen or current == "base.html" or not (TEMPLATES / current).exists():
            continue
        seen.add(current)
        source = _source(current)
        todo += INCLUDE.findall(source) + EXTENDS.findall(source)
        if FORM_INCLUDE.search(source):
            todo += [str(p.relative_to(TEMPLATES)) for p in (TEMPLATES / "scoring/forms").glob("*")]
    return seen


def _pages() -> list[str]:
    return sorted(
        str(path.relative_to(TEMPLATES))
        for path in TEMPLATES.rglob("*.html")
        if _source(str(path.relative_to(TEMPLATES))).startswith('{% extends "base.html" %}')
    )


@pytest.mark.parametrize("page", _pages())
def test_a_page_loads_htmx_exactly_when_it_uses_it(page):
    uses = any(" hx-" in _source(name) for name in _reached(page))
    asks = HTMX_BLOCK in _source(page) or HTMX_LATER in _source(page)
    assert uses == asks, f"{page} uses hx- attributes: {uses}; loads htmx: {asks}"


@pytest.mark.django_db
def test_a_public_page_without_htmx_loads_no_script(client):
    page = client.get(reverse("clubs:club_list")).text
    assert "<script" not in page


@pytest.mark.django_db
def test_a_page_is_compressed_when_the_browser_asks_and_its_tokens_differ_each_time(
    admin_client,
):
    url = reverse("scoring:calculator", args=["spjst"])
    first = admin_client.get(url, headers={"accept-encoding": "gzip, br"})
    second = admin_client.get(url, headers={"accept-encoding": "gzip, br"})
    assert first["Content-Encoding"] == "gzip" and "Accept-Encoding" in first["Vary"]
    pages = [gzip.decompress(response.content).decode() for response in (first, second)]
    tokens = [re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', p)[1] for p in pages]
    # BREACH: the secret is masked afresh on every request, and gzip pads each answer.
    assert tokens[0] != tokens[1]
    assert "htmx-2.min.js" in pages[0]


@pytest.mark.django_db
def test_an_unchanged_answer_is_not_sent_again(client):
    """The judge's service worker, which the browser checks at every page it opens: an
    unchanged one costs a 304. A page is not hashed for it (its body holds a CSRF token
    masked afresh, so it would never match): it is always sent whole, never a stale
    judge's page."""
    etag = client.get("/sw.js")["ETag"]
    assert client.get("/sw.js", headers={"if-none-match": etag}).status_code == 304
    page = reverse("clubs:club_list")
    assert not client.get(page).has_header("ETag")
    assert client.get(page, headers={"if-none-match": "*"}).status_code == 200


def test_static_files_have_far_future_caching_and_brotli(tmp_path):
    """With the production storage (config.storage) and WhiteNoise, as `collectstatic` and
    DEBUG off leave them."""
    storages = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "config.storage.StaticFilesStorage"},
    }
    with override_settings(STATIC_ROOT=tmp_path, STORAGES=storages):
        call_command("collectstatic", "--noinput", verbosity=0)
        css = next(tmp_path.glob("css/site.*.css")).name
        assert (tmp_path / "css" / f"{css}.br").exists()
        # A new client loads the middleware afresh, so WhiteNoise reads this STATIC_ROOT.
        response = Client().get(f"/static/css/{css}", headers={"accept-encoding": "gzip, br"})
    assert response.status_code == 200
    assert response["Content-Encoding"] == "br"
    assert "immutable" in response["Cache-Control"]
    assert int(re.search(r"max-age=(\d+)", response["Cache-Control"])[1]) >= 365 * 24 * 3600
