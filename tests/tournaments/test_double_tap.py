"""A double tap whose second post looked for its submission before the first had stored
it, then waited for the table's lock while the first stored the hand and moved the
table's version on: it is told the hand is stored, never "nothing was saved" (which
would have the judge enter it again), and the hand is stored once. `make load` sends such
double taps; tests/tournaments/test_concurrency.py races them for real on PostgreSQL."""

import uuid

import pytest

from tournaments import recording
from tournaments.access import TableAccess
from tournaments.models import Hand

pytestmark = pytest.mark.django_db

HAND = {"contract": "povinost", "declarer": 1, "partner": 3, "declarer_points": 59}


def test_the_second_tap_of_a_double_tap_is_told_the_hand_is_stored(table1, monkeypatch):
    access = TableAccess(table1, None, "judge link", False)
    submission = uuid.uuid4()
    first, created = recording.record_hand(
        access=access, data=HAND, submission=submission, expected_version=0
    )
    assert created
    looked = []
    real = recording._submitted

    def not_there_on_the_first_look(submission, table):
        # The second tap's first look came before the first tap's commit.
        looked.append(submission)
        return None if len(looked) == 1 else real(submission, table)

    monkeypatch.setattr(recording, "_submitted", not_there_on_the_first_look)
    second, created = recording.record_hand(
        access=access, data=HAND, submission=submission, expected_version=0
    )
    assert (second, created) == (first, False)
    assert Hand.objects.count() == 1
    table1.refresh_from_db()
    assert table1.version == 1


def test_a_stale_form_of_another_submission_is_still_refused(table1):
    access = TableAccess(table1, None, "judge link", False)
    recording.record_hand(access=access, data=HAND, submission=uuid.uuid4(), expected_version=0)
    with pytest.raises(recording.StaleTable):
        recording.record_hand(access=access, data=HAND, submission=uuid.uuid4(), expected_version=0)
    assert Hand.objects.count() == 1
