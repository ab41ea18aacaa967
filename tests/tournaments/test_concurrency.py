"""Two phones at one table at the same moment (PostgreSQL: real row locks, real races)."""

import threading
import uuid

import pytest
from django.db import connection, connections

from tournaments import hand_store, recording, score_sheets
from tournaments.access import TableAccess
from tournaments.models import Hand, HandRevision, ScoreSheet, SheetLine

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL row locks"),
]

HAND = {"contract": "povinost", "declarer": 1, "partner": 3, "declarer_points": 59}


def _race(*calls):
    """Run the calls in threads released together; return each result or exception."""
    barrier = threading.Barrier(len(calls))
    results: list = [None] * len(calls)

    def run(index, call):
        try:
            barrier.wait()
            results[index] = call()
        except Exception as error:
            results[index] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i, call)) for i, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    return results


def _access(table):
    return TableAccess(table, None, "judge link", False)


def test_two_saves_built_on_the_same_state_keep_one_and_refuse_the_other(table1):
    def save(points):
        return lambda: hand_store.add_hand(
            access=_access(table1),
            data={**HAND, "declarer_points": points},
            submission=uuid.uuid4(),
            expected_version=0,
        )

    results = _race(save(59), save(64))
    refused = [r for r in results if isinstance(r, recording.StaleTable)]
    assert len(refused) == 1
    assert Hand.objects.count() == 1


def test_two_saves_in_turn_are_both_kept_in_order(table1):
    for version, points in enumerate((59, 64)):
        hand_store.add_hand(
            access=_access(table1),
            data={**HAND, "declarer_points": points},
            submission=uuid.uuid4(),
            expected_version=version,
        )
    assert list(
        Hand.objects.order_by("number").values_list("data__declarer_points", flat=True)
    ) == [59, 64]


def test_a_double_submission_sent_at_once_is_stored_once(table1):
    submission = uuid.uuid4()

    def save():
        return hand_store.add_hand(
            access=_access(table1), data=HAND, submission=submission, expected_version=0
        )

    results = _race(save, save)
    assert Hand.objects.count() == 1
    # The second sees the stored hand, even when it waited for the table's lock while the
    # first stored it: never a copy, and never "nothing was saved" for a stored hand.
    assert sorted(result.created for result in results) == [False, True]
    assert results[0].hand == results[1].hand


def test_two_confirmations_at_once_exactly_one_wins(table1, director, other_judge, table2):
    sheet = ScoreSheet.objects.create(table=table1, entered_actor="judge link")
    for seat in table1.seats.all():
        SheetLine.objects.create(sheet=sheet, seat=seat.number, player=seat.player, chips=100)

    def confirm(user):
        return lambda: score_sheets.confirm_sheet(
            sheet=ScoreSheet.objects.get(pk=sheet.pk), by=user
        )

    results = _race(confirm(director), confirm(other_judge))
    assert sum(isinstance(r, ScoreSheet) for r in results) == 1
    assert sum(isinstance(r, recording.RecordingError) for r in results) == 1
    assert ScoreSheet.objects.filter(confirmed_at__isnull=False).count() == 1


def test_a_save_and_the_confirmation_at_once_never_both_go_through(table1, director):
    """The save's one UPDATE waits on the table row the confirmation locks; the
    confirmation bumps the version, so a save that waited is refused: never a hand
    added to a confirmed table. (The hand would change the chips, so a save that goes
    first makes the sheet disagree and the confirmation is refused instead.)"""
    for attempt in range(5):
        HandRevision.objects.all().delete()
        Hand.objects.all().delete()
        ScoreSheet.objects.all().delete()
        table1.refresh_from_db()
        sheet = ScoreSheet.objects.create(table=table1, entered_actor="judge link")
        for seat in table1.seats.all():
            SheetLine.objects.create(sheet=sheet, seat=seat.number, player=seat.player, chips=100)

        def save(version=table1.version):
            return hand_store.add_hand(
                access=_access(table1), data=HAND, submission=uuid.uuid4(), expected_version=version
            )

        def confirm(pk=sheet.pk):
            return score_sheets.confirm_sheet(sheet=ScoreSheet.objects.get(pk=pk), by=director)

        results = _race(save, confirm)
        confirmed = ScoreSheet.objects.filter(confirmed_at__isnull=False).exists()
        saved = Hand.objects.exists()
        assert confirmed != saved, (attempt, results)
        assert sum(isinstance(r, recording.RecordingError) for r in results) == 1


class TestASaveOutsideATransaction:
    """A save outside a caller's transaction (as in a request) is a transaction of its
    own: its refusals, its repeats and the hands it answers with must be what they are
    inside one."""

    def _add(self, table, version, submission=None, points=59, with_hands=False):
        assert not connection.in_atomic_block
        return hand_store.add_hand(
            access=_access(table),
            data={**HAND, "declarer_points": points},
            submission=submission or uuid.uuid4(),
            expected_version=version,
            with_hands=with_hands,
        )

    def test_a_stale_form_is_refused_and_a_repeat_returns_the_stored_hand(self, table1):
        submission = uuid.uuid4()
        first = self._add(table1, 0, submission)
        with pytest.raises(recording.StaleTable):
            self._add(table1, 0, points=64)
        again = self._add(table1, 0, submission)
        assert (again.hand, again.created, first.created) == (first.hand, False, True)
        assert Hand.objects.count() == HandRevision.objects.count() == 1

    def test_a_locked_table_refuses_in_the_locks_words(self, table1, director):
        sheet = ScoreSheet.objects.create(table=table1, entered_actor="judge link")
        for seat in table1.seats.all():
            SheetLine.objects.create(sheet=sheet, seat=seat.number, player=seat.player, chips=100)
        score_sheets.confirm_sheet(sheet=sheet, by=director)
        with pytest.raises(recording.TableLocked):
            self._add(table1, 1)
        assert not Hand.objects.exists()

    def test_the_hands_it_answers_with_end_with_the_new_one(self, table1):
        self._add(table1, 0)
        recorded = self._add(table1, 1, points=64, with_hands=True)
        assert [hand.number for hand in recorded.hands] == [1, 2]
        assert recorded.hands[-1].data["declarer_points"] == 64
        assert recorded.hand.revisions.get().data == recorded.hand.data
