"""Online registration (tournaments.services.signup): places, the deadline and the
waiting list, promoted in order when a player withdraws."""

import datetime
import threading

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, connection, connections, transaction
from django.utils import timezone

from tests import cast
from tournaments import services
from tournaments.models import AuditEntry, Registration

pytestmark = pytest.mark.django_db


@pytest.fixture
def accounts(players):
    """Each of the sixteen players signed in with an account of their own."""
    for number, player in enumerate(players):
        player.account = cast.user(f"player{number}", None)
        player.save()
    return [player.account for player in players]


def _sign_up(tournament, players, count):
    return [
        services.register_online(tournament=tournament, player=p, by=p.account)
        for p in players[:count]
    ]


def test_past_the_places_players_wait_in_the_order_they_signed_up(
    open_tournament, players, accounts
):
    first, second, third, fourth = _sign_up(open_tournament, players, 4)
    assert (first.waiting, second.waiting) == (None, None)
    assert third.waiting < fourth.waiting
    assert services.places_taken(open_tournament) == 2


def test_a_withdrawal_gives_the_place_to_the_first_one_waiting(open_tournament, players, accounts):
    first, _second, third, fourth = _sign_up(open_tournament, players, 4)
    promoted = services.withdraw_online(registration=first, by=players[0].account)
    assert promoted == third
    third.refresh_from_db()
    fourth.refresh_from_db()
    assert third.waiting is None and fourth.waiting is not None
    first.refresh_from_db()
    assert first.last_round == 0 and first.waiting is None
    assert services.places_taken(open_tournament) == 2


def test_leaving_the_waiting_list_promotes_no_one(open_tournament, players, accounts):
    *_placed, third, fourth = _sign_up(open_tournament, players, 4)
    assert services.withdraw_online(registration=third, by=players[2].account) is None
    fourth.refresh_from_db()
    assert fourth.waiting is not None


def test_the_directors_withdrawal_at_the_desk_promotes_too(
    open_tournament, players, accounts, director
):
    first, _second, third = _sign_up(open_tournament, players, 3)
    services.withdraw(registration=first, by=director)
    third.refresh_from_db()
    assert third.waiting is None


def test_the_desk_may_register_past_the_places(open_tournament, players, accounts):
    _sign_up(open_tournament, players, 2)
    services.register(tournament=open_tournament, player=players[5], checked_in=True)
    assert services.places_taken(open_tournament) == 3


def test_a_waiting_player_is_not_checked_in(open_tournament, players, accounts, director):
    *_placed, third = _sign_up(open_tournament, players, 3)
    with pytest.raises(services.TournamentError, match="is on the waiting list"):
        services.set_checked_in(registration=third, checked_in=True, by=director)


def test_after_the_deadline_registration_is_refused_in_words(open_tournament, players, accounts):
    open_tournament.registration_deadline = timezone.now() - datetime.timedelta(minutes=1)
    open_tournament.save()
    with pytest.raises(services.TournamentError, match=r"Online registration .* has closed"):
        _sign_up(open_tournament, players, 1)


def test_a_tournament_without_a_deadline_takes_no_online_registrations(
    tournament, players, accounts
):
    with pytest.raises(services.TournamentError, match="takes no online registrations"):
        _sign_up(tournament, players, 1)


def test_registering_twice_is_refused_and_after_withdrawing_allowed(
    open_tournament, players, accounts
):
    (first,) = _sign_up(open_tournament, players, 1)
    with pytest.raises(services.TournamentError, match="already registered"):
        _sign_up(open_tournament, players, 1)
    services.withdraw_online(registration=first, by=players[0].account)
    (again,) = _sign_up(open_tournament, players, 1)
    assert again.pk == first.pk and again.last_round is None


def test_a_player_may_not_register_someone_else(open_tournament, players, accounts):
    with pytest.raises(PermissionDenied):
        services.register_online(
            tournament=open_tournament, player=players[1], by=players[0].account
        )
    assert not Registration.objects.exists()


def test_no_one_signed_in_registers_a_player_without_an_account(open_tournament, players):
    with pytest.raises(PermissionDenied):
        services.register_online(tournament=open_tournament, player=players[0], by=AnonymousUser())


def test_a_director_of_the_players_club_registers_them(open_tournament, players, director):
    services.register_online(tournament=open_tournament, player=players[0], by=director)
    assert AuditEntry.objects.filter(action="register online", actor=director).exists()


def test_the_waiting_list_is_kept_by_the_database(open_tournament, players, accounts):
    *_placed, third = _sign_up(open_tournament, players, 3)
    with pytest.raises(IntegrityError), transaction.atomic():
        Registration.objects.filter(pk=third.pk).update(checked_in=True)


def test_the_desk_takes_in_a_player_from_the_waiting_list(open_tournament, players, accounts):
    *_placed, third = _sign_up(open_tournament, players, 3)
    services.register(tournament=open_tournament, player=players[2], checked_in=True)
    third.refresh_from_db()
    assert third.waiting is None and third.checked_in


def test_the_desk_registers_again_a_player_who_withdrew_online(open_tournament, players, accounts):
    (first,) = _sign_up(open_tournament, players, 1)
    services.withdraw_online(registration=first, by=players[0].account)
    services.register(tournament=open_tournament, player=players[0], checked_in=True)
    first.refresh_from_db()
    assert first.last_round is None and first.checked_in


def _race(*calls):
    """Run the calls in threads released together, each on its own connection."""
    barrier = threading.Barrier(len(calls))

    def run(call):
        try:
            barrier.wait()
            call()
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(call,)) for call in calls]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)


def row_locks(test):
    """PostgreSQL's real row locks, each thread on its own connection, committed."""
    for mark in (
        pytest.mark.postgres,
        pytest.mark.django_db(transaction=True),
        pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL row locks"),
    ):
        test = mark(test)
    return test


def _racing_tournament(club, director, capacity):
    tournament = cast.westfest(club, director)
    tournament.registration_deadline = timezone.now() + datetime.timedelta(days=1)
    tournament.capacity = capacity
    tournament.save()
    return tournament


@row_locks
def test_two_sign_ups_for_the_last_place_take_it_one_after_the_other(club, director):
    tournament = _racing_tournament(club, director, 1)
    racers = cast.sixteen_players(club)[:2]
    _race(
        *(
            lambda p=p: services.register_online(tournament=tournament, player=p, by=director)
            for p in racers
        )
    )
    waiting = sorted(r.waiting is None for r in Registration.objects.all())
    assert waiting == [False, True]


@row_locks
def test_a_withdrawal_racing_a_sign_up_promotes_the_one_waiting_first(club, director):
    tournament = _racing_tournament(club, director, 1)
    placed, waiting, late = cast.sixteen_players(club)[:3]
    first = services.register_online(tournament=tournament, player=placed, by=director)
    services.register_online(tournament=tournament, player=waiting, by=director)
    _race(
        lambda: services.withdraw_online(registration=first, by=director),
        lambda: services.register_online(tournament=tournament, player=late, by=director),
    )
    holding = Registration.objects.filter(waiting__isnull=True, last_round__isnull=True)
    assert [r.player for r in holding] == [waiting]
    assert Registration.objects.get(player=late).waiting is not None
