"""The director's screen of a tournament's online registration (the registration desk):
who registered, the waiting list in its order, the cap and the deadline; the director
gives a place to one waiting or withdraws him. Of the host club's director (and the
federation) only."""

import pytest
from django.urls import reverse

from accounts import roles
from clubs.permissions import grant
from tests import cast
from tournaments import services
from tournaments.models import AuditEntry, Registration

pytestmark = pytest.mark.django_db


@pytest.fixture
def signed_up(open_tournament, players):
    """Five players signed up online for two places: three wait, in order."""
    return [
        services.register_online(tournament=open_tournament, player=p, by=_account(p, i))
        for i, p in enumerate(players[:5])
    ]


def _account(player, number):
    player.account = cast.user(f"player{number}", None)
    player.save()
    return player.account


@pytest.fixture
def club_director(club):
    account = cast.user("carl-director", None)
    grant(account, roles.CLUB_DIRECTOR, club)
    return account


def _page(client, tournament) -> str:
    response = client.get(reverse("tournaments:registrations", args=[tournament.pk]))
    assert response.status_code == 200
    return response.content.decode()


def test_the_director_sees_the_cap_the_deadline_and_the_waiting_list_in_order(
    open_tournament, signed_up, club_director
):
    client = cast.client_for(club_director)
    page = _page(client, open_tournament)
    assert "2 places, 0 left" in page and "3 waiting" in page and "open until" in page
    waiting = page[page.index('id="waiting-list"') :]
    names = [r.player.name for r in signed_up[2:]]
    assert waiting.index(names[0]) < waiting.index(names[1]) < waiting.index(names[2])
    dashboard = client.get(reverse("tournaments:dashboard", args=[open_tournament.pk]))
    assert reverse("tournaments:registrations", args=[open_tournament.pk]) in (
        dashboard.content.decode()
    )


def test_the_director_gives_a_place_to_one_waiting_and_the_rest_keep_their_order(
    open_tournament, signed_up, club_director
):
    third, fourth, fifth = signed_up[2:]
    response = cast.client_for(club_director).post(
        reverse("tournaments:registration_update", args=[fourth.pk]), {"action": "promote"}
    )
    assert response.status_code == 302
    fourth.refresh_from_db()
    assert fourth.waiting is None
    order = Registration.objects.filter(tournament=open_tournament, waiting__isnull=False)
    assert list(order.order_by("waiting")) == [third, fifth]
    assert AuditEntry.objects.filter(action="promote", actor=club_director).exists()


def test_withdrawing_a_placed_player_moves_the_first_one_waiting_up(
    open_tournament, signed_up, club_director
):
    first, _second, third, *_ = signed_up
    cast.client_for(club_director).post(
        reverse("tournaments:registration_update", args=[first.pk]), {"action": "withdraw"}
    )
    third.refresh_from_db()
    assert third.waiting is None


def test_giving_a_place_to_one_not_waiting_is_refused_in_words(
    open_tournament, signed_up, club_director
):
    client = cast.client_for(club_director)
    response = client.post(
        reverse("tournaments:registration_update", args=[signed_up[0].pk]),
        {"action": "promote"},
        follow=True,
    )
    assert "is not on the waiting list" in response.content.decode()


def test_another_clubs_director_a_judge_and_a_visitor_are_kept_out(
    open_tournament, signed_up, judge, anon_client
):
    foreign = cast.user("felix-director", None)
    grant(foreign, roles.CLUB_DIRECTOR, cast.other_club())
    waiting = signed_up[3]
    for client, refused in ((cast.client_for(foreign), 403), (cast.client_for(judge), 403)):
        assert (
            client.get(reverse("tournaments:registrations", args=[open_tournament.pk])).status_code
            == refused
        )
        url = reverse("tournaments:registration_update", args=[waiting.pk])
        assert client.post(url, {"action": "promote"}).status_code == refused
    anonymous = anon_client.get(reverse("tournaments:registrations", args=[open_tournament.pk]))
    assert anonymous.status_code == 302 and reverse("login") in anonymous.url
    waiting.refresh_from_db()
    assert waiting.waiting is not None
