"""The registration desk's actions: register from the rosters (a late entry after the
draw), a new player on the spot, check-in, undo and withdrawal. A value the desk's form
could not have sent is refused with a message naming it; nothing changes."""

import pytest
from django.urls import reverse

from clubs.models import Player
from tournaments.models import Registration

pytestmark = pytest.mark.django_db


def _register(client, tournament, data):
    url = reverse("tournaments:register", args=[tournament.pk])
    return client.post(url, data, follow=True)


def test_a_player_from_the_rosters_is_registered_and_checked_in(
    director_client, tournament, player
):
    response = _register(director_client, tournament, {"player": player.pk})
    assert response.status_code == 200
    assert "Anton Hajek is registered and checked in." in response.content.decode()
    assert tournament.registrations.get().checked_in


def test_a_late_entry_registered_at_the_desk_plays_from_the_next_round(
    director_client, round1, club
):
    late = Player.objects.create(first_name="Late", last_name="Comer", home_club=club)
    _register(director_client, round1.tournament, {"player": late.pk})
    assert Registration.objects.get(player=late).first_round == 2


@pytest.mark.parametrize("bad", ["abc", "", "1.5", "²", "③", "99999999999999999999999", "-1"])
def test_a_player_that_is_not_a_roster_entry_is_refused_with_a_message(
    director_client, tournament, player, bad
):
    response = _register(director_client, tournament, {"player": bad})
    assert response.status_code == 200
    page = response.content.decode()
    assert "Player:" in page and "Choose" in page and "from the rosters" in page
    assert not Registration.objects.exists()


def test_a_missing_player_is_refused_with_a_message(director_client, tournament):
    page = _register(director_client, tournament, {}).content.decode()
    assert "Choose a player from the rosters." in page
    assert not Registration.objects.exists()


def test_an_inactive_player_cannot_be_registered(director_client, tournament, player):
    player.active = False
    player.save()
    page = _register(director_client, tournament, {"player": player.pk}).content.decode()
    assert "Choose an active player from the rosters." in page
    assert not Registration.objects.exists()


def test_a_new_player_is_created_and_registered(director_client, tournament):
    url = reverse("tournaments:register_new", args=[tournament.pk])
    director_client.post(url, {"first_name": "Nova", "last_name": "Hráčka"})
    registration = tournament.registrations.get()
    assert registration.player.home_club == tournament.host_club and registration.checked_in


def test_a_new_player_without_a_last_name_is_refused_naming_the_field(director_client, tournament):
    url = reverse("tournaments:register_new", args=[tournament.pk])
    response = director_client.post(url, {"first_name": "Nova"}, follow=True)
    assert "Last name: This field is required." in response.content.decode()
    assert not Player.objects.exists()


def test_a_new_player_at_a_finished_tournament_is_not_created_either(director_client, tournament):
    tournament.status = tournament.Status.FINISHED
    tournament.save()
    url = reverse("tournaments:register_new", args=[tournament.pk])
    response = director_client.post(url, {"first_name": "Nova", "last_name": "X"}, follow=True)
    assert "The tournament is finished" in response.content.decode()
    assert not Player.objects.exists()


def _update(client, registration, data):
    url = reverse("tournaments:registration_update", args=[registration.pk])
    return client.post(url, data, follow=True)


def test_check_in_and_undo(director_client, tournament, player):
    registration = Registration.objects.create(tournament=tournament, player=player)
    page = _update(director_client, registration, {"action": "check_in"}).content.decode()
    registration.refresh_from_db()
    assert registration.checked_in and f"{player} is checked in." in page
    page = _update(director_client, registration, {"action": "undo_check_in"}).content.decode()
    registration.refresh_from_db()
    assert not registration.checked_in and f"{player} is no longer checked in." in page
    actions = list(tournament.audit.order_by("pk").values_list("action", flat=True))
    assert actions[-2:] == ["check in", "undo check in"]


def test_withdrawal_ends_the_players_rounds(director_client, round1):
    registration = round1.tournament.registrations.first()
    page = _update(director_client, registration, {"action": "withdraw"}).content.decode()
    registration.refresh_from_db()
    assert registration.last_round == 1
    assert "withdrew" in page


@pytest.mark.parametrize("bad", [{}, {"action": ""}, {"action": "delete"}, {"action": "²"}])
def test_an_unknown_action_is_refused_and_nothing_changes(director_client, tournament, player, bad):
    registration = Registration.objects.create(tournament=tournament, player=player)
    response = _update(director_client, registration, bad)
    assert response.status_code == 200
    assert "Action:" in response.content.decode()
    registration.refresh_from_db()
    assert not registration.checked_in and registration.last_round is None
