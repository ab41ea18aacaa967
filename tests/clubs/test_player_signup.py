"""A player sets up an account linked to their record through a mailed link, then
registers and withdraws on the tournament's page and sees their registrations."""

import re

import pytest
from django.core import mail
from django.core.cache import cache
from django.urls import reverse
from django.utils import timezone

from clubs.models import Player
from tests import cast
from tests.tournaments.helpers import tournament_form
from tournaments.models import Registration

pytestmark = pytest.mark.django_db

LINK = re.compile(r"https?://testserver(/players/sign-up/\S+/)")


@pytest.fixture
def anton(player):
    player.email = "anton@example.org"
    player.save()
    return player


def _set_up_account(client, email="anton@example.org"):
    client.post(reverse("clubs:signup"), {"email": email})
    (message,) = mail.outbox
    link = LINK.search(message.body).group(1)
    return client.post(
        link,
        {"username": "anton", "password1": "a long secret 42", "password2": "a long secret 42"},
    )


def test_the_mailed_link_links_a_new_account_to_the_record(client, anton):
    response = _set_up_account(client)
    assert response.status_code == 302
    assert response.url == reverse("tournaments:my_registrations")
    anton.refresh_from_db()
    assert anton.account.username == "anton"
    assert anton.account.email == "anton@example.org"
    assert "My registrations" in client.get(response.url).text


def test_the_link_works_once(client, anton):
    _set_up_account(client)
    link = LINK.search(mail.outbox[0].body).group(1)
    assert "no longer works" in client.get(link).text


def test_an_unknown_address_gets_the_same_page_and_no_mail(client, anton):
    response = client.post(reverse("clubs:signup"), {"email": "nobody@example.org"})
    assert "Check your e-mail" in response.text
    assert mail.outbox == []


def test_an_address_on_two_records_gets_no_mail(client, anton, club):
    Player.objects.create(
        first_name="Anna", last_name="Hajek", home_club=club, email="anton@example.org"
    )
    client.post(reverse("clubs:signup"), {"email": "anton@example.org"})
    assert mail.outbox == []


def test_the_mails_to_one_address_are_limited_then_the_client(client, anton, settings):
    settings.RATELIMIT_ENABLE = True  # the test settings turn the limits off
    settings.PASSWORD_RESET_RATE_EMAIL, settings.PASSWORD_RESET_RATE_ADDRESS = "2/h", "4/h"
    cache.clear()
    answers = [
        client.post(reverse("clubs:signup"), {"email": "anton@example.org"}).status_code
        for _ in range(5)
    ]
    cache.clear()
    assert len(mail.outbox) == 2
    assert answers == [200, 200, 200, 200, 429]


def _signed_in_player(player, name):
    player.account = cast.user(name, None)
    player.save()
    return cast.client_for(player.account)


def test_a_player_registers_waits_and_moves_up_when_the_other_withdraws(open_tournament, players):
    open_tournament.capacity = 1
    open_tournament.save()
    first = _signed_in_player(players[0], "first")
    second = _signed_in_player(players[1], "second")
    page = open_tournament.get_absolute_url()
    assert "1 place left" in first.get(page).text
    first.post(reverse("tournaments:register_me", args=[open_tournament.pk]))
    response = second.post(
        reverse("tournaments:register_me", args=[open_tournament.pk]), follow=True
    )
    assert "you are on the waiting list" in response.text
    assert "You are number 1 on the waiting list." in response.text
    assert "1 waiting" in response.text
    first.post(reverse("tournaments:withdraw_me", args=[open_tournament.pk]))
    assert not Registration.objects.get(player=players[1]).waiting
    mine = second.get(reverse("tournaments:my_registrations")).text
    assert "Westfest Tarock" in mine and "Registered" in mine


def test_a_player_cannot_withdraw_someone_else(open_tournament, players):
    Registration.objects.create(tournament=open_tournament, player=players[1])
    stranger = _signed_in_player(players[0], "stranger")
    response = stranger.post(
        reverse("tournaments:withdraw_me", args=[open_tournament.pk]),
        {"player": players[1].pk, "registration": 1},
        follow=True,
    )
    assert "You are not registered for this tournament." in response.text
    assert Registration.objects.get(player=players[1]).last_round is None


def test_the_desk_shows_the_waiting_list_in_order(open_tournament, players, director_client):
    for number in range(4):
        client = _signed_in_player(players[number], f"p{number}")
        client.post(reverse("tournaments:register_me", args=[open_tournament.pk]))
    page = director_client.get(reverse("tournaments:registrations", args=[open_tournament.pk]))
    text = page.text
    assert "Waiting list" in text
    assert text.index(players[2].name) < text.index(players[3].name)


def test_the_pages_queries_do_not_grow_with_registrations(open_tournament, players, queries_of):
    client = _signed_in_player(players[0], "counted")
    client.post(reverse("tournaments:register_me", args=[open_tournament.pk]))
    page = open_tournament.get_absolute_url()
    mine = reverse("tournaments:my_registrations")
    before = (queries_of(lambda: client.get(page)), queries_of(lambda: client.get(mine)))
    for other in players[1:8]:
        Registration.objects.create(tournament=open_tournament, player=other, waiting=other.pk)
    for _ in range(3):
        t = cast.westfest(open_tournament.host_club, open_tournament.created_by)
        Registration.objects.create(tournament=t, player=players[0])
    after = (queries_of(lambda: client.get(page)), queries_of(lambda: client.get(mine)))
    assert after == before


def test_the_director_opens_online_registration_in_the_setup_form(
    tournament, club, director_client
):
    data = tournament_form(club, registration_deadline="2026-09-01T18:00", capacity=24)
    response = director_client.post(reverse("tournaments:edit", args=[tournament.pk]), data)
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert tournament.capacity == 24
    assert timezone.localtime(tournament.registration_deadline).hour == 18
    assert "Online registration" in director_client.get(response.url).text


@pytest.mark.parametrize(("language", "label"), [("cs", "E-mail:"), ("sl", "E-pošta:")])
def test_the_sign_up_page_reads_in_the_visitors_language(client, language, label):
    client.cookies["django_language"] = language
    page = client.get(reverse("clubs:signup")).content.decode()
    assert f'<label for="id_email">{label}</label>' in page
