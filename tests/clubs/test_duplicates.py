"""The federation's page of possible duplicate players."""

import pytest
from django.urls import reverse

from accounts import roles
from clubs import views
from clubs.models import Club, Membership, Player
from clubs.permissions import grant
from tests import cast

pytestmark = pytest.mark.django_db
URL = reverse("clubs:player_duplicates")


@pytest.fixture
def federation_client():
    return cast.client_for(cast.user("fiona-federation", roles.DIRECTORS))


def _player(club, first, last, **fields) -> Player:
    return Player.objects.create(first_name=first, last_name=last, home_club=club, **fields)


def test_same_name_across_accents_and_case_is_a_candidate(federation_client, club):
    other = cast.other_club()
    kept = _player(club, "Jan", "Čermák", birth_year=1970)
    _player(other, "JAN", "Cermak", birth_year=1970)
    _player(other, "Jan", "Čermák", birth_year=1985)  # a namesake: another birth year
    page = federation_client.get(URL).content.decode()
    assert page.count("<td>same name</td>") == 1
    assert kept.get_absolute_url() in page


def test_same_member_number_in_a_shared_club_is_a_candidate(federation_client, club):
    other = cast.other_club()
    _player(club, "Eva", "Nová", member_number="17")
    moved = _player(other, "Eva", "Novotná", member_number="17")
    _player(other, "Ivo", "Malý", member_number="18")
    Membership.objects.create(player=moved, club=club, date_from="2020-01-01")
    page = federation_client.get(URL).content.decode()
    assert page.count("<td>same member number</td>") == 1
    assert "Novotná" in page and "Malý" not in page


def test_the_players_list_links_the_page_for_the_federation_only(federation_client, club):
    club_director = cast.user("carl-director", None)
    grant(club_director, roles.CLUB_DIRECTOR, club)
    players_page = reverse("clubs:player_list")
    assert URL in federation_client.get(players_page).content.decode()
    assert URL not in cast.client_for(club_director).get(players_page).content.decode()


def test_queries_do_not_grow_with_players(
    federation_client, club, queries_of, django_assert_max_num_queries
):
    _player(club, "Jan", "Novák")
    _player(club, "Jan", "Novak")
    baseline = queries_of(lambda: federation_client.get(URL))
    other = Club.objects.create(name="Other", short_name="O", country="SI")
    for n in range(20):
        a = _player(club, f"P{n}", "Same", member_number=f"a{n}")
        _player(other, f"p{n}", "same", member_number=f"b{n}")
        Membership.objects.create(player=a, club=other, date_from="2021-01-01")
    with django_assert_max_num_queries(baseline):
        page = federation_client.get(URL).content.decode()
    assert page.count("<td>same name</td>") == 21


def test_the_pairs_are_paged(federation_client, club, monkeypatch):
    monkeypatch.setattr(views, "DUPLICATES_PAGE", 2)
    for n in range(3):
        _player(club, f"Jan{n}", "Novák", birth_year=1970)
        _player(club, f"JAN{n}", "Novak", birth_year=1970)
    first = federation_client.get(URL)
    assert (
        len(first.context["pairs"]) == 2 and 'href="?page=2" rel="next"' in first.content.decode()
    )
    last = federation_client.get(URL, {"page": 2})
    assert [(k.first_name, d.first_name) for k, d, _ in last.context["pairs"]] == [("Jan2", "JAN2")]
    assert "Page 2 of 2" in last.content.decode()
