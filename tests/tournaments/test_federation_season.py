"""A federation's season across clubs, as its people use it: the federation opens it, two
clubs' tournaments count toward it, and its leaderboard is read overall and per club (the
players who played for the club that season); a club's director runs his own club's
seasons only."""

import csv
import datetime
import io

import pytest
from django.urls import reverse

from accounts import roles
from clubs.models import Club, Membership, Player, Season
from clubs.permissions import grant
from tests import cast
from tests.tournaments.test_leaderboard import _tournament
from tournaments import services
from tournaments.season_clubs import clubs_that_season
from tournaments.services.common import TournamentError
from tournaments.views import seasons

pytestmark = pytest.mark.django_db


@pytest.fixture
def other(db) -> Club:
    return cast.other_club()


@pytest.fixture
def cup(db) -> Season:
    """The federation's cup: no club, best 2 of the season's tournaments, ranked from 2."""
    return Season.objects.create(
        name="Pohár 2026",
        start_date=datetime.date(2026, 1, 1),
        end_date=datetime.date(2026, 12, 31),
        cup_points=["10", "8", "6", "5"],
        best_of=2,
        minimum_tournaments=2,
    )


@pytest.fixture
def club_director(club):
    account = cast.user("carl-director", None)
    grant(account, roles.CLUB_DIRECTOR, club)
    return account


@pytest.fixture
def foreign_director(other):
    account = cast.user("felix-director", None)
    grant(account, roles.CLUB_DIRECTOR, other)
    return account


@pytest.fixture
def four(club, other) -> list[Player]:
    """Two players of each club (members since before the season)."""
    players = []
    for name, home in (("Anna", club), ("Bohdan", club), ("Cyril", other), ("Dana", other)):
        player = Player.objects.create(first_name=name, last_name="Hráč", home_club=home)
        Membership.objects.create(player=player, club=home, date_from=datetime.date(2020, 1, 1))
        players.append(player)
    return players


def _season_form(name: str, club: Club | None) -> dict:
    return {
        "name": name,
        "start_date": "2026-01-01",
        "end_date": "2026-12-31",
        "club": club.pk if club else "",
        "ranking": "cup",
        "best_of": "",
        "minimum_tournaments": "1",
        "cup_points_text": "25, 20, 16",
    }


def test_the_federation_opens_a_season_across_clubs(director):
    response = cast.client_for(director).post(
        reverse("clubs:season_create"), _season_form("Liga 2026", None)
    )
    assert response.status_code == 302
    assert Season.objects.get(name="Liga 2026").club is None


def test_a_clubs_director_opens_his_clubs_season_but_not_a_federation_one(club, club_director):
    client = cast.client_for(club_director)
    page = client.post(reverse("clubs:season_create"), _season_form("Liga 2026", None))
    assert page.status_code == 200 and "This field is required" in page.content.decode()
    assert not Season.objects.filter(name="Liga 2026").exists()
    response = client.post(reverse("clubs:season_create"), _season_form("Klubový pohár", club))
    assert response.status_code == 302
    assert Season.objects.get(name="Klubový pohár").club == club


def test_a_clubs_director_cannot_open_a_season_of_another_club(other, club_director):
    client = cast.client_for(club_director)
    page = client.post(reverse("clubs:season_create"), _season_form("Cizí pohár", other))
    assert page.status_code == 200 and "Select a valid choice" in page.content.decode()
    assert not Season.objects.filter(name="Cizí pohár").exists()


def test_who_may_edit_which_season(club, other, cup, club_director, foreign_director, judge):
    own = Season.objects.create(name="A", start_date="2026-01-01", end_date="2026-06-30", club=club)
    director = cast.client_for(club_director)
    assert director.get(reverse("clubs:season_edit", args=[own.pk])).status_code == 200
    assert director.get(reverse("clubs:season_edit", args=[cup.pk])).status_code == 403
    foreign = cast.client_for(foreign_director)
    assert foreign.get(reverse("clubs:season_edit", args=[own.pk])).status_code == 403
    renamed = _season_form("Přejmenováno", club)
    assert foreign.post(reverse("clubs:season_edit", args=[own.pk]), renamed).status_code == 403
    assert Season.objects.get(pk=own.pk).name == "A"
    assert (
        cast.client_for(judge).get(reverse("clubs:season_edit", args=[own.pk])).status_code == 403
    )
    seasons = director.get(reverse("clubs:season_list")).content.decode()
    assert reverse("clubs:season_edit", args=[own.pk]) in seasons
    assert reverse("clubs:season_edit", args=[cup.pk]) not in seasons


