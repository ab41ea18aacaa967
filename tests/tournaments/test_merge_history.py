"""The federation's merge history (tournaments:player_merges): every merge with who made
it and who closed it, an open one undone or confirmed from the list; reached from the
duplicates page; nobody else's."""

import pytest
from django.urls import reverse

from accounts import roles
from clubs.models import Player, PlayerMerge
from clubs.permissions import grant
from tests import cast
from tournaments.services.players import merge_players

pytestmark = pytest.mark.django_db


@pytest.fixture
def federation(db):
    return cast.user("fiona-federation", roles.DIRECTORS)


def _merge(club, federation, first: str) -> PlayerMerge:
    kept = Player.objects.create(first_name=first, last_name="Nová", home_club=club)
    duplicate = Player.objects.create(first_name=first, last_name="Nova", home_club=club)
    return merge_players(kept, duplicate, federation)


def test_the_history_lists_every_merge_with_its_actions(club, federation):
    open_merge = _merge(club, federation, "Eva")
    closed = _merge(club, federation, "Jana")
    client = cast.client_for(federation)
    client.post(reverse("tournaments:player_merge_confirm", args=[closed.pk]))
    duplicates = client.get(reverse("clubs:player_duplicates")).content.decode()
    assert reverse("tournaments:player_merges") in duplicates
    page = client.get(reverse("tournaments:player_merges")).content.decode()
    assert "Eva Nova" in page and "Jana Nova" in page and "Confirmed" in page
    assert reverse("tournaments:player_unmerge", args=[open_merge.pk]) in page
    assert reverse("tournaments:player_unmerge", args=[closed.pk]) not in page


def test_undoing_from_the_history_restores_the_record(club, federation):
    merge = _merge(club, federation, "Eva")
    client = cast.client_for(federation)
    response = client.post(reverse("tournaments:player_unmerge", args=[merge.pk]))
    assert response.status_code == 302
    merge.refresh_from_db()
    assert merge.state == PlayerMerge.State.UNDONE
    assert Player.objects.get(pk=merge.duplicate_id).merged_into is None
    assert "Undone" in client.get(reverse("tournaments:player_merges")).content.decode()


def test_directors_judges_and_visitors_are_kept_out(club, federation, judge, anon_client):
    merge = _merge(club, federation, "Eva")
    director = cast.user("carl-director", None)
    grant(director, roles.CLUB_DIRECTOR, club)
    for account in (director, judge):
        client = cast.client_for(account)
        assert client.get(reverse("tournaments:player_merges")).status_code == 403
        assert (
            client.post(reverse("tournaments:player_unmerge", args=[merge.pk])).status_code == 403
        )
    assert anon_client.get(reverse("tournaments:player_merges")).status_code == 302
    merge.refresh_from_db()
    assert merge.state == PlayerMerge.State.MERGED


def test_the_history_asks_no_more_queries_with_more_merges(
    club, federation, queries_of, django_assert_max_num_queries
):
    client = cast.client_for(federation)
    url = reverse("tournaments:player_merges")
    _merge(club, federation, "Eva")
    baseline = queries_of(lambda: client.get(url))
    for name in ("Jana", "Petra", "Olga", "Zora"):
        _merge(club, federation, name)
    with django_assert_max_num_queries(baseline):
        client.get(url)
