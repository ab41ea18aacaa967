"""Every URL of the site, walked as an anonymous visitor, a judge and a director.

The table below must name every URL pattern outside the admin: a new page without a row
here fails `test_every_url_is_in_the_table`, so no view ships without a stated audience.
"""

import pytest
from django.urls import URLPattern, URLResolver, get_resolver, reverse

pytestmark = pytest.mark.django_db

LOGIN = "login"  # an anonymous visitor is sent to the login page
PUBLIC = {"anon": 200, "judge": 200, "director": 200}
DIRECTOR_ONLY = {"anon": LOGIN, "judge": 403, "director": 200}
DIRECTOR_POST = {"anon": LOGIN, "judge": 403, "director": 302}

# name: (method, kwargs from the objects fixture, expected per role)
URLS = {
    "home": ("get", {}, PUBLIC),
    "login": ("get", {}, {"anon": 200, "judge": 302, "director": 302}),
    "logout": ("post", {}, {"anon": 302, "judge": 302, "director": 302}),
    "set_language": ("post", {}, {"anon": 302, "judge": 302, "director": 302}),
    "clubs:club_list": ("get", {}, PUBLIC),
    "clubs:club_create": ("get", {}, DIRECTOR_ONLY),
    "clubs:club_detail": ("get", {"pk": "club"}, PUBLIC),
    "clubs:club_edit": ("get", {"pk": "club"}, DIRECTOR_ONLY),
    "clubs:player_list": ("get", {}, PUBLIC),
    "clubs:player_create": ("get", {}, DIRECTOR_ONLY),
    "clubs:player_detail": ("get", {"pk": "player"}, PUBLIC),
    "clubs:player_edit": ("get", {"pk": "player"}, DIRECTOR_ONLY),
    "clubs:player_set_active": ("post", {"pk": "player"}, DIRECTOR_POST),
    "clubs:membership_create": ("get", {"pk": "player"}, DIRECTOR_ONLY),
    "clubs:season_list": ("get", {}, PUBLIC),
    "clubs:season_create": ("get", {}, DIRECTOR_ONLY),
    "clubs:season_edit": ("get", {"pk": "season"}, DIRECTOR_ONLY),
}


def _named_patterns(resolver: URLResolver, prefix: str = ""):
    for pattern in resolver.url_patterns:
        if isinstance(pattern, URLResolver):
            if pattern.app_name == "admin":
                continue
            namespace = f"{prefix}{pattern.namespace}:" if pattern.namespace else prefix
            yield from _named_patterns(pattern, namespace)
        elif isinstance(pattern, URLPattern):
            yield f"{prefix}{pattern.name}", pattern


def test_every_url_is_in_the_table():
    names = {name for name, _ in _named_patterns(get_resolver())}
    assert names - URLS.keys() == set(), "add these URLs to the permission table"
    assert URLS.keys() - names == set(), "these URLs no longer exist"


def test_every_view_declares_who_may_use_it():
    undeclared = [
        name
        for name, pattern in _named_patterns(get_resolver())
        if getattr(pattern.callback, "access", None) is None
    ]
    assert undeclared == []


@pytest.fixture
def objects(club, player):
    from clubs.models import Season

    season = Season.objects.create(name="2026", start_date="2026-01-01", end_date="2026-12-31")
    return {"club": club.pk, "player": player.pk, "season": season.pk}


@pytest.mark.parametrize("role", ["anon", "judge", "director"])
@pytest.mark.parametrize("name", sorted(URLS))
def test_status_code_per_role(name, role, objects, anon_client, judge_client, director_client):
    method, kwargs, expected = URLS[name]
    client = {"anon": anon_client, "judge": judge_client, "director": director_client}[role]
    url = reverse(name, kwargs={key: objects[value] for key, value in kwargs.items()})
    data = {"language": "en", "active": "0"} if method == "post" else None
    response = getattr(client, method)(url, data)
    want = expected[role]
    if want == LOGIN:
        assert response.status_code == 302
        assert response.url.startswith(reverse("login"))
    else:
        assert response.status_code == want
