"""Clubs, players, seasons and the leaderboards: the pages' figures, public fields only."""

import pytest
from django.urls import reverse

from clubs.models import Club, Membership, Player
from tests.tournaments.test_leaderboard import _tournament, four, season  # noqa: F401
from tournaments.leaderboard import club_leaderboard, season_leaderboard

pytestmark = pytest.mark.django_db


def test_clubs_with_their_active_players(anon_client, club, player):
    Player.objects.create(first_name="Gone", last_name="Away", home_club=club, active=False)
    data = anon_client.get(reverse("api:club_list")).json()
    assert data["count"] == 1
    (row,) = data["results"]
    assert row["short_name"] == "L88" and row["members"] == 1
    assert anon_client.get(reverse("api:club", args=[club.pk])).json() == row


def test_a_player_is_his_public_record_only(director_client, club):
    player = Player.objects.create(
        first_name="Anton",
        last_name="Hajek",
        home_club=club,
        member_number="001",
        email="anton@example.com",
        phone="+420 123",
        notes="owes a beer",
        birth_year=1960,
    )
    # Even his club's director, who sees the e-mail and phone on the page, gets none here.
    data = director_client.get(reverse("api:player", args=[player.pk])).json()
    assert data["name"] == "Anton Hajek" and data["member_number"] == "001"
    assert data["home_club"]["short_name"] == "L88"
    body = str(data)
    assert "anton@example.com" not in body and "+420" not in body and "beer" not in body
    assert not {"email", "phone", "notes", "account", "birth_year"} & data.keys()


def test_players_filtered_by_club_activity_and_name(anon_client, club):
    other = Club.objects.create(name="Brno", short_name="BRN")
    Player.objects.create(first_name="Ada", last_name="Novak", home_club=club)
    Player.objects.create(first_name="Bob", last_name="Dvorak", home_club=club, active=False)
    guest = Player.objects.create(first_name="Cyril", last_name="Novak", home_club=other)
    Membership.objects.create(player=guest, club=club)
    url = reverse("api:player_list")

    def names(**query):
        return [p["name"] for p in anon_client.get(url, query).json()["results"]]

    assert names() == ["Bob Dvorak", "Ada Novak", "Cyril Novak"]
    # A club's roster, as its page: home players and members.
    assert names(club=club.pk) == ["Bob Dvorak", "Ada Novak", "Cyril Novak"]
    assert names(club=other.pk) == ["Cyril Novak"]
    assert names(active="false") == ["Bob Dvorak"]
    assert names(q="novak ada") == ["Ada Novak"]
    assert anon_client.get(url, {"club": 999999}).status_code == 404


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("cs", ["Cibulka", "Čermák", "Hruška", "Chalupa", "Sýkora", "Šimek"]),
        ("en", ["Čermák", "Chalupa", "Cibulka", "Hruška", "Šimek", "Sýkora"]),
    ],
)
def test_players_come_in_the_readers_alphabet(anon_client, club, language, expected):
    for surname in ["Šimek", "Chalupa", "Sýkora", "Hruška", "Čermák", "Cibulka"]:
        Player.objects.create(first_name="Jan", last_name=surname, home_club=club)
    answer = anon_client.get(reverse("api:player_list"), HTTP_ACCEPT_LANGUAGE=language)
    assert [p["name"].removeprefix("Jan ") for p in answer.json()["results"]] == expected


def test_seasons_and_the_leaderboard_are_the_pages(anon_client, season, club, director, four):  # noqa: F811
    _tournament(season, club, director, four, 1, [130, 100, 90, 80])
    _tournament(season, club, director, four, 2, [80, 130, 100, 90])
    _tournament(season, club, director, four, 3, [120, 110, 90, 80])
    listed = anon_client.get(reverse("api:season_list")).json()["results"]
    assert [s["id"] for s in listed] == [season.pk]
    assert anon_client.get(reverse("api:season", args=[season.pk])).json() == listed[0]

    data = anon_client.get(reverse("api:leaderboard", args=[season.pk])).json()
    board = season_leaderboard(season)
    assert [(r["place"], r["name"], r["total"]) for r in data["ranked"]] == [
        (r["place"], r["name"], r["total"]) for r in board.ranked
    ]
    anna = data["ranked"][0]
    assert anna["name"] == "Anna Hráč" and anna["total"] == 20
    assert [(e["value"], e["counted"]) for e in anna["entries"]] == [
        (10, True),
        (5, False),
        (10, True),
    ]
    assert [(c["name"], c["total"]) for c in data["clubs"]] == [
        (c["name"], c["total"]) for c in club_leaderboard(board)
    ]
    page = anon_client.get(reverse("tournaments:leaderboard", args=[season.pk])).content.decode()
    assert "Anna Hráč" in page and "20" in page


def test_the_leaderboard_counts_provisional_tournaments_when_asked(
    anon_client,
    season,  # noqa: F811
    club,
    director,
    four,  # noqa: F811
):
    season.minimum_tournaments = 1
    season.save()
    _tournament(season, club, director, four, 1, [130, 100, 90, 80])
    _tournament(season, club, director, four, 2, [80, 130, 100, 90], finished=False)
    url = reverse("api:leaderboard", args=[season.pk])
    final = anon_client.get(url).json()
    assert final["provisional"] is False and final["note"] == ""
    assert {r["name"]: r["total"] for r in final["ranked"]}["Bohdan Hráč"] == 8
    data = anon_client.get(url, {"provisional": "1", "clubs": "average"}).json()
    assert data["provisional"] is True
    assert data["note"] == "Provisional: includes tournaments not finished yet (Cup 2)"
    assert [t["provisional"] for t in data["tournaments"]] == [False, True]
    bohdan = next(r for r in data["ranked"] if r["name"] == "Bohdan Hráč")
    assert bohdan["total"] == 18 and [e["provisional"] for e in bohdan["entries"]] == [False, True]
    board = season_leaderboard(season, provisional=True)
    assert [c["total"] for c in data["clubs"]] == [
        float(c["total"]) if c["total"] % 1 else int(c["total"])
        for c in club_leaderboard(board, average=True)
    ]
