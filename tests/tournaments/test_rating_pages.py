"""The rating lists, the method page and the ratings on a player's page: public, filtered,
paged, in a fixed number of queries."""

import datetime

import pytest
from django.urls import reverse

from clubs.models import Club, Player
from tournaments.rating_models import Rating

pytestmark = pytest.mark.django_db


@pytest.fixture
def rated():
    """Sixty rated SPJST players of two clubs (one in Slovenia), and one whist player."""
    home = Club.objects.create(name="Houston", short_name="HOU", country="US")
    away = Club.objects.create(name="Ljubljana", short_name="LJU", country="SI")
    today = datetime.date.today()
    players = []
    for n in range(60):
        player = Player.objects.create(
            first_name=f"P{n:02}", last_name="Rated", home_club=home if n % 2 else away
        )
        players.append(player)
        Rating.objects.create(
            player=player,
            family="spjst",
            mu=25 + n / 10,
            sigma=5,
            ordinal=10 + n / 10,
            events=n,
            last_played=today - datetime.timedelta(days=10 * n),
        )
    Rating.objects.create(
        player=players[0], family="whist", mu=30, sigma=4, ordinal=18, events=3, last_played=today
    )
    return {"home": home, "away": away, "players": players}


def _names(response) -> list[str]:
    return [rating.player.name for rating in response.context["page"].object_list]


def test_the_list_is_best_first_and_paged(client, rated, django_assert_max_num_queries):
    with django_assert_max_num_queries(6):
        response = client.get(reverse("tournaments:ratings"))

    assert response.status_code == 200
    names = _names(response)
    assert len(names) == 50
    assert names[:2] == ["P59 Rated", "P58 Rated"]
    page_two = client.get(reverse("tournaments:ratings"), {"page": 2})
    assert _names(page_two)[-1] == "P00 Rated"
    assert "<tr><td>51</td>" in page_two.content.decode()  # places go on from the first page


def test_the_filters_narrow_the_list(client, rated):
    url = reverse("tournaments:ratings_game", args=["spjst"])

    by_club = _names(client.get(url, {"club": rated["home"].pk}))
    by_country = _names(client.get(url, {"country": "si"}))
    busy = _names(client.get(url, {"min_tables": 55}))
    recent = _names(client.get(url, {"months": 2}))

    assert by_club and all(int(name[1:3]) % 2 for name in by_club)
    assert by_country and not any(int(name[1:3]) % 2 for name in by_country)
    assert busy == ["P59 Rated", "P58 Rated", "P57 Rated", "P56 Rated", "P55 Rated"]
    assert set(recent) == {f"P{n:02} Rated" for n in range(7)}


def test_each_game_has_its_own_list_and_an_unknown_game_is_not_found(client, rated):
    whist = client.get(reverse("tournaments:ratings_game", args=["whist"]))

    assert _names(whist) == ["P00 Rated"]
    assert client.get("/ratings/chess/").status_code == 404


def test_the_method_page_says_how_to_reproduce(client):
    response = client.get(reverse("tournaments:rating_method"))

    assert response.status_code == 200
    page = response.content.decode()
    assert "manage.py export_tournament --all archives" in page
    assert "manage.py import_tournament archives/*.json" in page


@pytest.mark.parametrize(
    ("language", "spearman"), [("en", "0.845"), ("cs", "0,845"), ("sl", "0,845")]
)
def test_the_method_page_gives_the_evidence_and_its_command_in_each_language(
    client, language, spearman
):
    client.cookies["django_language"] = language

    page = client.get(reverse("tournaments:rating_method")).content.decode()

    assert spearman in page  # SPJST's rating against the hidden skill
    assert "manage.py rating_evidence --seed 1" in page
    assert "simulate_history --seed 1 --tournaments 60 --clubs 3 --players 72" in page


def test_the_player_page_shows_the_ratings(client, rated):
    player = rated["players"][0]

    page = client.get(player.get_absolute_url()).content.decode()

    assert "SPJST Tarock" in page and "Whist" in page
    assert "18.00" in page


def test_the_pages_links_keep_the_filters(client, rated):
    url = reverse("tournaments:ratings_game", args=["spjst"])
    page = client.get(url, {"min_tables": 1}).content.decode()
    assert 'href="?min_tables=1&amp;page=2" rel="next"' in page and "Page 1 of 2" in page
