"""The API as HTTP: conditional GETs (304), CORS for GET from any origin, throttling in
the shared cache, a fixed number of queries however many rows, the schema and its docs
page, and the same visibility as the pages."""

import datetime
import re

import jsonschema
import pytest
from django.core.management import call_command
from django.test import Client, override_settings
from django.urls import reverse

from accounts import roles
from clubs.models import Club, Player
from clubs.permissions import grant
from tests import cast
from tests.api.test_tournaments import played  # noqa: F401
from tournaments import services
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def test_an_unchanged_answer_is_a_304_and_a_changed_one_is_not(anon_client, played):  # noqa: F811
    url = reverse("api:standings", args=[played.pk])
    first = anon_client.get(url)
    etag, modified = first["ETag"], first["Last-Modified"]
    assert re.fullmatch(r'"[0-9a-f]{32}"', etag) and first["Cache-Control"] == "no-cache"
    again = anon_client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304 and again.content == b""
    assert again["ETag"] == etag and again["Last-Modified"] == modified
    assert anon_client.get(url, HTTP_IF_MODIFIED_SINCE=modified).status_code == 304
    # A finished tournament's standings are another body: a new tag, the full answer.
    played.status = Tournament.Status.FINISHED
    played.save()
    changed = anon_client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and changed["ETag"] != etag
    assert changed.json()["provisional"] is False


@pytest.mark.parametrize("name", ["api:tournament_list", "api:club_list", "api:rulings"])
def test_every_list_answers_conditionally(anon_client, name):
    url = reverse(name)
    etag = anon_client.get(url)["ETag"]
    assert anon_client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304


def test_the_language_is_part_of_the_body_and_so_of_the_tag(anon_client, played):  # noqa: F811
    url = reverse("api:standings", args=[played.pk])
    english = anon_client.get(url)
    czech = anon_client.get(url, HTTP_ACCEPT_LANGUAGE="cs")
    assert czech.json()["note"] != english.json()["note"] and czech["ETag"] != english["ETag"]
    assert "Accept-Language" in english["Vary"]


def test_any_origin_may_read_with_get(anon_client, played):  # noqa: F811
    url = reverse("api:standings", args=[played.pk])
    response = anon_client.get(url, HTTP_ORIGIN="https://club.example")
    assert response["Access-Control-Allow-Origin"] == "*"
    assert "ETag" in response["Access-Control-Expose-Headers"]
    preflight = anon_client.options(
        url,
        HTTP_ORIGIN="https://club.example",
        HTTP_ACCESS_CONTROL_REQUEST_METHOD="GET",
        HTTP_ACCESS_CONTROL_REQUEST_HEADERS="if-none-match",
    )
    assert preflight.status_code == 200
    assert "GET" in preflight["Access-Control-Allow-Methods"]
    assert "POST" not in preflight["Access-Control-Allow-Methods"]
    assert "if-none-match" in preflight["Access-Control-Allow-Headers"]
    # The site's pages get no CORS header: only the API is for other sites.
    page = anon_client.get(
        reverse("tournaments:standings", args=[played.pk]), HTTP_ORIGIN="https://club.example"
    )
    assert "Access-Control-Allow-Origin" not in page


def test_a_304_carries_the_cors_header_too(anon_client):
    url = reverse("api:club_list")
    etag = anon_client.get(url)["ETag"]
    again = anon_client.get(url, HTTP_IF_NONE_MATCH=etag, HTTP_ORIGIN="https://club.example")
    assert again.status_code == 304 and again["Access-Control-Allow-Origin"] == "*"


@override_settings(RATELIMIT_ENABLE=True, API_V1_RATE_ADDRESS="3/m", API_V1_RATE_ACCOUNT="5/m")
def test_throttled_per_address_and_per_account(anon_client, director_client):
    url = reverse("api:club_list")
    assert [anon_client.get(url).status_code for _ in range(4)] == [200, 200, 200, 429]
    refused = anon_client.get(url)
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    assert "detail" in refused.json()
    # Another address, and a signed-in account, are counted apart.
    assert anon_client.get(url, REMOTE_ADDR="10.0.0.9").status_code == 200
    assert [director_client.get(url).status_code for _ in range(6)] == [200] * 5 + [429]


def test_no_throttle_when_the_rate_limits_are_off(anon_client, settings):
    settings.API_V1_RATE_ADDRESS = "1/m"
    assert settings.RATELIMIT_ENABLE is False  # as in tests and benchmarks
    url = reverse("api:club_list")
    assert {anon_client.get(url).status_code for _ in range(3)} == {200}


def _tournaments(club, director, n: int) -> None:
    for day in range(1, n + 1):
        services.create_tournament(
            by=director,
            ruleset="spjst",
            name=f"Cup {day}",
            date=datetime.date(2026, 3, day),
            host_club=club,
            hands_per_round=12,
        )


@pytest.mark.parametrize("rows", [2, 25])
def test_lists_cost_the_same_queries_however_many_rows(
    anon_client, club, director, rows, django_assert_max_num_queries
):
    _tournaments(club, director, rows)
    for n in range(rows):
        Player.objects.create(first_name=f"P{n}", last_name="Many", home_club=club)
    for name, most in (("api:tournament_list", 2), ("api:player_list", 2), ("api:club_list", 2)):
        with django_assert_max_num_queries(most):
            assert anon_client.get(reverse(name)).status_code == 200
    with django_assert_max_num_queries(3):
        assert anon_client.get(reverse("api:player_list"), {"club": club.pk}).status_code == 200


