"""The stored ratings (tournaments/rating_store.py) and `manage.py ratings`: built as
tournaments finish, the same as a rebuild from scratch, undone by a reopen."""

import json
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.db import connection
from django.db.models import Count
from django.test.utils import CaptureQueriesContext

from clubs.models import Player
from scoring.ratings import family_of
from tournaments import services
from tournaments.models import Seat, SheetLine
from tournaments.rating_models import Rating, RatingChange
from tournaments.rating_store import rebuild_ratings
from tournaments.services.players import merge_players, unmerge

pytestmark = pytest.mark.django_db


@pytest.fixture
def history(simulated_history):
    return simulated_history


def _stored() -> dict:
    return {
        (r.family, r.player_id): (r.mu, r.sigma, r.ordinal, r.events, r.last_played)
        for r in Rating.objects.all()
    }


def _changes() -> list:
    return list(
        RatingChange.objects.order_by("family", "sequence", "player_id").values_list(
            "family", "sequence", "player_id", "table_id", "mu", "sigma"
        )
    )


def test_ratings_added_as_tournaments_finish_are_those_of_a_rebuild(history):
    added, history_added = _stored(), _changes()
    assert added

    rebuild_ratings()

    assert _stored() == added
    assert _changes() == history_added


def test_each_player_is_rated_once_per_table_played(history):
    tables = (
        SheetLine.objects.filter(sheet__confirmed_at__isnull=False)
        .values("player_id", "sheet__table__round__tournament__ruleset")
        .annotate(tables=Count("id"))
    )
    played: dict = {}
    for row in tables:
        key = (family_of(row["sheet__table__round__tournament__ruleset"]), row["player_id"])
        played[key] = played.get(key, 0) + row["tables"]

    assert {key: value[3] for key, value in _stored().items()} == played


def test_a_reopened_tournament_leaves_the_ratings_until_finished_again(history):
    before = _stored()
    first = history[0]
    director = get_user_model().objects.get(username="sim-director")

    services.reopen_tournament(tournament=first, by=director, reason="a sheet was wrong")

    family = family_of(first.ruleset)
    assert not RatingChange.objects.filter(tournament=first).exists()
    assert _stored() != before
    others = {key: value for key, value in before.items() if key[0] != family}
    assert {key: value for key, value in _stored().items() if key[0] != family} == others

    services.finish_tournament(tournament=first, by=director)

    assert _stored() == before


def test_a_tournament_reopened_and_finished_late_rates_as_a_rebuild(history):
    """The first tournament of the history leaves the ratings and comes back after all
    the others were rated: each time only the tables after it are rated again, and the
    stored ratings and their history are what a rebuild from scratch gives."""
    first = history[0]
    director = get_user_model().objects.get(username="sim-director")

    services.reopen_tournament(tournament=first, by=director, reason="a sheet was wrong")
    replayed, replayed_history = _stored(), _changes()
    rebuild_ratings()
    assert (_stored(), _changes()) == (replayed, replayed_history)

    services.finish_tournament(tournament=first, by=director)
    replayed, replayed_history = _stored(), _changes()
    rebuild_ratings()
    assert (_stored(), _changes()) == (replayed, replayed_history)


def test_a_late_finish_reads_a_fixed_number_of_queries(history):
    first = history[0]
    director = get_user_model().objects.get(username="sim-director")
    services.reopen_tournament(tournament=first, by=director, reason="a sheet was wrong")
    # The finish's own, its statistics' and places', and the ratings' replay (about ten).
    with CaptureQueriesContext(connection) as finish:
        services.finish_tournament(tournament=first, by=director)
    replay = [q for q in finish.captured_queries if "rating" in q["sql"].lower()]
    assert len(replay) <= 10, [q["sql"][:80] for q in replay]


def test_a_rebuild_reads_a_fixed_number_of_queries(history, django_assert_max_num_queries):
    # Four families, about five statements each (a read, two deletes, two inserts), and
    # the transaction's: the same however many tournaments are rated.
    with django_assert_max_num_queries(24):
        rebuild_ratings()


def test_the_command_prints_a_game_best_first_as_json(history):
    out = StringIO()

    call_command("ratings", rebuild=True, game="spjst", json=True, stdout=out)

    rows = json.loads(out.getvalue())
    assert rows
    assert set(rows[0]) >= {"player", "mu", "sigma", "ordinal", "events"}
    ordinals = [row["ordinal"] for row in rows]
    assert ordinals == sorted(ordinals, reverse=True)
    assert all(row["ordinal"] == pytest.approx(row["mu"] - 3 * row["sigma"]) for row in rows)


def test_the_command_refuses_an_unknown_game():
    with pytest.raises(CommandError, match=r"Unknown game 'chess'.*spjst"):
        call_command("ratings", game="chess")


def test_the_command_asks_for_something_to_do():
    with pytest.raises(CommandError, match="--rebuild"):
        call_command("ratings")


def test_the_player_page_charts_each_games_rating(history, client):
    rating = Rating.objects.order_by("-events").first()
    families = set(Rating.objects.filter(player=rating.player).values_list("family", flat=True))

    page = client.get(rating.player.get_absolute_url()).content.decode()

    assert 'aria-labelledby="rating-chart-title"' in page
    chart = page[page.index('id="rating-chart-title"') : page.index('id="rating-chart-legend"')]
    assert chart.count("<polyline") == len(families)


def test_a_merge_rates_the_kept_player_with_both_records_tables_and_an_unmerge_undoes_it(
    history,
):
    director = get_user_model().objects.get(username="sim-director")
    tournaments_of = {}
    for player_id, tournament_id in Seat.objects.values_list("player_id", "round__tournament_id"):
        tournaments_of.setdefault(player_id, set()).add(tournament_id)
    keep, duplicate = next(
        (Player.objects.get(pk=a), Player.objects.get(pk=b))
        for a in sorted(tournaments_of)
        for b in sorted(tournaments_of)
        if a < b and not tournaments_of[a] & tournaments_of[b]
    )
    before = _stored()
    tables = {
        family: sum(before.get((family, p.pk), (0, 0, 0, 0))[3] for p in (keep, duplicate))
        for family in {key[0] for key in before}
    }

    merge = merge_players(keep, duplicate, director)

    after = _stored()
    assert not any(key[1] == duplicate.pk for key in after)
    assert {f: after[(f, keep.pk)][3] for f in tables if tables[f]} == {
        f: n for f, n in tables.items() if n
    }
    unmerge(merge, director)
    assert _stored() == before


def test_the_player_page_reads_as_many_queries_however_long_the_history(
    history, client, django_assert_max_num_queries
):
    by_tables = Rating.objects.order_by("events")
    short, long = by_tables.first().player, by_tables.last().player
    with CaptureQueriesContext(connection) as few:
        client.get(short.get_absolute_url())

    with django_assert_max_num_queries(len(few.captured_queries)):
        client.get(long.get_absolute_url())


def test_the_finish_bench_leaves_the_history_as_it_found_it(history):
    from tests.test_bench_inputs import _bench_module
    from tournaments.models import Tournament

    bench = _bench_module("finish_at_scale")
    ratings = sorted(Rating.objects.values_list("player_id", "family", "mu", "sigma", "events"))
    director = get_user_model().objects.get(username="sim-director")
    tournament = history[0]

    reopen, finish = bench.reopen_and_finish(tournament, director)

    assert reopen > 0 and finish > 0
    assert Tournament.objects.get(pk=tournament.pk).status == Tournament.Status.FINISHED
    assert (
        sorted(Rating.objects.values_list("player_id", "family", "mu", "sigma", "events"))
        == ratings
    )
