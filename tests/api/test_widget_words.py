"""The standings widget's words (/api/v1/widget/words/) in the language the widget asks
for, from the site's catalogues; and an unmatched API path answering JSON."""

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "player", "final"),
    [("cs", "Hráč", "Konečné pořadí"), ("sl", "Igralec", "Končna razvrstitev"),
     ("en", "Player", "Final standings")],
)  # fmt: skip
def test_the_words_are_in_the_language_asked_for(anon_client, language, player, final):
    response = anon_client.get(
        reverse("api:widget_words"),
        HTTP_ACCEPT_LANGUAGE=language,
        HTTP_ORIGIN="https://club.example",
    )
    words = response.json()
    assert (words["language"], words["player"], words["final"]) == (language, player, final)
    assert response["Access-Control-Allow-Origin"] == "*"
    assert "Accept-Language" in response["Vary"]


def test_a_language_the_site_does_not_speak_gets_english(anon_client):
    words = anon_client.get(reverse("api:widget_words"), HTTP_ACCEPT_LANGUAGE="de").json()
    assert words["language"] == "en" and words["standings"] == "Standings"


def test_the_widget_may_ask_again_with_its_etag_from_another_origin(anon_client):
    preflight = anon_client.options(
        reverse("api:widget_words"),
        HTTP_ORIGIN="https://club.example",
        HTTP_ACCESS_CONTROL_REQUEST_METHOD="GET",
        HTTP_ACCESS_CONTROL_REQUEST_HEADERS="accept-language,if-none-match",
    )
    assert preflight.status_code == 200
    allowed = preflight["Access-Control-Allow-Headers"]
    assert "if-none-match" in allowed and "accept-language" in allowed


@pytest.mark.parametrize(
    "path", ["/api/v1/tournaments/abc/standings/", "/api/v1/ratings/%C3%A9/", "/api/v1/nothing/"]
)
def test_an_unmatched_api_path_answers_json_and_a_page_path_the_page(anon_client, path):
    response = anon_client.get(path, HTTP_ACCEPT_LANGUAGE="cs")
    assert response.status_code == 404
    assert response.json() == {"detail": "Nenalezeno."}
    page = anon_client.get("/tournaments/abc/")
    assert page.status_code == 404 and page["Content-Type"].startswith("text/html")
