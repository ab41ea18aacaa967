"""The director's controls of a round: the draw's seed, swapping two players and the
round's status. A value the page could not have sent is refused with a message that
names it, never a server error, and the round stays as it was."""

import pytest
from django.urls import reverse

from tournaments import services
from tournaments.models import AuditEntry, Round

pytestmark = pytest.mark.django_db


@pytest.fixture
def registered(tournament, players):
    for player in players:
        services.register(tournament=tournament, player=player, checked_in=True)
    return tournament


def _draw(client, tournament, data):
    return client.post(reverse("tournaments:draw", args=[tournament.pk]), data, follow=True)


def test_the_seed_given_is_the_seed_stored(director_client, registered):
    _draw(director_client, registered, {"seed": " 9223372036854775807 "})
    assert registered.rounds.get().seed == 2**63 - 1


def test_a_blank_seed_draws_with_a_random_one(director_client, registered):
    response = _draw(director_client, registered, {"seed": ""})
    round_ = registered.rounds.get()
    assert f"Round 1 drawn with seed {round_.seed}." in response.content.decode()


@pytest.mark.parametrize("seed", ["²", "abc", "1.5", "1e5", "③", "0x10"])
def test_a_seed_that_is_not_a_whole_number_is_refused(director_client, registered, seed):
    response = _draw(director_client, registered, {"seed": seed})
    assert response.status_code == 200
    assert "Seed: The seed must be a whole number" in response.content.decode()
    assert not registered.rounds.exists()


@pytest.mark.parametrize("seed", [str(2**63), str(10**30), "9" * 5000])
def test_a_seed_beyond_what_the_round_stores_is_refused_naming_the_limit(
    director_client, registered, seed
):
    response = _draw(director_client, registered, {"seed": seed})
    assert response.status_code == 200
    assert "less than or equal to 9223372036854775807" in response.content.decode()
    assert not registered.rounds.exists()


def test_a_negative_seed_is_refused(director_client, registered):
    response = _draw(director_client, registered, {"seed": "-3"})
    assert "greater than or equal to 0" in response.content.decode()
    assert not registered.rounds.exists()


@pytest.fixture
def drawn(registered, director):
    return services.draw_next_round(tournament=registered, by=director, seed=5)


def _seating(round_):
    return list(round_.seats.order_by("table__number", "number").values_list("player_id"))


def _swap(client, round_, data):
    url = reverse("tournaments:swap", args=[round_.tournament_id, round_.number])
    return client.post(url, data, follow=True)


@pytest.mark.parametrize(
    "bad",
    [
        {"player_a": "abc", "player_b": "1"},
        {"player_a": "", "player_b": ""},
        {"player_a": "1.5", "player_b": "²"},
        {"player_a": str(2**70), "player_b": "-1"},
        {},
    ],
)
def test_a_swap_of_players_not_in_the_round_is_refused(director_client, drawn, bad):
    before = _seating(drawn)
    response = _swap(director_client, drawn, bad)
    assert response.status_code == 200
    page = response.content.decode()
    assert "Player:" in page
    assert _seating(drawn) == before
    assert not AuditEntry.objects.filter(action="swap").exists()


def test_a_player_of_another_tournament_cannot_be_swapped_in(director_client, drawn, player):
    seated = drawn.seats.first().player_id
    response = _swap(director_client, drawn, {"player_a": seated, "player_b": player.pk})
    assert "with: Choose a player of this round." in response.content.decode()


def _status(client, round_, data):
    url = reverse("tournaments:round_status", args=[round_.tournament_id, round_.number])
    return client.post(url, data, follow=True)


@pytest.mark.parametrize("status", ["", "drawn", "finished", "²", "PLAYING"])
def test_an_unknown_round_status_is_refused(director_client, drawn, status):
    response = _status(director_client, drawn, {"status": status})
    assert response.status_code == 200
    assert "Status:" in response.content.decode()
    drawn.refresh_from_db()
    assert drawn.status == Round.Status.DRAWN


def test_a_reason_longer_than_the_form_allows_is_refused(director_client, drawn):
    response = _status(director_client, drawn, {"status": "playing", "reason": "x" * 501})
    assert "Reason: Ensure this value has at most 500 characters" in response.content.decode()
    drawn.refresh_from_db()
    assert drawn.status == Round.Status.DRAWN


def test_the_round_starts_and_says_so(director_client, drawn):
    page = _status(director_client, drawn, {"status": "playing"}).content.decode()
    drawn.refresh_from_db()
    assert drawn.status == Round.Status.PLAYING
    assert f"{drawn}: in play." in page


def test_a_refused_value_is_quoted_shortened_in_the_message(director_client, drawn):
    response = _status(director_client, drawn, {"status": "x" * 100_000})
    page = response.content.decode()
    assert f"Select a valid choice. {'x' * 80}… is not one of the available choices." in page
    assert "x" * 81 not in page
