"""The stored player statistics (tournaments/player_stats.py), `manage.py player_stats`
and the player page's section: counted as tournaments finish, the same as a rebuild,
undone by a reopen, recounted by a merge, and read without the hands."""

import json
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from clubs.models import Player
from scoring.hand_stats import tally_table
from tournaments import services
from tournaments.models import Hand, Seat
from tournaments.player_stats import rebuild_player_stats, statistics_for
from tournaments.services.players import merge_players, unmerge
from tournaments.stats_models import PlayerStats

pytestmark = pytest.mark.django_db


@pytest.fixture
def history(simulated_history):
    return simulated_history


def _stored() -> set:
    fields = ("tables", "hands", "total", "declared", "declared_won", "announced", "penalties")
    return set(PlayerStats.objects.values_list("player_id", "tournament_id", *fields))


def test_figures_counted_as_tournaments_finish_are_those_of_a_rebuild(history):
    counted = _stored()
    assert len(counted) == Seat.objects.values("player", "round__tournament").distinct().count()

    rebuild_player_stats()

    assert _stored() == counted


def test_a_players_figures_are_those_of_his_hands(history):
    row = PlayerStats.objects.filter(hands__gt=0).order_by("-declared", "pk").first()
    seats = Seat.objects.filter(player=row.player, round__tournament=row.tournament)
    tables, hands, declared = 0, 0, 0
    for seat in seats:
        recorded = [
            (hand.data, hand.settlement)
            for hand in Hand.objects.filter(table=seat.table, deleted=False).order_by("number")
        ]
        players = {s.number: s.player_id for s in seat.table.seats.all()}
        tally = tally_table(recorded, players)[row.player_id]
        tables, hands, declared = (
            tables + tally.tables,
            hands + tally.hands,
            declared + tally.declared,
        )

    assert (row.tables, row.hands, row.declared) == (tables, hands, declared)
    assert row.tables == seats.count() and row.declared > 0


def test_a_reopened_tournament_leaves_the_figures_until_finished_again(history):
    before = _stored()
    first = history[0]
    director = get_user_model().objects.get(username="sim-director")

    services.reopen_tournament(tournament=first, by=director, reason="a sheet was wrong")

    assert not PlayerStats.objects.filter(tournament=first).exists()
    services.finish_tournament(tournament=first, by=director)
    assert _stored() == before


def test_a_merge_counts_the_duplicates_tournaments_for_the_kept_player_and_unmerge_undoes_it(
    history,
):
    director = get_user_model().objects.get(username="sim-director")
    tournaments_of: dict = {}
    for player_id, tournament_id in Seat.objects.values_list("player_id", "round__tournament_id"):
        tournaments_of.setdefault(player_id, set()).add(tournament_id)
    keep, duplicate = next(
        (Player.objects.get(pk=a), Player.objects.get(pk=b))
        for a in sorted(tournaments_of)
        for b in sorted(tournaments_of)
        if a < b and not tournaments_of[a] & tournaments_of[b]
    )
    before = _stored()

    merge = merge_players(keep, duplicate, director)

    kept = set(PlayerStats.objects.filter(player=keep).values_list("tournament_id", flat=True))
    assert kept == tournaments_of[keep.pk] | tournaments_of[duplicate.pk]
    assert not PlayerStats.objects.filter(player=duplicate).exists()
    unmerge(merge, director)
    assert _stored() == before


def test_statistics_for_gives_each_game_over_all_seasons_and_season_by_season(history):
    player = PlayerStats.objects.order_by("-hands").first().player
    rows = PlayerStats.objects.filter(player=player)

    games = statistics_for(player)

    assert {game["game"] for game in games} == {r.tournament.ruleset for r in rows}
    assert sum(game["all"]["hands"] for game in games) == sum(r.hands for r in rows)
    for game in games:
        assert sum(s["tables"] for s in game["seasons"]) == game["all"]["tables"]
    json.dumps(games)  # plain data, ready for the API


def test_the_command_rebuilds_and_prints_a_player(history):
    player = PlayerStats.objects.first().player
    out = StringIO()

    call_command("player_stats", rebuild=True, player=player.pk, stdout=out)

    text = out.getvalue()
    assert "player-tournament rows counted" in text
    assert json.loads(text[text.index("[") :]) == statistics_for(player)


def test_the_command_asks_for_something_to_do():
    with pytest.raises(CommandError, match="--rebuild"):
        call_command("player_stats")


@pytest.mark.parametrize(
    ("language", "heading"),
    [("en", "Statistics from the hands"), ("cs", "Statistiky z her"), ("sl", "Statistika iger")],
)
def test_the_player_page_shows_the_figures_in_each_language(history, client, language, heading):
    row = PlayerStats.objects.order_by("-declared", "pk").first()
    figures = statistics_for(row.player)
    client.cookies["django_language"] = language

    page = client.get(row.player.get_absolute_url()).content.decode()

    section = page[page.index(heading) :]
    first = figures[0]["all"]
    assert f"{first['declared_won']}/{first['declared']}" in section
    assert f"{first['announced_won']}/{first['announced']}" in section


def test_the_player_page_reads_the_figures_in_as_many_queries_however_many_tournaments(
    history, client, django_assert_max_num_queries
):
    counted = Player.objects.filter(stats__isnull=False).distinct()
    by_rows = sorted(counted, key=lambda p: p.stats.count())
    short, long = by_rows[0], by_rows[-1]
    assert long.stats.count() > short.stats.count()
    with CaptureQueriesContext(connection) as few:
        client.get(short.get_absolute_url())

    with django_assert_max_num_queries(len(few.captured_queries)):
        client.get(long.get_absolute_url())


def test_the_api_gives_the_figures_the_player_page_shows(history, client):
    from django.urls import reverse

    row = PlayerStats.objects.filter(declared__gt=0).order_by("pk").first()
    answer = client.get(reverse("api:player_statistics", args=[row.player_id]))
    assert answer.status_code == 200
    data = answer.json()
    assert data["player"] == row.player_id
    assert json.loads(json.dumps(statistics_for(row.player), default=str)) == data["games"]
    assert client.get(reverse("api:player_statistics", args=[999999])).status_code == 404
