import pytest
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import time_format

from tests.tournaments.helpers import hand_post
from tournaments import services
from tournaments.models import Hand, ScoreSheet, SheetLine

pytestmark = pytest.mark.django_db


def _hands(client, table, n):
    for i in range(n):
        table.refresh_from_db()
        client.post(
            reverse("tournaments:hand_add", args=[table.pk]),
            hand_post(table, declarer=i % 4 + 1, partner=(i + 2) % 4 + 1, declarer_points=50 + i),
        )


def test_the_dashboard_shows_each_tables_state(director_client, table1, table2):
    _hands(director_client, table1, 2)
    page = director_client.get(
        reverse("tournaments:dashboard", args=[table1.round.tournament_id])
    ).content.decode()
    assert page.count("state-playing") == 1
    assert page.count("state-waiting") == 3
    assert "2 hands" in page
    assert 'hx-trigger="every 10s"' in page


def test_the_dashboard_fragment_refreshes_alone(director_client, round1):
    url = reverse("tournaments:dashboard", args=[round1.tournament_id])
    fragment = director_client.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert "<html" not in fragment and "Table 1" in fragment


def test_dashboard_queries_do_not_grow_with_hands_or_tables(
    director_client, tournament, club, director, queries_of, django_assert_max_num_queries
):
    from clubs.models import Player

    for n in range(32):
        player = Player.objects.create(first_name=f"D{n}", last_name="Dash", home_club=club)
        services.register(tournament=tournament, player=player, checked_in=True)
    round_ = services.draw_next_round(tournament=tournament, by=director, seed=1)
    services.set_round_status(round_=round_, status="playing", by=director)
    url = reverse("tournaments:dashboard", args=[tournament.pk])
    tables = list(round_.tables.all())
    _hands(director_client, tables[0], 1)
    baseline = queries_of(lambda: director_client.get(url))
    for table in tables:
        _hands(director_client, table, 3)
    assert Hand.objects.count() == 25
    with django_assert_max_num_queries(baseline):
        director_client.get(url)


def test_results_queries_do_not_grow_with_players(
    anon_client, round1, director, queries_of, django_assert_max_num_queries
):
    url = reverse("tournaments:results", args=[round1.tournament_id])
    baseline = queries_of(lambda: anon_client.get(url))
    for table in round1.tables.all():
        sheet = ScoreSheet.objects.create(
            table=table, entered_actor="x", confirmed_by=director, confirmed_at=timezone.now()
        )
        for seat in table.seats.all():
            SheetLine.objects.create(sheet=sheet, seat=seat.number, player=seat.player, chips=100)
    with django_assert_max_num_queries(baseline):
        page = anon_client.get(url).content.decode()
    assert page.count("<strong>100</strong>") == 16


def test_the_dashboard_says_when_each_table_last_saved_a_hand(director_client, table1, table2):
    """A table whose phone has sent nothing for a while (offline, hands waiting on it)
    stands out: its last save is old, or there is none."""
    url = reverse("tournaments:dashboard", args=[table1.round.tournament_id])
    assert "last hand saved" not in director_client.get(url).content.decode()
    _hands(director_client, table1, 1)
    table1.refresh_from_db()
    table2.refresh_from_db()
    assert table1.last_save_at is not None and table2.last_save_at is None
    page = director_client.get(url).content.decode()
    assert page.count("last hand saved") == 1
    when = time_format(timezone.localtime(table1.last_save_at))
    assert f"last hand saved {when} (less than a minute ago)" in page
