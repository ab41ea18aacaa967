"""The fixed cast of tests/conftest.py as plain functions, so that a fixture of any scope
can make the same people and tournament: conftest's per-test fixtures, and
tests/test_permissions.py, which makes them once for its whole module."""

import datetime

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.test import Client

from accounts.roles import DIRECTORS, JUDGES
from clubs.models import Club, Player
from tournaments import services
from tournaments.models import Round, Table, Tournament

DIRECTOR = ("dora-director", DIRECTORS)
JUDGE = ("jan-judge", JUDGES)
OTHER_JUDGE = ("olga-judge", JUDGES)


def user(username: str, group: str | None):
    """An account with password "pw", in `group` if one is given."""
    account = get_user_model().objects.create_user(username=username, password="pw")
    if group:
        # get_or_create: a transactional test flushes the groups the migration made.
        account.groups.add(Group.objects.get_or_create(name=group)[0])
    return account


def client_for(account) -> Client:
    """A test client logged in as `account`."""
    client = Client()
    client.force_login(account)
    return client


def lodge() -> Club:
    """SPJST Lodge 88, the club hosting the tournament."""
    return Club.objects.create(
        name="SPJST Lodge 88", short_name="L88", country="US", spjst_lodge=88
    )


def other_club() -> Club:
    """TK Břeclav, a club with a director of its own in some tests."""
    return Club.objects.create(name="Tarokový klub Břeclav", short_name="TK Břeclav", country="CZ")


def anton(club: Club) -> Player:
    """A player of `club` with member number 001."""
    return Player.objects.create(
        first_name="Anton", last_name="Hajek", home_club=club, member_number="001"
    )


def westfest(club: Club, director) -> Tournament:
    """An SPJST tournament of 3 rounds of 12 hands, being set up."""
    return services.create_tournament(
        by=director,
        ruleset="spjst",
        name="Westfest Tarock",
        date=datetime.date(2026, 9, 5),
        host_club=club,
        rounds_planned=3,
        hands_per_round=12,
    )


def sixteen_players(club: Club) -> list[Player]:
    """Players P01 Player01 … P16 Player16 of `club`."""
    return [
        Player.objects.create(first_name=f"P{n:02d}", last_name=f"Player{n:02d}", home_club=club)
        for n in range(1, 17)
    ]


def round_one(tournament: Tournament, players: list[Player], director) -> Round:
    """`players` registered and checked in, round 1 drawn (seed 7) and in play."""
    for player in players:
        services.register(tournament=tournament, player=player, checked_in=True)
    round_ = services.draw_next_round(tournament=tournament, by=director, seed=7)
    services.set_round_status(round_=round_, status=Round.Status.PLAYING, by=director)
    round_.refresh_from_db()
    return round_


def judged(round_: Round, number: int, judge) -> Table:
    """Table `number` of the round, with `judge` as its judge."""
    table = round_.tables.get(number=number)
    table.judge = judge
    table.save()
    return table
