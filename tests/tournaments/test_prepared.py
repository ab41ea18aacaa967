"""The judge's hot path reads its table, seats and hands by prepared queries
(tournaments/prepared.py): what they read must be what the ORM reads."""

import uuid
from decimal import Decimal

import pytest

from clubs.models import Player
from tournaments.models import (
    _SEAT_NAMES,
    _TABLE_IN_PLAY,
    Hand,
    PlayedHand,
    Round,
    Seat,
    Table,
    Tournament,
)
from tournaments.prepared import Prepared, rows_together, sends_together


def _values(instance) -> dict:
    return {f.attname: getattr(instance, f.attname) for f in type(instance)._meta.concrete_fields}


def test_a_table_in_play_is_the_table_select_related_reads(table1, django_assert_num_queries):
    tournament = table1.round.tournament
    tournament.house_rules = {**tournament.house_rules, "bench_multiplier": Decimal("1.5")}
    Tournament.objects.filter(pk=tournament.pk).update(house_rules=tournament.house_rules)
    orm = Table.objects.select_related("round__tournament").get(pk=table1.pk)
    with django_assert_num_queries(1):
        prepared = Table.in_play(table1.pk)
        round_, read = prepared.round, prepared.round.tournament
    assert _values(prepared) == _values(orm)
    assert _values(round_) == _values(orm.round)
    assert _values(read) == _values(orm.round.tournament)
    assert read.house_rules["bench_multiplier"] == Decimal("1.5")
    assert isinstance(read.house_rules["bench_multiplier"], Decimal)
    assert (prepared._state.adding, prepared._state.db) == (False, "default")
    assert not read._state.adding and round_.tournament_id == read.pk


def test_a_table_in_play_knows_its_seats_names_after_one_round_trip_where_statements_go_together(
    table1, django_assert_num_queries
):
    # PostgreSQL: the seats' names are a second statement of the table's round trip;
    # SQLite: a query of their own when asked for, as before.
    Player.objects.filter(pk=table1.seats.get(number=3).player_id).update(display_name="<Cy>")
    expected = Table.objects.get(pk=table1.pk).seat_names
    with django_assert_num_queries(1 if sends_together() else 2):
        table = Table.in_play(table1.pk)
        names = table.seat_names
    assert names == expected
    assert names[3] == "<Cy>" and list(names) == [1, 2, 3, 4]


def test_prepared_queries_read_together_are_each_what_it_reads_alone(
    table1, table2, django_assert_num_queries
):
    queries = [(_SEAT_NAMES, (table1.pk,)), (_TABLE_IN_PLAY, (table2.pk,)), (_SEAT_NAMES, (2**70,))]
    alone = [query.rows(*values) for query, values in queries]
    with django_assert_num_queries(1 if sends_together() else 2):
        together = rows_together(*queries)
    assert together == alone
    assert len(together[0]) == 4 and len(together[1]) == 1 and together[2] == []


def test_a_table_without_seats_has_no_names(table1):
    Seat.objects.filter(table=table1).delete()
    assert Table.in_play(table1.pk).seat_names == {}


def test_no_table_in_play_for_an_unknown_id(db):
    assert Table.in_play(987_654) is None


def test_a_tables_played_hands_are_what_the_orm_reads(table1, django_assert_num_queries):
    halves = {"deltas": {"1": Decimal("1.5"), "2": Decimal("-1.5"), "3": 2, "4": -2}}
    for number, deleted in ((1, False), (2, True), (3, False)):
        Hand.objects.create(
            table=table1,
            number=number,
            data={"contract": "povinost", "declarer": number},
            settlement={**halves, "lines": [{"item": "game"}]},
            deleted=deleted,
            submission=uuid.uuid4(),
        )
    with django_assert_num_queries(1):
        prepared = table1.played_hands()
    orm = [PlayedHand(*row) for row in Hand.objects.filter(table=table1).played_rows()]
    assert prepared == orm
    assert [hand.number for hand in prepared] == [1, 2, 3]
    assert [hand.deleted for hand in prepared] == [False, True, False]
    assert all(isinstance(hand.deleted, bool) for hand in prepared)
    assert isinstance(prepared[0].deltas()[1], Decimal)


