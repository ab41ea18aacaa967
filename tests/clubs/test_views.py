import datetime
import re

import pytest
from django.urls import reverse

from clubs.models import Club, Membership, Player, Season

pytestmark = pytest.mark.django_db


def test_club_list_and_roster_show_the_players(anon_client, club, player):
    assert club.name in anon_client.get(reverse("clubs:club_list")).content.decode()
    page = anon_client.get(reverse("clubs:club_detail", args=[club.pk])).content.decode()
    assert "Anton Hajek" in page


def test_roster_search_finds_by_name(anon_client, club, player):
    Player.objects.create(first_name="Frank", last_name="Kubena", home_club=club)
    page = anon_client.get(
        reverse("clubs:club_detail", args=[club.pk]), {"q": "kube"}
    ).content.decode()
    assert "Frank Kubena" in page
    assert "Anton Hajek" not in page


def test_roster_is_sortable_and_paginated(anon_client, club):
    for n in range(30):
        Player.objects.create(first_name=f"P{n:02d}", last_name=f"L{n:02d}", home_club=club)
    url = reverse("clubs:club_detail", args=[club.pk])
    first_page = anon_client.get(url, {"sort": "-name"}).content.decode()
    assert "P29 L29" in first_page
    assert "P00 L00" not in first_page
    assert "P00 L00" in anon_client.get(url, {"sort": "-name", "page": 2}).content.decode()


@pytest.mark.parametrize(
    ("language", "previous", "following"),
    [("cs", "předchozí", "další"), ("sl", "prejšnja", "naslednja")],
)
def test_the_roster_pages_in_the_readers_language(anon_client, club, language, previous, following):
    """django-tables2 has no Slovenian catalogue: its paging words come from ours."""
    Player.objects.bulk_create(
        Player(first_name=f"P{n:02d}", last_name=f"L{n:02d}", home_club=club) for n in range(60)
    )
    anon_client.cookies["django_language"] = language
    url = reverse("clubs:club_detail", args=[club.pk])
    # The middle page of three (25 a page) has both links.
    page = anon_client.get(url, {"page": 2}).content.decode()
    links = re.findall(r'<li class="(?:previous|next)">\s*<a [^>]*>\s*([^<]*?)\s*</a>', page)
    assert links == [previous, following]


def test_roster_includes_current_members_from_other_clubs(anon_client, club):
    other = Club.objects.create(name="Other", short_name="O", country="CZ")
    guest = Player.objects.create(first_name="Jiří", last_name="Dvořák", home_club=other)
    Membership.objects.create(player=guest, club=club, date_from="2020-01-01")
    page = anon_client.get(reverse("clubs:club_detail", args=[club.pk])).content.decode()
    assert "Jiří Dvořák" in page


def test_roster_query_count_does_not_grow_with_the_roster(
    anon_client, club, queries_of, django_assert_max_num_queries
):
    url = reverse("clubs:club_detail", args=[club.pk])
    Player.objects.create(first_name="One", last_name="Player", home_club=club)
    small = queries_of(lambda: anon_client.get(url))
    assert small > 0
    for n in range(40):
        player = Player.objects.create(first_name=f"P{n}", last_name="X", home_club=club)
        Membership.objects.create(player=player, club=club, date_from="2020-01-01")
    with django_assert_max_num_queries(small):
        anon_client.get(url)


def test_player_list_query_count_is_constant(anon_client, club, django_assert_max_num_queries):
    for n in range(40):
        Player.objects.create(first_name=f"P{n}", last_name="X", home_club=club)
    with django_assert_max_num_queries(6):
        anon_client.get(reverse("clubs:player_list"))


def test_director_creates_a_player(director_client, club):
    response = director_client.post(
        reverse("clubs:player_create"),
        {
            "first_name": "Rosie",
            "last_name": "Vrana",
            "home_club": club.pk,
            "member_number": "7",
            "active": "on",
        },
    )
    player = Player.objects.get(last_name="Vrana")
    assert response.status_code == 302
    assert response.url == player.get_absolute_url()


def test_a_duplicate_member_number_is_refused_in_plain_words(director_client, club, player):
    response = director_client.post(
        reverse("clubs:player_create"),
        {
            "first_name": "Frank",
            "last_name": "Kubena",
            "home_club": club.pk,
            "member_number": "001",
        },
    )
    assert response.status_code == 200
    assert "already has a player with that member number" in response.content.decode()
    assert not Player.objects.filter(last_name="Kubena").exists()


