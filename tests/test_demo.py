import datetime
import re

import pytest
from django.contrib.auth import authenticate, get_user_model
from django.core.management import call_command
from django.test import RequestFactory
from django.urls import reverse
from django.utils import timezone

from accounts.roles import is_director, is_judge
from clubs.models import Club, ClubRole, Membership, Player, Season
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def _counts():
    return tuple(model.objects.count() for model in (Club, Player, Membership, Season))


def test_demo_data_loads_and_loading_it_twice_changes_nothing():
    call_command("seed_demo")
    first = _counts()
    call_command("seed_demo")
    assert _counts() == first == (3, 48, 48, 1)
    assert get_user_model().objects.count() == 4
    assert ClubRole.objects.count() == 1
    assert Season.objects.current().exists()
    assert set(Club.objects.values_list("country", flat=True)) == {"US", "CZ", "SI"}


def test_the_demo_loads_into_a_database_with_other_rows_and_keeps_them():
    club = Club.objects.create(name="Wiener Tarockclub", short_name="WTC", country="AT")
    Player.objects.create(first_name="Ida", last_name="Bauer", home_club=club, member_number="001")
    get_user_model().objects.create_user("secretary", password="not-a-demo-password")
    call_command("seed_demo")
    call_command("seed_demo")
    assert _counts() == (4, 49, 48, 1)
    assert Player.objects.get(home_club=club).name == "Ida Bauer"
    assert get_user_model().objects.count() == 5


def test_the_season_is_this_year_while_the_memberships_start_on_the_fixtures_day():
    call_command("seed_demo")
    season = Season.objects.get()
    today = timezone.localdate()
    assert (season.start_date, season.end_date) == (
        datetime.date(today.year, 1, 1),
        datetime.date(today.year, 12, 31),
    )
    assert not Membership.objects.exclude(date_from=datetime.date(2025, 1, 1)).exists()


def test_seeding_again_puts_back_a_changed_demo_password():
    call_command("seed_demo")
    judge = get_user_model().objects.get(username="judge")
    judge.set_password("changed-on-the-site")
    judge.save()
    call_command("seed_demo")
    request = RequestFactory().post("/accounts/login/")
    assert authenticate(request, username="judge", password="tarock-judge") is not None


def test_demo_accounts_log_in_with_the_readme_passwords():
    call_command("seed_demo")
    # Login throttling (django-axes) counts attempts per request, so authenticate needs one.
    request = RequestFactory().post("/accounts/login/")
    director = authenticate(request, username="director", password="tarock-director")
    judge = authenticate(request, username="judge", password="tarock-judge")
    assert is_director(director) and not is_director(judge)
    assert is_judge(judge)


def test_the_demo_tournament_is_in_play_with_hands_at_the_judges_table():
    from tournaments.models import Hand, Tournament

    call_command("seed_demo")
    call_command("seed_demo")
    tournament = Tournament.objects.get(name="Demo SPJST Tournament")
    table = tournament.rounds.get(number=1).tables.get(number=1)
    assert table.judge.username == "judge"
    assert Hand.objects.filter(table=table).count() == 3
    # A second judge account confirms table 1's sheet in the README's walkthrough.
    second = tournament.rounds.get(number=1).tables.get(number=2)
    assert second.judge.username == "judge2"


def test_the_slovenian_demo_plays_at_a_table_of_six_with_written_scores(client):
    from tournaments.models import Hand, Tournament

    call_command("seed_demo")
    call_command("seed_demo")
    # Three in play (the federation season's cups are finished).
    assert Tournament.objects.exclude(status=Tournament.Status.FINISHED).count() == 3
    tournament = Tournament.objects.get(ruleset="si_double")
    assert tournament.host_club.short_name == "TD Ljubljana" and tournament.starting_chips == 0
    tables = tournament.rounds.get(number=1).tables.order_by("number")
    assert [table.seats.count() for table in tables] == [6, 4]
    hands = Hand.objects.filter(table=tables[0]).order_by("number")
    # Trojka 30 + 15 for 1, 3 and 5; solo dvojka −(90 + 10) × 2 for 2; berač 110 for 4.
    assert [hand.deltas() for hand in hands] == [
        {1: 45, 2: 0, 3: 45, 4: 0, 5: 45, 6: 0},
        {1: 0, 2: -200, 3: 0, 4: 0, 5: 0, 6: 0},
        {1: 0, 2: 0, 3: 0, 4: 110, 5: 0, 6: 0},
    ]
    client.force_login(tables[0].judge)
    page = client.get(tables[0].get_absolute_url()).content.decode()
    chips = re.findall(r'<span class="seat-chips">([^<]*)</span>', page)
    assert chips == ["45", "−200", "45", "110", "45", "0"]


def test_the_whist_drive_demo_seats_twelve_players_four_to_a_table(client):
    from tournaments.models import Hand, Tournament

    call_command("seed_demo")
    call_command("seed_demo")
    tournament = Tournament.objects.get(ruleset="whist")
    assert (
        tournament.standings_method == "tricks" and tournament.host_club.short_name == "TK Břeclav"
    )
    tables = tournament.rounds.get(number=1).tables.order_by("number")
    assert [table.seats.count() for table in tables] == [4, 4, 4]
    hands = Hand.objects.filter(table=tables[0]).order_by("number")
    # Points: N–S 8 tricks 4; E–W 7 tricks 2 + four honours 4; N–S 9 tricks 6.
    assert [hand.deltas() for hand in hands] == [
        {1: 4, 2: 0, 3: 4, 4: 0},
        {1: 0, 2: 6, 3: 0, 4: 6},
        {1: 6, 2: 0, 3: 6, 4: 0},
    ]
    # The drive counts tricks: N–S 8 + 6 + 9, E–W 5 + 7 + 4.
    tricks = [tournament.rules.DRIVE_TRICKS(hand.data, (1, 2, 3, 4)) for hand in hands]
    assert [sum(t[seat] for t in tricks) for seat in (1, 2, 3, 4)] == [23, 16, 23, 16]
    page = client.get(reverse("tournaments:standings", args=[tournament.pk])).content.decode()
    assert "each player's tricks over the drive" in page


def test_the_federation_season_shows_both_clubs_overall_and_per_club(client):
    """`make run` shows a federation season: finished cups at two clubs, their players
    ranked together, and each club's tab with its own players."""
    call_command("seed_demo")
    call_command("seed_demo")
    season = Season.objects.get(club=None)
    cups = Tournament.objects.filter(season=season, status=Tournament.Status.FINISHED)
    assert cups.count() == 3
    assert set(cups.values_list("host_club__short_name", flat=True)) == {"SPJST 88", "TK Břeclav"}
    url = reverse("tournaments:leaderboard", args=[season.pk])
    board = client.get(url).context["board"]
    assert {p["club"] for p in board.ranked} == {"SPJST 88", "TK Břeclav"}
    assert any(not e.counted for p in board.ranked for e in p["entries"])  # best 2 of 3
    breclav = Club.objects.get(short_name="TK Břeclav")
    tab = client.get(url, {"club": breclav.pk}).context["board"]
    assert tab.ranked and {p["club"] for p in tab.ranked} == {"TK Břeclav"}
    assert tab.ranked[0]["place"] == 1
    assert reverse("tournaments:leaderboard", args=[season.pk]) in client.get("/").content.decode()