def test_a_tables_seat_names_by_the_prepared_query_are_its_seats(table1, django_assert_num_queries):
    # A display name, and a name whose escaping the page relies on, both read back as stored.
    Player.objects.filter(pk=table1.seats.get(number=2).player_id).update(display_name="<Bo>")
    table = Table.objects.get(pk=table1.pk)
    with django_assert_num_queries(1):
        names = table.seat_names
    seats = Seat.objects.filter(table=table1).select_related("player").order_by("number")
    assert names == {seat.number: seat.player.name for seat in seats}
    assert names[2] == "<Bo>"


def test_a_prepared_query_must_use_each_value_once_as_a_parameter(db):
    unused = Prepared(lambda table: Round.objects.filter(pk=1).values_list("pk"))
    with pytest.raises(ValueError, match="each value once"):
        unused.rows(1)
    with pytest.raises(TypeError, match="takes 1 values, not 2"):
        Prepared(lambda table: Round.objects.filter(pk=table).values_list("pk")).rows(1, 2)
    with pytest.raises(ValueError, match="1 to 3 values"):
        Prepared(lambda: Round.objects.values_list("pk"), values=0)


def test_a_prepared_query_runs_with_each_new_value(table1, table2):
    numbers = Prepared(lambda table: Table.objects.filter(pk=table).values_list("number"))
    assert numbers.rows(table1.pk) == [[table1.number]]
    assert numbers.rows(table2.pk) == [[table2.number]]
    assert numbers.rows(987_654) == []


def test_a_tables_newest_sheets_are_read_as_the_prefetch_reads_them(
    table1, django_assert_num_queries
):
    from tournaments.models import ScoreSheet

    first = ScoreSheet.objects.create(table=table1, entered_actor="judge")
    second = ScoreSheet.objects.create(table=table1, entered_actor="judge")
    table = Table.objects.get(pk=table1.pk)
    with django_assert_num_queries(1):
        sheets = table.newest_sheets
        assert all(sheet.table is table for sheet in sheets)
    assert [sheet.pk for sheet in sheets] == [second.pk, first.pk]
    assert [_values(sheet) for sheet in sheets] == [
        _values(sheet) for sheet in Table.objects.with_play().get(pk=table1.pk).newest_sheets
    ]
    assert not any(sheet.confirmed for sheet in sheets)


def test_the_sheets_beside_a_table_are_those_of_the_others_of_its_round_in_play(
    table1, table2, rf, judge
):
    from django.contrib.sessions.backends.db import SessionStore

    from tournaments.models import ScoreSheet
    from tournaments.progress import sheets_to_confirm, sheets_to_confirm_beside

    request = rf.get("/")
    request.user, request.session = judge, SessionStore()
    for table in (table1, table2):
        ScoreSheet.objects.create(table=table, entered_actor="judge")
        table.round.status = "playing"
        table.round.save()

    def beside(table):
        return [state.table.pk for state in sheets_to_confirm_beside(request, table)]

    def generic(table):
        states = sheets_to_confirm(request, [table.round_id], exclude=[table.pk])
        return [state.table.pk for state in states]

    assert beside(table1) == generic(table1) == [table2.pk]
    assert beside(table2) == generic(table2) == [table1.pk]
    Round.objects.filter(pk=table1.round_id).update(status="closed")
    assert beside(table1) == generic(table1) == []


@pytest.mark.parametrize("table_id", [2**63, 2**70])
def test_a_table_id_beyond_the_databases_integers_is_no_table(judge_client, table1, table_id):
    assert Table.in_play(table_id) is None
    assert judge_client.get(f"/tables/{table_id}/").status_code == 404
    assert judge_client.post(f"/tables/{table_id}/hands/", {"action": "save"}).status_code == 404
    assert judge_client.get(f"/tables/{table_id}/hands/1/history/").status_code == 404
