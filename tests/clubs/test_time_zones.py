"""A signed-in person reads times in their own club's zone (clubs/time_zones.py): a
Ljubljana desk read its check-ins in Chicago's time, six hours behind (found at the desk
in Czech at 360 px); a visitor and the federation read the site's `TIME_ZONE`."""

import datetime

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from clubs.models import Club, ClubRole, Player
from clubs.time_zones import SESSION_KEY, zone_of
from tests import cast
from tournaments import services
from tournaments.models import Registration

pytestmark = pytest.mark.django_db

# Checked in at 10:47 UTC on 27 Nov 2026: 11:47 in Ljubljana (CET), 4:47 in Chicago (CST).
CHECKED_IN = datetime.datetime(2026, 11, 27, 10, 47, tzinfo=datetime.UTC)


def test_a_zone_is_the_one_its_clubs_countries_keep():
    assert zone_of({"SI"}) == "Europe/Ljubljana"
    assert zone_of({"cz", "CZ"}) == "Europe/Prague"
    assert zone_of({"US"}) == "America/Chicago"
    assert zone_of({"US", "SI"}) is None  # clubs on two continents: the site's
    assert zone_of({"XX"}) is None and zone_of(set()) is None


@pytest.fixture
def desk():
    """A Slovenian club's tournament with one player checked in at CHECKED_IN."""
    ljubljana = Club.objects.create(name="Tarok Ljubljana", short_name="TL", country="SI")
    federation = cast.user(*cast.DIRECTOR)
    tournament = services.create_tournament(
        by=federation, ruleset="si_double", name="Jesenski turnir",
        date=datetime.date(2026, 11, 27), host_club=ljubljana, rounds_planned=2,
        hands_per_round=12,
    )  # fmt: skip
    player = Player.objects.create(first_name="Janez", last_name="Novak", home_club=ljubljana)
    registration = services.register(tournament=tournament, player=player, checked_in=True)
    Registration.objects.filter(pk=registration.pk).update(registered_at=CHECKED_IN)
    return tournament, ljubljana, federation


def _signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _desk_page(client, tournament) -> str:
    client.cookies["django_language"] = "sl"
    return client.get(reverse("tournaments:registrations", args=[tournament.pk])).content.decode()


def test_a_clubs_director_reads_the_desks_times_in_the_clubs_zone(desk):
    tournament, ljubljana, _federation = desk
    director = get_user_model().objects.create_user("mojca", password="x" * 12)
    ClubRole.objects.create(user=director, club=ljubljana, role=ClubRole.Role.DIRECTOR)
    client = _signed_in(director)
    assert client.session[SESSION_KEY] == "Europe/Ljubljana"
    page = _desk_page(client, tournament)
    assert "11:47" in page and "4:47" not in page


def test_the_federation_and_a_player_of_no_club_read_the_sites_zone(desk, settings):
    tournament, _ljubljana, federation = desk
    assert settings.TIME_ZONE == "America/Chicago"
    client = _signed_in(federation)
    assert SESSION_KEY not in client.session
    page = _desk_page(client, tournament)
    assert "4:47" in page and "11:47" not in page


def test_a_player_account_reads_its_home_clubs_zone(desk):
    _tournament, _ljubljana, _federation = desk
    account = get_user_model().objects.create_user("janez", password="x" * 12)
    Player.objects.filter(last_name="Novak").update(account=account)
    assert _signed_in(account).session[SESSION_KEY] == "Europe/Ljubljana"


def test_a_zone_forged_into_the_session_is_not_taken(desk):
    tournament, _ljubljana, federation = desk
    client = _signed_in(federation)
    session = client.session
    session[SESSION_KEY] = "Mars/Olympus_Mons"
    session.save()
    page = _desk_page(client, tournament)
    assert "4:47" in page
