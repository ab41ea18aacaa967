"""The rating lists and the rulings lookup: the pages' rows, in the pages' order."""

import pytest
from django.urls import reverse

from tests.tournaments.test_rating_pages import rated  # noqa: F401

pytestmark = pytest.mark.django_db


def test_the_games_and_how_many_each_rates(anon_client, rated):  # noqa: F811
    data = anon_client.get(reverse("api:rating_families")).json()
    rated_by = {row["family"]: row["rated"] for row in data}
    assert rated_by["spjst"] == 60 and rated_by["whist"] == 1
    assert "spjst" in next(row for row in data if row["family"] == "spjst")["rulesets"]


def test_the_rating_list_is_the_pages_best_first_and_paged(anon_client, rated):  # noqa: F811
    url = reverse("api:ratings", args=["spjst"])
    first = anon_client.get(url).json()
    assert first["count"] == 60 and len(first["results"]) == 50
    top = first["results"][0]
    assert top["place"] == 1 and top["player"]["name"] == "P59 Rated"
    assert top["ordinal"] == 15.9 and top["events"] == 59
    second = anon_client.get(url, {"page": 2}).json()["results"]
    assert second[0]["place"] == 51 and second[-1]["player"]["name"] == "P00 Rated"
    # The page lists the same players in the same places.
    page = anon_client.get(reverse("tournaments:ratings_game", args=["spjst"])).content.decode()
    assert page.index("P59 Rated") < page.index("P58 Rated") and "15.90" in page


def test_the_rating_filters_are_the_pages(anon_client, rated):  # noqa: F811
    url = reverse("api:ratings", args=["spjst"])

    def names(**query):
        return [r["player"]["name"] for r in anon_client.get(url, query).json()["results"]]

    assert names(min_tables=55) == [f"P{n} Rated" for n in (59, 58, 57, 56, 55)]
    assert set(names(months=2)) == {f"P{n:02} Rated" for n in range(7)}
    assert all(int(name[1:3]) % 2 for name in names(club=rated["home"].pk))
    assert not any(int(name[1:3]) % 2 for name in names(country="si"))
    refused = anon_client.get(url, {"min_tables": "many"})
    assert refused.status_code == 400 and "min_tables" in refused.json()
    assert anon_client.get(reverse("api:ratings", args=["chess"])).status_code == 404


def test_rulings_match_the_lookup_in_the_readers_language(anon_client):
    url = reverse("api:rulings")
    every = anon_client.get(url).json()
    page = anon_client.get(reverse("scoring:rulings")).content.decode()
    assert len(every) > 5 and all(f'id="{row["code"]}"' in page for row in every)
    misdeal = anon_client.get(url, {"q": "misdeal", "ruleset": "spjst"}).json()
    assert misdeal[0]["code"] == "spjst.misdeal"
    assert misdeal[0]["example"]["deltas"] == {"1": 2, "2": 2, "3": 2, "4": -6}
    czech = anon_client.get(url, {"q": "misdeal", "ruleset": "spjst"}, HTTP_ACCEPT_LANGUAGE="cs")
    assert czech.json()[0]["title"] != misdeal[0]["title"]
