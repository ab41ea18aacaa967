"""The menu's links (clubs.templatetags.site_links), rendered once per language in each
process (config.rendered_once): a judge's menu and anyone else's, in the page's
language, and under DEBUG rendered every time."""

import pytest
from django.test import override_settings
from django.urls import reverse

from config import rendered_once

pytestmark = pytest.mark.django_db


def _menu(client, language: str = "en") -> str:
    client.cookies["django_language"] = language
    page = client.get(reverse("clubs:club_list")).content.decode()
    return page[page.index("<nav") : page.index("</nav>")]


def test_a_judge_has_my_tables_first_and_a_visitor_never(judge_client, anon_client):
    for _ in range(2):  # the second time from the process's copy
        judge = _menu(judge_client)
        assert judge.index("My tables") < judge.index("Clubs")
        assert f'href="{reverse("tournaments:my_tables")}"' in judge
        visitor = _menu(anon_client)
        assert "My tables" not in visitor
        assert f'href="{reverse("scoring:rulings")}"' in visitor and "Log in" in visitor


def test_the_menu_is_in_the_pages_language(judge_client):
    assert "My tables" in _menu(judge_client)
    assert "Moje stoly" in _menu(judge_client, "cs") and "My tables" not in _menu(
        judge_client, "cs"
    )
    assert "Moje mize" in _menu(judge_client, "sl")
    assert "My tables" in _menu(judge_client)


def test_under_debug_the_menu_is_rendered_every_time(anon_client, monkeypatch):
    calls = []
    render = rendered_once._render
    monkeypatch.setattr(
        rendered_once, "_render", lambda name, items: calls.append(name) or render(name, items)
    )
    rendered_once._cached.cache_clear()
    with override_settings(DEBUG=True):
        _menu(anon_client)
        _menu(anon_client)
    assert calls.count("_site_links.html") == 2
    _menu(anon_client)
    _menu(anon_client)
    assert calls.count("_site_links.html") == 3