def test_a_clubs_tournament_counts_toward_the_federation_season_not_another_clubs(
    club, other, club_director
):
    theirs = Season.objects.create(
        name="B", start_date="2026-01-01", end_date="2026-12-31", club=other
    )
    with pytest.raises(TournamentError):
        services.create_tournament(
            by=club_director,
            ruleset="spjst",
            name="X",
            date=datetime.date(2026, 3, 1),
            host_club=club,
            season=theirs,
        )
    form = cast.client_for(club_director).get(reverse("tournaments:create")).context["form"]
    assert list(form.fields["season"].queryset) == []


def test_the_federation_leaderboard_counts_both_clubs_and_filters_by_club(
    anon_client, cup, club, other, director, four
):
    _tournament(cup, club, director, four, 1, [130, 100, 90, 80])  # A 10, B 8, C 6, D 5
    _tournament(cup, other, director, four, 2, [80, 90, 130, 100])  # C 10, D 8, B 6, A 5
    url = reverse("tournaments:leaderboard", args=[cup.pk])
    page = anon_client.get(url).content.decode()
    assert "Cup 1" in page and "Cup 2" in page and "All clubs" in page
    assert f"?club={other.pk}" in page
    board = anon_client.get(url, {"club": other.pk}).context["board"]
    assert [(p["place"], p["name"], p["total"]) for p in board.ranked] == [
        (1, "Cyril Hráč", 16),
        (2, "Dana Hráč", 13),
    ]
    export = anon_client.get(
        reverse("tournaments:leaderboard_export", args=[cup.pk, "csv"]), {"club": other.pk}
    )
    rows = list(csv.reader(io.StringIO(export.content.decode("utf-8-sig"))))
    names = [row[1] for row in rows[1:] if len(row) > 1]
    assert "Cyril Hráč" in names and "Anna Hráč" not in names


def test_a_player_is_under_the_club_he_played_for_that_season(
    anon_client, cup, club, other, director, four
):
    anna = four[0]
    # Anna moved to the other club before the season began; her record still says her old
    # club as home club.
    Membership.objects.filter(player=anna).update(date_to=datetime.date(2025, 12, 31))
    Membership.objects.create(player=anna, club=other, date_from=datetime.date(2026, 1, 1))
    _tournament(cup, club, director, four, 1, [130, 100, 90, 80])
    _tournament(cup, other, director, four, 2, [130, 90, 80, 100])
    url = reverse("tournaments:leaderboard", args=[cup.pk])
    ours = anon_client.get(url, {"club": club.pk}).context["board"]
    theirs = anon_client.get(url, {"club": other.pk}).context["board"]
    assert [p["name"] for p in ours.ranked] == ["Bohdan Hráč"]
    assert theirs.ranked[0]["name"] == "Anna Hráč"


def test_the_club_tab_asks_no_more_queries_with_more_tournaments(
    anon_client, cup, club, other, director, four, queries_of, django_assert_max_num_queries
):
    url = reverse("tournaments:leaderboard", args=[cup.pk]) + f"?club={club.pk}"
    _tournament(cup, club, director, four, 1, [130, 100, 90, 80])
    baseline = queries_of(lambda: anon_client.get(url))
    for day in range(2, 6):
        host = club if day % 2 else other
        _tournament(cup, host, director, four, day, [100 + day, 100, 100 - day, 100])
    with django_assert_max_num_queries(baseline):
        anon_client.get(url)


def _places(response) -> list[int]:
    return [p["place"] for p in response.context["page"].object_list]