def test_a_tournament_costs_fixed_queries(anon_client, played, django_assert_max_num_queries):  # noqa: F811
    # Sixteen players at four tables: a query per row or per table would pass these bounds.
    for name, args, most in (
        ("api:tournament", [played.pk], 1),
        ("api:round_list", [played.pk], 2),
        ("api:round", [played.pk, 1], 4),
        ("api:standings", [played.pk], 7),
        ("api:results", [played.pk], 4),
    ):
        with django_assert_max_num_queries(most):
            assert anon_client.get(reverse(name, args=args)).status_code == 200


def test_the_schema_generates_without_warnings():
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", "/dev/null")


def test_the_schema_names_standings_leaderboards_ratings_and_the_score_endpoint(anon_client):
    schema = anon_client.get(reverse("api:schema"), {"format": "json"}).json()
    paths = schema["paths"]
    assert "/api/v1/tournaments/{id}/standings/" in paths
    assert "/api/v1/seasons/{id}/leaderboard/" in paths
    assert "/api/v1/ratings/{family}/" in paths and "/api/v1/rulings/" in paths
    assert paths["/api/score/"]["post"]["operationId"] == "score_hands"
    assert "304" in paths["/api/v1/tournaments/{id}/standings/"]["get"]["responses"]


def test_the_docs_page_lists_the_endpoints_from_the_site_alone(anon_client):
    response = anon_client.get(reverse("api:docs"))
    page = response.content.decode()
    assert response.status_code == 200
    assert "GET /api/v1/tournaments/{id}/standings/" in page and "POST /api/score/" in page
    # Nothing from another site: CSP allows only the site's own scripts and styles.
    assert not re.search(r'(src|href)="https?://', page)
    assert "script-src 'self'" in response["Content-Security-Policy"]


def test_the_footer_links_the_api_docs(anon_client):
    assert reverse("api:docs") in anon_client.get(reverse("home")).content.decode()


def test_what_a_visitor_sees_is_what_every_director_sees(played, director):  # noqa: F811
    """No tournament is hidden from the pages (one being set up is public too), so the API
    hides none: a visitor, the host club's director and another club's get one list."""
    setup = services.create_tournament(
        by=director,
        ruleset="spjst",
        name="Being set up",
        date=datetime.date(2026, 12, 1),
        host_club=played.host_club,
        hands_per_round=12,
    )
    foreign = cast.user("felix-director", None)
    grant(foreign, roles.CLUB_DIRECTOR, Club.objects.create(name="Other", short_name="OTH"))
    clients = [Client(), cast.client_for(director), cast.client_for(foreign)]
    assert Client().get(reverse("tournaments:detail", args=[setup.pk])).status_code == 200
    bodies = {c.get(reverse("api:tournament_list")).content for c in clients}
    assert len(bodies) == 1
    ids = [t["id"] for t in Client().get(reverse("api:tournament_list")).json()["results"]]
    assert setup.pk in ids and played.pk in ids


def _conforms(document: dict, component: str, instance) -> None:
    """`instance` is valid against the schema's component (its $refs resolved in it)."""
    jsonschema.validate(instance, {**document, "$ref": f"#/components/schemas/{component}"})


def test_the_answers_conform_to_the_schema(anon_client, played):  # noqa: F811
    document = anon_client.get(reverse("api:schema"), {"format": "json"}).json()
    standings = anon_client.get(reverse("api:standings", args=[played.pk])).json()
    _conforms(document, "Standings", standings)
    _conforms(document, "Results", anon_client.get(reverse("api:results", args=[played.pk])).json())
    # POST /api/score/, kept as it was, answers what the schema now says of it.
    hand = {
        "ruleset": "spjst",
        "contract": "povinost",
        "declarer": 1,
        "partner": 3,
        "declarer_points": 59,
    }
    _conforms(document, "ScoreHand", hand)
    answer = anon_client.post(reverse("scoring:api_score"), hand, content_type="application/json")
    assert answer.status_code == 200
    _conforms(document, "ScoreSettlement", answer.json())
    refused = anon_client.post(reverse("scoring:api_score"), {}, content_type="application/json")
    assert refused.status_code == 400
    _conforms(document, "ScoreErrors", refused.json())


def test_a_compressed_answers_weak_tag_still_gets_its_304(anon_client, played):  # noqa: F811
    url = reverse("api:standings", args=[played.pk])
    first = anon_client.get(url, HTTP_ACCEPT_ENCODING="gzip")
    assert first["Content-Encoding"] == "gzip" and first["ETag"].startswith('W/"')
    again = anon_client.get(url, HTTP_ACCEPT_ENCODING="gzip", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304


@pytest.mark.parametrize(
    "name, query, refused",
    [
        ("api:tournament_list", {"club": "abc"}, "club"),
        ("api:tournament_list", {"status": "paused", "season": "0"}, "status"),
        ("api:player_list", {"active": "maybe"}, "active"),
        ("api:season_list", {"club": "-3"}, "club"),
        ("api:rulings", {"ruleset": "skat"}, "ruleset"),
    ],
)
def test_a_filter_that_is_not_valid_is_a_400_naming_it(anon_client, name, query, refused):
    answer = anon_client.get(reverse(name), query)
    assert answer.status_code == 400
    assert refused in answer.json()
    assert set(answer.json()) == set(query) & {"club", "status", "season", "active", "ruleset"}


def test_a_valid_filter_still_narrows_the_list(anon_client, played):  # noqa: F811
    club = played.host_club_id
    mine = anon_client.get(reverse("api:tournament_list"), {"club": club, "status": played.status})
    assert [row["id"] for row in mine.json()["results"]] == [played.pk]
    other = anon_client.get(reverse("api:tournament_list"), {"club": club + 1000})
    assert other.json()["results"] == []
