"""The fixed cast every test can use: a director, two judges and an anonymous visitor;
and a small SPJST tournament: 16 checked-in players, round 1 drawn and in play, table 1
judged by `judge`, table 2 by `other_judge`."""

import datetime

import pytest
from django.contrib.auth.models import Group
from django.test import Client

from accounts.roles import DIRECTORS, JUDGES
from clubs.models import Club, Player
from tournaments import services
from tournaments.models import Round, Tournament


def _user(django_user_model, username: str, group: str | None):
    user = django_user_model.objects.create_user(username=username, password="pw")
    if group:
        # get_or_create: a transactional test flushes the groups the migration made.
        user.groups.add(Group.objects.get_or_create(name=group)[0])
    return user


@pytest.fixture
def director(db, django_user_model):
    return _user(django_user_model, "dora-director", DIRECTORS)


@pytest.fixture
def judge(db, django_user_model):
    return _user(django_user_model, "jan-judge", JUDGES)


@pytest.fixture
def other_judge(db, django_user_model):
    return _user(django_user_model, "olga-judge", JUDGES)


def _client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def director_client(director) -> Client:
    return _client_for(director)


@pytest.fixture
def judge_client(judge) -> Client:
    return _client_for(judge)


@pytest.fixture
def other_judge_client(other_judge) -> Client:
    return _client_for(other_judge)


@pytest.fixture
def anon_client() -> Client:
    return Client()


@pytest.fixture
def club(db) -> Club:
    return Club.objects.create(
        name="SPJST Lodge 88", short_name="L88", country="US", spjst_lodge=88
    )


@pytest.fixture
def player(club) -> Player:
    return Player.objects.create(
        first_name="Anton", last_name="Hajek", home_club=club, member_number="001"
    )


@pytest.fixture
def queries_of():
    """How many queries a call makes.

    Each request clears Django's query log when it starts, which confuses a capture
    opened before it; clearing the log first keeps the count right.
    """
    from django.db import connection, reset_queries
    from django.test.utils import CaptureQueriesContext

    def count(call) -> int:
        reset_queries()
        with CaptureQueriesContext(connection) as context:
            call()
        return len(context.captured_queries)

    return count


@pytest.fixture
def tournament(club, director) -> Tournament:
    return services.create_tournament(
        by=director,
        ruleset="spjst",
        name="Westfest Tarock",
        date=datetime.date(2026, 9, 5),
        host_club=club,
        rounds_planned=3,
        hands_per_round=12,
    )


@pytest.fixture
def players(club) -> list[Player]:
    return [
        Player.objects.create(first_name=f"P{n:02d}", last_name=f"Player{n:02d}", home_club=club)
        for n in range(1, 17)
    ]


@pytest.fixture
def round1(tournament, players, director) -> Round:
    for player in players:
        services.register(tournament=tournament, player=player, checked_in=True)
    round_ = services.draw_next_round(tournament=tournament, by=director, seed=7)
    services.set_round_status(round_=round_, status=Round.Status.PLAYING, by=director)
    round_.refresh_from_db()
    return round_


def _judged(round_, number: int, judge):
    table = round_.tables.get(number=number)
    table.judge = judge
    table.save()
    return table


@pytest.fixture
def table1(round1, judge):
    return _judged(round1, 1, judge)


@pytest.fixture
def table2(round1, other_judge):
    return _judged(round1, 2, other_judge)


@pytest.fixture
def link_client(table1) -> Client:
    """A phone that opened table 1's private link (no account)."""
    table1.judge_token = "t" * 43
    table1.save()
    client = Client()
    client.get(f"/judge/{table1.judge_token}/")
    return client
