"""The fixed cast every test can use: a director, two judges and an anonymous visitor."""

import pytest
from django.contrib.auth.models import Group
from django.test import Client

from clubs.models import Club, Player
from clubs.roles import DIRECTORS, JUDGES


def _user(django_user_model, username: str, group: str | None):
    user = django_user_model.objects.create_user(username=username, password="pw")
    if group:
        user.groups.add(Group.objects.get(name=group))
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