def test_editing_with_a_bad_value_changes_nothing(director_client, player):
    response = director_client.post(
        reverse("clubs:player_edit", args=[player.pk]),
        {"first_name": "", "last_name": "Changed", "home_club": player.home_club_id},
    )
    assert response.status_code == 200
    assert "This field is required" in response.content.decode()
    player.refresh_from_db()
    assert (player.first_name, player.last_name) == ("Anton", "Hajek")


def test_a_reversed_season_is_refused_and_not_saved(director_client):
    response = director_client.post(
        reverse("clubs:season_create"),
        {
            "name": "Backwards",
            "start_date": "2026-06-01",
            "end_date": "2026-01-01",
            "ranking": "cup",
            "minimum_tournaments": 1,
        },
    )
    assert response.status_code == 200
    assert "cannot end before it starts" in response.content.decode()
    assert not Season.objects.exists()


def test_director_creates_a_season_and_it_is_listed(director_client, anon_client):
    director_client.post(
        reverse("clubs:season_create"),
        {
            "name": "Fall 2026",
            "start_date": "2026-09-01",
            "end_date": "2026-12-31",
            "ranking": "cup",
            "minimum_tournaments": 1,
            "cup_points_text": "10, 8, 6.5",
        },
    )
    assert "Fall 2026" in anon_client.get(reverse("clubs:season_list")).content.decode()
    assert Season.objects.get().cup_points == ["10", "8", "6.5"]


def test_cup_points_must_be_numbers(director_client):
    response = director_client.post(
        reverse("clubs:season_create"),
        {
            "name": "Odd",
            "start_date": "2026-09-01",
            "end_date": "2026-12-31",
            "ranking": "cup",
            "minimum_tournaments": 1,
            "cup_points_text": "10, lots",
        },
    )
    assert "numbers separated by commas" in response.content.decode()
    assert not Season.objects.exists()


def test_a_bad_country_code_is_explained(director_client):
    response = director_client.post(
        reverse("clubs:club_create"), {"name": "X", "short_name": "X", "country": "USA"}
    )
    assert "two-letter country code" in response.content.decode()
    assert not Club.objects.exists()


def test_director_deactivates_and_reactivates_a_player(director_client, player):
    url = reverse("clubs:player_set_active", args=[player.pk])
    director_client.post(url, {"active": "0"})
    player.refresh_from_db()
    assert player.active is False
    director_client.post(url, {"active": "1"})
    player.refresh_from_db()
    assert player.active is True


@pytest.mark.parametrize("bad", [{}, {"active": ""}, {"active": "yes"}, {"active": "²"}])
def test_an_active_flag_the_page_could_not_send_is_refused(director_client, player, bad):
    url = reverse("clubs:player_set_active", args=[player.pk])
    response = director_client.post(url, bad, follow=True)
    assert response.status_code == 200
    assert "Say whether the player is active (1) or not (0)." in response.content.decode()
    player.refresh_from_db()
    assert player.active is True


def test_membership_is_added_with_checked_dates(director_client, club, player):
    url = reverse("clubs:membership_create", args=[player.pk])
    bad = director_client.post(
        url, {"club": club.pk, "date_from": "2026-05-01", "date_to": "2026-01-01"}
    )
    assert "cannot end before it starts" in bad.content.decode()
    assert not player.memberships.exists()
    director_client.post(url, {"club": club.pk, "date_from": "2026-01-01"})
    membership = player.memberships.get()
    assert (membership.club, membership.date_from, membership.date_to) == (
        club,
        datetime.date(2026, 1, 1),
        None,
    )


def test_a_second_membership_on_the_same_day_is_refused(director_client, club, player):
    Membership.objects.create(player=player, club=club, date_from="2026-01-01")
    response = director_client.post(
        reverse("clubs:membership_create", args=[player.pk]),
        {"club": club.pk, "date_from": "2026-01-01"},
    )
    assert response.status_code == 200
    assert "already has a membership starting that day" in response.content.decode()
    assert player.memberships.count() == 1


def test_contact_details_are_shown_to_directors_only(anon_client, director_client, player):
    player.email = "anton@example.org"
    player.save()
    url = reverse("clubs:player_detail", args=[player.pk])
    assert "anton@example.org" not in anon_client.get(url).content.decode()
    assert "anton@example.org" in director_client.get(url).content.decode()
