"""Merging two records of one person: history moves, undo restores, refusals in words."""

import datetime
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from accounts import roles
from clubs.models import Membership, Player, PlayerMerge, Season
from clubs.permissions import grant
from tests import cast
from tournaments.models import AuditEntry, Bye, Registration, ScoreSheet, Seat, SheetLine
from tournaments.services import TournamentError
from tournaments.services.players import confirm_merge, merge_players, unmerge

pytestmark = pytest.mark.django_db


@pytest.fixture
def federation(db):
    return cast.user("fiona-federation", roles.DIRECTORS)


@pytest.fixture
def keep(club) -> Player:
    """A second record of P01 Player01, made at another club, with no tournaments."""
    other = cast.other_club()
    kept = Player.objects.create(first_name="P01", last_name="Player01", home_club=other)
    Membership.objects.create(player=kept, club=club, date_from="2020-01-01")
    return kept


def _owners() -> dict[tuple[str, int], int]:
    """Every reference to a player: (model, row) → player."""
    rows = {}
    for model in (Registration, Seat, Bye, SheetLine, Membership):
        for pk, player in model.objects.values_list("pk", "player"):
            rows[(model.__name__, pk)] = player
    return rows


def _membership(player, club, start, end=None) -> Membership:
    return Membership.objects.create(player=player, club=club, date_from=start, date_to=end)


def test_merge_moves_the_history_and_audits_it(round1, players, keep, club, federation):
    duplicate = players[0]
    _membership(duplicate, club, "2020-01-01")  # kept already has it: stays behind
    _membership(duplicate, keep.home_club, "2019-01-01")  # kept lacks it: moves
    merge = merge_players(keep, duplicate, federation)
    assert not duplicate.registrations.exists() and not duplicate.seats.exists()
    assert list(duplicate.memberships.values_list("club", flat=True)) == [club.pk]
    assert keep.registrations.get().tournament == round1.tournament
    assert keep.seats.count() == 1
    assert set(keep.memberships.values_list("club", "date_from")) == {
        (club.pk, datetime.date(2020, 1, 1)),
        (keep.home_club_id, datetime.date(2019, 1, 1)),
    }
    duplicate.refresh_from_db()
    assert duplicate.merged_into == keep and not duplicate.active
    assert merge.state == PlayerMerge.State.MERGED
    entry = AuditEntry.objects.get(tournament=round1.tournament, action="player merged")
    assert entry.actor == federation and "P01 Player01" in entry.detail


def test_unmerge_restores_exactly(round1, players, keep, club, federation, director):
    _counted(players[0], director)
    _membership(players[0], club, "2020-01-01")
    _membership(players[0], club, "2018-01-01", "2018-12-31")
    before = _owners()
    merge = merge_players(keep, players[0], federation)
    assert _owners() != before
    unmerge(merge, federation)
    assert _owners() == before
    players[0].refresh_from_db()
    assert players[0].merged_into is None and players[0].active
    merge.refresh_from_db()
    assert merge.state == PlayerMerge.State.UNDONE and merge.closed_by == federation
    assert AuditEntry.objects.filter(action="player unmerged").count() == 1


def test_a_confirmed_merge_is_final(players, keep, federation):
    merge = merge_players(keep, players[0], federation)
    confirm_merge(merge, federation)
    with pytest.raises(TournamentError, match="confirmed: it is final"):
        unmerge(merge, federation)
    with pytest.raises(TournamentError, match="already merged"):
        merge_players(keep, players[0], federation)


def test_refusals_in_words(round1, players, keep, federation, club):
    with pytest.raises(TournamentError, match="cannot be merged into himself"):
        merge_players(keep, keep, federation)
    with pytest.raises(TournamentError, match="both played in Westfest Tarock"):
        merge_players(players[0], players[1], federation)
    merge = merge_players(keep, players[0], federation)
    with pytest.raises(TournamentError, match="merge into that one"):
        merge_players(players[0], keep, federation)
    unmerge(merge, federation)
    with pytest.raises(TournamentError, match="already undone"):
        confirm_merge(merge, federation)
    club_director = cast.user("carl-director", None)
    grant(club_director, roles.CLUB_DIRECTOR, club)
    with pytest.raises(TournamentError, match="Only the federation"):
        merge_players(keep, players[0], club_director)


def _counted(player, director) -> None:
    """The confirmed sheet of the player's table in round 1: his history has a round."""
    table = player.seats.get().table
    sheet = ScoreSheet.objects.create(
        table=table, entered_actor="x", confirmed_by=director, confirmed_at=timezone.now()
    )
    for seat in table.seats.all():
        SheetLine.objects.create(sheet=sheet, seat=seat.number, player=seat.player, chips=100)


def test_the_kept_page_shows_the_merged_history(round1, players, keep, federation, director):
    _counted(players[0], director)
    client = cast.client_for(federation)
    assert "Westfest Tarock" not in client.get(keep.get_absolute_url()).content.decode()
    response = client.post(
        reverse("tournaments:player_merge"), {"keep": keep.pk, "duplicate": players[0].pk}
    )
    assert response.url == keep.get_absolute_url()
    page = client.get(keep.get_absolute_url()).content.decode()
    assert "Westfest Tarock" in page
    assert "SPJST Lodge 88" in page  # the membership it had
    assert "Undo the merge" in page and "Confirm the merge" in page
    merged_page = client.get(players[0].get_absolute_url()).content.decode()
    assert "This record is merged into" in merged_page
    listed = client.get(reverse("clubs:player_list"), {"q": "Player01"}).content.decode()
    assert players[0].get_absolute_url() not in listed


def test_a_refused_merge_says_why_on_the_duplicates_page(round1, players, federation):
    client = cast.client_for(federation)
    response = client.post(
        reverse("tournaments:player_merge"),
        {"keep": players[0].pk, "duplicate": players[1].pk},
        follow=True,
    )
    assert "both played in Westfest Tarock" in response.content.decode()
    assert not PlayerMerge.objects.exists()


def test_player_page_queries_do_not_grow_with_merges(
    players, keep, federation, queries_of, django_assert_max_num_queries
):
    client = cast.client_for(federation)
    url = keep.get_absolute_url()
    merge_players(keep, players[0], federation)
    baseline = queries_of(lambda: client.get(url))
    for _ in range(5):
        unrelated = Player.objects.create(first_name="X", last_name="Y", home_club=keep.home_club)
        merge_players(keep, unrelated, federation)
    with django_assert_max_num_queries(baseline):
        client.get(url)


def test_the_kept_page_names_the_club_of_each_season(players, keep, club, federation):
    Season.objects.create(name="Season 2019", start_date="2019-03-01", end_date="2019-12-31")
    Season.objects.create(name="Season 2021", start_date="2021-03-01", end_date="2021-12-31")
    Season.objects.create(name="Season 2010", start_date="2010-03-01", end_date="2010-12-31")
    _membership(players[0], keep.home_club, "2018-01-01", "2020-12-31")
    merge_players(keep, players[0], federation)
    page = cast.client_for(federation).get(keep.get_absolute_url()).content.decode()
    seasons = page.split("Club by season")[1]
    assert re.search(r"Season 2019</a></td><td><a [^>]*>Tarokový klub Břeclav<", seasons)
    assert re.search(r"Season 2021</a></td><td><a [^>]*>SPJST Lodge 88<", seasons)
    season = Season.objects.get(name="Season 2019")
    # Each season opens its leaderboard at the player's page of it.
    assert f"/seasons/{season.pk}/leaderboard/?player={keep.pk}#found" in seasons
    assert "Season 2010" not in seasons  # no membership in force then
