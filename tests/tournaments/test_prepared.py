"""The judge's hot path reads its table, seats and hands by prepared queries
(tournaments/prepared.py): what they read must be what the ORM reads."""

import contextlib
import itertools
import re
import uuid
from decimal import Decimal

import pytest
from django.db import connection

from clubs.models import Player
from tournaments.models import (
    _SEAT_NAMES,
    _TABLE_IN_PLAY,
    PLAYED_HANDS,
    Hand,
    PlayedHand,
    Round,
    Seat,
    Table,
    Tournament,
)
from tournaments.prepared import Prepared, fetched_together, rows_together, sends_together


@pytest.fixture
def pipelines(monkeypatch) -> list[int]:
    """The pipelines sent to PostgreSQL (statements sent together, one round trip each),
    each as the number of statements it carried; none elsewhere."""
    sent: list[int] = []
    if connection.vendor == "postgresql":
        import psycopg

        original = psycopg.Connection.pipeline

        @contextlib.contextmanager
        def counted(driver, *args, **kwargs):
            before = len(connection.queries_log)
            with original(driver, *args, **kwargs) as pipeline:
                yield pipeline
            sent.append(len(connection.queries_log) - before)

        monkeypatch.setattr(psycopg.Connection, "pipeline", counted)
    return sent


def _values(instance) -> dict:
    return {f.attname: getattr(instance, f.attname) for f in type(instance)._meta.concrete_fields}


def test_a_table_in_play_is_the_table_select_related_reads(table1, django_assert_num_queries):
    tournament = table1.round.tournament
    tournament.house_rules = {**tournament.house_rules, "bench_multiplier": Decimal("1.5")}
    Tournament.objects.filter(pk=tournament.pk).update(house_rules=tournament.house_rules)
    orm = Table.objects.select_related("round__tournament").get(pk=table1.pk)
    # One statement, and on PostgreSQL the seats' names sent with it (the next test).
    with django_assert_num_queries(2 if sends_together() else 1):
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
    table1, django_assert_num_queries, pipelines
):
    # PostgreSQL: the seats' names are a second statement of the table's round trip;
    # SQLite: a query of their own when asked for, as before.
    Player.objects.filter(pk=table1.seats.get(number=3).player_id).update(display_name="<Cy>")
    expected = Table.objects.get(pk=table1.pk).seat_names
    with django_assert_num_queries(2):
        table = Table.in_play(table1.pk)
        names = table.seat_names
    assert pipelines == ([2] if sends_together() else [])
    assert names == expected
    assert names[3] == "<Cy>" and list(names) == [1, 2, 3, 4]


def test_prepared_queries_read_together_are_each_what_it_reads_alone(
    table1, table2, django_assert_num_queries, pipelines
):
    queries = [(_SEAT_NAMES, (table1.pk,)), (_TABLE_IN_PLAY, (table2.pk,)), (_SEAT_NAMES, (2**70,))]
    alone = [query.rows(*values) for query, values in queries]
    # The id out of range is sent nowhere: it reads no row.
    with django_assert_num_queries(2):
        together = rows_together(*queries)
    assert pipelines == ([2] if sends_together() else [])
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


postgres_only = pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="statements go together, and are prepared on the server, on PostgreSQL only",
)


@postgres_only
@pytest.mark.django_db(transaction=True)
def test_statements_sent_together_are_one_transaction_of_their_own():
    """Outside a caller's transaction, as a save runs them: so the save's read of the
    table's hands sees the hand it stored, under the table's lock."""
    txid = ("SELECT txid_current()", [])
    together = fetched_together([txid, txid])
    apart = fetched_together([txid]), fetched_together([txid])
    assert together[0] == together[1]
    assert apart[0] != apart[1]


def _prepared_on_the_server() -> list[str]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        return [statement for (statement,) in cursor.fetchall()]


def _as_the_server_has_it(sql: str) -> str:
    """`sql` with its parameters numbered, as the driver sends it to be prepared."""
    numbers = itertools.count(1)
    return re.sub("%s", lambda _match: f"${next(numbers)}", sql)


@postgres_only
def test_the_hot_paths_statements_are_prepared_on_the_server_after_the_threshold(table1):
    threshold = connection.settings_dict["OPTIONS"]["prepare_threshold"]
    for _run in range(threshold + 1):
        assert Table.in_play(table1.pk).seat_names
    table_sql = _as_the_server_has_it(_TABLE_IN_PLAY.statement(table1.pk)[0])
    assert table_sql in _prepared_on_the_server()


@postgres_only
def test_without_a_threshold_nothing_is_prepared(table1):
    # What `DATABASE_PREPARED_STATEMENTS=off` sets (the next test).
    connection.ensure_connection()
    threshold = connection.connection.prepare_threshold
    connection.connection.prepare_threshold = None
    try:
        for _run in range(10):
            assert len(table1.played_hands()) == 0
            fetched_together([PLAYED_HANDS.statement(table1.pk)])
    finally:
        connection.connection.prepare_threshold = threshold
    hands_sql = _as_the_server_has_it(PLAYED_HANDS.statement(table1.pk)[0])
    assert hands_sql not in _prepared_on_the_server()


@postgres_only
@pytest.mark.django_db(transaction=True)
def test_a_refused_save_keeps_the_connections_prepared_statements(table1):
    """A stale form's refusal ends its lock's transaction without a ROLLBACK, on which
    psycopg would drop every prepared statement of the connection: at a table with two
    phones that came on every other save. (Outside a test's transaction, as a server
    saves.)"""
    from tournaments import recording
    from tournaments.access import TableAccess

    threshold = connection.settings_dict["OPTIONS"]["prepare_threshold"]
    for _run in range(threshold + 1):
        Table.in_play(table1.pk)
    table_sql = _as_the_server_has_it(_TABLE_IN_PLAY.statement(table1.pk)[0])
    assert table_sql in _prepared_on_the_server()
    access = TableAccess(table1, None, "judge link", False)
    hand = {"contract": "povinost", "declarer": 1, "partner": 3, "declarer_points": 59}
    with pytest.raises(recording.StaleTable):
        recording.add_hand(access=access, data=hand, submission=uuid.uuid4(), expected_version=7)
    assert table_sql in _prepared_on_the_server()
