"""A director's round controls and the tables' writes at the same moment (PostgreSQL: real
row locks). Every service locks in one order, tournament → round → table, so none waits
for another in a circle: each answers, or refuses in words, never `deadlock detected`."""

import uuid

import pytest
from django.db import connection
from django.utils import timezone

from tests.tournaments.test_concurrency import HAND, _race
from tournaments import hand_store, recording, score_sheets, services
from tournaments.access import TableAccess
from tournaments.models import AuditEntry, Hand, HandRevision, Round, ScoreSheet, SheetLine, Table

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL row locks"),
]

# What a refused request raises: its message is what the user reads.
REFUSALS = (recording.RecordingError, services.TournamentError)
ATTEMPTS = 6


def _sheet(table: Table, *, confirmed_by=None) -> ScoreSheet:
    """A sheet of 100 chips a seat (the table's count with no hand played)."""
    sheet = ScoreSheet.objects.create(
        table=table,
        entered_actor="judge link",
        confirmed_by=confirmed_by,
        confirmed_at=timezone.now() if confirmed_by else None,
    )
    SheetLine.objects.bulk_create(
        SheetLine(sheet=sheet, seat=seat.number, player=seat.player, chips=100)
        for seat in table.seats.all()
    )
    return sheet


def _afresh(round_: Round, director) -> list[Table]:
    """The round in play again with no hands and no sheets; its tables, by number."""
    HandRevision.objects.all().delete()
    Hand.objects.all().delete()
    ScoreSheet.objects.all().delete()
    Round.objects.filter(pk=round_.pk).update(status=Round.Status.PLAYING)
    return list(Table.objects.filter(round=round_).order_by("number"))


def _failures(results) -> list:
    """Whatever went wrong other than a refusal in words (a 500 on the site)."""
    return [r for r in results if isinstance(r, Exception) and not isinstance(r, REFUSALS)]


def _consistent(round_: Round) -> None:
    """A closed round has every table confirmed, and each confirmed sheet agrees with its
    table's hands (no hand slipped in after the confirmation)."""
    round_.refresh_from_db()
    for table in Table.objects.filter(round=round_).with_play():
        sheet = next((sheet for sheet in table.sheets.all() if sheet.confirmed), None)
        if round_.status == Round.Status.CLOSED:
            assert sheet is not None, table
        if sheet is not None:
            assert score_sheets.table_check(table, sheet.counts()).ok, table


def test_a_confirmation_while_the_director_closes_the_round_is_no_deadlock(round1, director):
    for attempt in range(ATTEMPTS):
        first, *others = _afresh(round1, director)
        for table in others:
            _sheet(table, confirmed_by=director)
        sheet = _sheet(first)

        def confirm(pk=sheet.pk):
            return score_sheets.confirm_sheet(sheet=ScoreSheet.objects.get(pk=pk), by=director)

        def close():
            return services.set_round_status(
                round_=Round.objects.get(pk=round1.pk), status=Round.Status.CLOSED, by=director
            )

        results = _race(confirm, close)
        assert _failures(results) == [], (attempt, results)
        assert ScoreSheet.objects.get(pk=sheet.pk).confirmed
        _consistent(round1)


def _judge(table: Table) -> TableAccess:
    return TableAccess(Table.objects.get(pk=table.pk), None, "judge link", False)


def _round_status(round_: Round, status: str, director):
    return lambda: services.set_round_status(
        round_=Round.objects.get(pk=round_.pk), status=status, by=director, reason="recount"
    )


def _a_busy_moment(round_: Round, director) -> list:
    """The calls of a busy moment at the end of a round: the director closes the round,
    another reopens it and reopens a table and changes its judge; at the other tables a
    hand is saved, a hand changed, a sheet entered again as the director confirms the
    one before. Two tables are confirmed, table 3 has a hand, table 4 a sheet entered."""
    first, second, third, fourth = _afresh(round_, director)
    _sheet(first, confirmed_by=director)
    _sheet(second, confirmed_by=director)
    version = Table.objects.get(pk=third.pk).version
    hand_store.add_hand(
        access=_judge(third), data=HAND, submission=uuid.uuid4(), expected_version=version
    )
    hand = Hand.objects.get(table=third)
    sheet = _sheet(fourth)
    return [
        _round_status(round_, Round.Status.CLOSED, director),
        _round_status(round_, Round.Status.PLAYING, director),
        lambda: services.reopen_table(table=first, by=director, reason="recount"),
        lambda: services.set_judge(table=second, by=director),
        lambda: hand_store.add_hand(
            access=_judge(third), data=HAND, submission=uuid.uuid4(), expected_version=version + 1
        ),
        lambda: hand_store.revise_hand(
            access=_judge(third),
            hand=hand,
            reason="wrong points",
            expected_version=version + 1,
            data={**HAND, "declarer_points": 64},
        ),
        lambda: score_sheets.add_sheet(
            access=_judge(fourth), counts={1: 100, 2: 100, 3: 100, 4: 100}
        ),
        lambda: score_sheets.confirm_sheet(sheet=ScoreSheet.objects.get(pk=sheet.pk), by=director),
    ]


def test_a_busy_moment_at_the_end_of_a_round_answers_every_call(round1, director):
    """Every call answers or refuses in words, and a closed round has every sheet
    confirmed, each agreeing with its table's hands."""
    for attempt in range(ATTEMPTS):
        results = _race(*_a_busy_moment(round1, director))
        assert _failures(results) == [], (attempt, results)
        _consistent(round1)


def test_a_swap_while_the_round_starts_is_no_deadlock(tournament, players, director):
    for player in players:
        services.register(tournament=tournament, player=player, checked_in=True)
    round_ = services.draw_next_round(tournament=tournament, by=director, seed=7)
    a, b = (round_.tables.get(number=n).seats.get(number=1).player_id for n in (1, 2))
    for attempt in range(ATTEMPTS):
        Round.objects.filter(pk=round_.pk).update(status=Round.Status.DRAWN)

        def swap():
            return services.swap(
                round_=Round.objects.get(pk=round_.pk), player_a=a, player_b=b, by=director
            )

        def start():
            return services.set_round_status(
                round_=Round.objects.get(pk=round_.pk), status=Round.Status.PLAYING, by=director
            )

        results = _race(swap, start)
        assert _failures(results) == [], (attempt, results)
        assert AuditEntry.objects.filter(action="round playing").count() == attempt + 1
