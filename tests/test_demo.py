import pytest
from django.contrib.auth import authenticate
from django.core.management import call_command
from django.test import RequestFactory

from accounts.roles import is_director, is_judge
from clubs.models import Club, Membership, Player, Season

pytestmark = pytest.mark.django_db


def _counts():
    return tuple(model.objects.count() for model in (Club, Player, Membership, Season))


def test_demo_data_loads_and_loading_it_twice_changes_nothing():
    call_command("seed_demo")
    first = _counts()
    call_command("seed_demo")
    assert _counts() == first
    clubs, players, memberships, seasons = first
    assert clubs >= 3 and players >= 48 and memberships >= 48 and seasons >= 1
    assert Season.objects.current().exists()
    assert set(Club.objects.values_list("country", flat=True)) >= {"US", "CZ", "SI"}


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