def test_the_leaderboard_is_paged_with_its_places_running_on_and_exports_whole(
    anon_client, cup, club, other, director, four, monkeypatch
):
    monkeypatch.setattr(seasons, "LEADERBOARD_PAGE", 2)
    _tournament(cup, club, director, four, 1, [130, 100, 90, 80])  # A 10, B 8, C 6, D 5
    _tournament(cup, other, director, four, 2, [130, 100, 90, 80])
    url = reverse("tournaments:leaderboard", args=[cup.pk])
    first = anon_client.get(url)
    assert _places(first) == [1, 2] and 'href="?page=2" rel="next"' in first.content.decode()
    second = anon_client.get(url, {"page": 2}).content.decode()
    assert '<li value="3">' in second and '<li value="4">' in second
    assert "Anna Hráč" not in second and "Page 2 of 2" in second
    export = anon_client.get(reverse("tournaments:leaderboard_export", args=[cup.pk, "csv"]))
    rows = list(csv.reader(io.StringIO(export.content.decode("utf-8-sig"))))
    names = {row[1] for row in rows[1:] if len(row) > 1}
    assert {str(p) for p in four} <= names


def test_a_player_is_found_on_his_page_of_the_leaderboard(
    anon_client, cup, club, other, director, four, monkeypatch
):
    monkeypatch.setattr(seasons, "LEADERBOARD_PAGE", 2)
    _tournament(cup, club, director, four, 1, [130, 100, 90, 80])
    _tournament(cup, other, director, four, 2, [130, 100, 90, 80])
    url = reverse("tournaments:leaderboard", args=[cup.pk])
    dana = anon_client.get(url, {"player": four[3].pk})
    assert dana.context["page"].number == 2 and dana.context["found"] == four[3].pk
    assert 'id="found" class="found"><details open>' in dana.content.decode()
    found = anon_client.get(url, {"find": "cyril"})
    assert found.context["page"].number == 2 and found.context["found"] == four[2].pk
    nobody = anon_client.get(url, {"find": "Zdeněk"}).content.decode()
    assert "No ranked player’s name contains “Zdeněk”." in nobody


def test_the_club_tab_is_paged_too(anon_client, cup, club, other, director, four, monkeypatch):
    monkeypatch.setattr(seasons, "LEADERBOARD_PAGE", 1)
    _tournament(cup, club, director, four, 1, [130, 100, 90, 80])
    _tournament(cup, other, director, four, 2, [130, 100, 90, 80])
    url = reverse("tournaments:leaderboard", args=[cup.pk])
    first = anon_client.get(url, {"club": other.pk})
    assert f'href="?club={other.pk}&amp;page=2"' in first.content.decode()
    second = anon_client.get(url, {"club": other.pk, "page": 2})
    assert [(p["place"], p["name"]) for p in second.context["page"].object_list] == [
        (2, "Dana Hráč")
    ]


def test_the_leaderboard_asks_no_more_queries_with_more_players(
    anon_client, cup, club, other, director, four, queries_of, django_assert_max_num_queries
):
    url = reverse("tournaments:leaderboard", args=[cup.pk])
    _tournament(cup, club, director, four, 1, [130, 100, 90, 80])
    _tournament(cup, other, director, four, 2, [130, 100, 90, 80])
    baseline = queries_of(lambda: anon_client.get(url))
    more = four + [
        Player.objects.create(first_name=f"Hráč {n}", last_name="Nový", home_club=club)
        for n in range(4)
    ]
    for day in (3, 4):
        _tournament(cup, club, director, more, day, [130, 120, 110, 100, 90, 80, 70, 60])
    with django_assert_max_num_queries(baseline):
        anon_client.get(url)


def test_of_two_memberships_in_force_the_newer_counts_and_none_means_the_home_club(
    cup, club, other, four
):
    anna, bohdan = four[0], four[1]
    Membership.objects.create(player=anna, club=other, date_from=datetime.date(2025, 6, 1))
    Membership.objects.filter(player=bohdan).delete()
    clubs = clubs_that_season(cup, [anna.pk, bohdan.pk])
    assert clubs == {anna.pk: other, bohdan.pk: club}


def test_a_players_tournaments_read_as_before_and_are_escaped(
    anon_client, cup, club, other, director, four
):
    first = _tournament(cup, club, director, four, 1, [130, 100, 90, 80])
    first.name = "Cup <b>1</b>"
    first.save()
    _tournament(cup, other, director, four, 2, [130, 100, 90, 80])
    page = anon_client.get(reverse("tournaments:leaderboard", args=[cup.pk])).content.decode()
    assert "Cup &lt;b&gt;1&lt;/b&gt; (March 1, 2026): place 1 → 10</li>" in page
