"""The fixed cast every test can use: a director, two judges and an anonymous visitor;
and a small SPJST tournament: 16 checked-in players, round 1 drawn and in play, table 1
judged by `judge`, table 2 by `other_judge`. Made afresh for each test that asks; the
builders are in tests/cast.py."""

import datetime

import pytest
from django.test import Client
from django.utils import timezone, translation

from clubs.models import Club, Player
from tests import cast
from tournaments.models import Round, Table, Tournament


@pytest.fixture(autouse=True)
def _language_restored():
    """A page read in Czech or Slovenian leaves the thread in that language (the locale
    middleware activates it): the next test starts in the site's default again."""
    yield
    translation.deactivate()


@pytest.fixture
def director(db):
    return cast.user(*cast.DIRECTOR)


@pytest.fixture
def judge(db):
    return cast.user(*cast.JUDGE)


@pytest.fixture
def other_judge(db):
    return cast.user(*cast.OTHER_JUDGE)


@pytest.fixture
def director_client(director) -> Client:
    return cast.client_for(director)


@pytest.fixture
def judge_client(judge) -> Client:
    return cast.client_for(judge)


@pytest.fixture
def other_judge_client(other_judge) -> Client:
    return cast.client_for(other_judge)


@pytest.fixture
def anon_client() -> Client:
    return Client()


@pytest.fixture
def club(db) -> Club:
    return cast.lodge()


@pytest.fixture
def player(club) -> Player:
    return cast.anton(club)


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
    return cast.westfest(club, director)


@pytest.fixture
def open_tournament(tournament) -> Tournament:
    """The tournament taking online registrations for two more days, with 2 places."""
    tournament.registration_deadline = timezone.now() + datetime.timedelta(days=2)
    tournament.capacity = 2
    tournament.save()
    return tournament


@pytest.fixture
def players(club) -> list[Player]:
    return cast.sixteen_players(club)


@pytest.fixture
def round1(tournament, players, director) -> Round:
    return cast.round_one(tournament, players, director)


@pytest.fixture
def table1(round1, judge) -> Table:
    return cast.judged(round1, 1, judge)


@pytest.fixture
def table2(round1, other_judge) -> Table:
    return cast.judged(round1, 2, other_judge)


@pytest.fixture
def link_client(table1) -> Client:
    """A phone that opened table 1's private link (no account)."""
    table1.judge_token = "t" * 43
    table1.save()
    client = Client()
    client.get(f"/judge/{table1.judge_token}/")
    return client
