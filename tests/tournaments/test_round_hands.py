"""A table plays the round's set number of hands (`Tournament.hands_per_round`), and a
resent form never brings back, nor claims as stored, a hand deleted since."""

import uuid
from urllib.parse import unquote

import pytest
from django.urls import reverse

from tests.tournaments.helpers import hand_post
from tournaments import hand_store, recording
from tournaments.access import TableAccess
from tournaments.models import Hand, Tournament

pytestmark = pytest.mark.django_db

HAND = {"contract": "povinost", "declarer": 1, "partner": 3, "declarer_points": 59}
HTMX = {"HX-Request": "true"}


def _judge(table) -> TableAccess:
    table.refresh_from_db()
    return TableAccess(table, None, "judge link", False)


def _play(table, hands: int) -> None:
    for _n in range(hands):
        access = _judge(table)
        hand_store.add_hand(
            access=access,
            data=HAND,
            submission=uuid.uuid4(),
            expected_version=access.table.version,
        )


def _set_hands(tournament, hands: int | None, minutes: int | None = None) -> None:
    Tournament.objects.filter(pk=tournament.pk).update(
        hands_per_round=hands, minutes_per_round=minutes
    )


def _post(client, table, **headers):
    table.refresh_from_db()
    data = hand_post(table, declarer=1, partner=3, declarer_points=59)
    return client.post(reverse("tournaments:hand_add", args=[table.pk]), data, headers=headers)


class TestTheRoundsSetNumberOfHands:
    def test_a_hand_past_the_rounds_number_is_refused_in_words(self, tournament, table1):
        _set_hands(tournament, 3)
        _play(table1, 3)
        access = _judge(table1)
        with pytest.raises(recording.RoundComplete, match="all 3 hands of Round 1"):
            hand_store.add_hand(
                access=access,
                data=HAND,
                submission=uuid.uuid4(),
                expected_version=access.table.version,
            )
        assert Hand.objects.filter(table=table1).count() == 3

    def test_the_judges_page_says_why_and_stores_nothing(self, tournament, judge_client, table1):
        _set_hands(tournament, 2)
        _play(table1, 2)
        response = _post(judge_client, table1, **HTMX)
        assert response.headers["X-Hand-Outcome"] == "refused"
        assert "all 2 hands of Round 1" in unquote(response.headers["X-Hand-Refusal"])
        response = _post(judge_client, table1)
        page = judge_client.get(response.url).content.decode()
        assert "all 2 hands of Round 1" in page
        assert Hand.objects.filter(table=table1).count() == 2

    def test_a_resend_of_the_last_hand_is_answered_as_stored_before(self, tournament, table1):
        _set_hands(tournament, 1)
        submission = uuid.uuid4()
        hand_store.add_hand(
            access=_judge(table1), data=HAND, submission=submission, expected_version=0
        )
        again = hand_store.add_hand(
            access=_judge(table1), data=HAND, submission=submission, expected_version=0
        )
        assert not again.created and again.hand.number == 1
        assert Hand.objects.filter(table=table1).count() == 1

    def test_a_deleted_hand_and_a_standalone_ruling_leave_room(self, tournament, director, table1):
        _set_hands(tournament, 2)
        _play(table1, 2)
        access = _judge(table1)
        hand_store.revise_hand(
            access=access,
            hand=Hand.objects.get(table=table1, number=2),
            reason="misdeal",
            expected_version=access.table.version,
            delete=True,
        )
        _play(table1, 1)
        # A director's standalone ruling is no hand played.
        access = _judge(table1)
        ruling = {"penalties": [{"code": "spjst.misdeal", "seat": 4}]}
        hand_store.add_hand(
            access=access,
            data=ruling,
            submission=uuid.uuid4(),
            expected_version=access.table.version,
            reason="ruling",
        )
        assert Hand.objects.filter(table=table1, deleted=False).count() == 3
        with pytest.raises(recording.RoundComplete):
            _play(table1, 1)

    def test_a_deleted_hand_is_not_restored_past_the_rounds_number(self, tournament, table1):
        _set_hands(tournament, 1)
        _play(table1, 1)
        first = Hand.objects.get(table=table1)
        access = _judge(table1)
        hand_store.revise_hand(
            access=access,
            hand=first,
            reason="x",
            expected_version=access.table.version,
            delete=True,
        )
        _play(table1, 1)
        access = _judge(table1)
        with pytest.raises(recording.RoundComplete):
            hand_store.revise_hand(
                access=access,
                hand=first,
                reason="it was right",
                expected_version=access.table.version,
                data=HAND,
            )
        assert Hand.objects.get(pk=first.pk).deleted

    def test_a_ruling_is_not_changed_into_a_hand_past_the_rounds_number(self, tournament, table1):
        # The simulated day (issue 26) changed a standalone ruling into a game at a table
        # that had played all its hands: a third hand of a round of two.
        _set_hands(tournament, 2)
        _play(table1, 2)
        access = _judge(table1)
        ruling = {"penalties": [{"code": "spjst.misdeal", "seat": 4}]}
        added = hand_store.add_hand(
            access=access,
            data=ruling,
            submission=uuid.uuid4(),
            expected_version=access.table.version,
            reason="ruling",
        )
        access = _judge(table1)
        with pytest.raises(recording.RoundComplete, match="all 2 hands of Round 1"):
            hand_store.revise_hand(
                access=access,
                hand=added.hand,
                reason="it was a game",
                expected_version=access.table.version,
                data=HAND,
            )
        assert Hand.objects.get(pk=added.hand.pk).data == ruling
        # Another ruling in its place is no hand played.
        access = _judge(table1)
        other = {"penalties": [{"code": "spjst.misdeal", "seat": 2}]}
        hand_store.revise_hand(
            access=access,
            hand=added.hand,
            reason="the other seat",
            expected_version=access.table.version,
            data=other,
        )
        assert Hand.objects.get(pk=added.hand.pk).data == other

    def test_a_round_played_by_the_clock_takes_any_number(self, tournament, table1):
        _set_hands(tournament, None, minutes=90)
        _play(table1, 14)
        assert Hand.objects.filter(table=table1).count() == 14


class TestAResentHandSinceDeleted:
    def test_the_service_says_it_was_saved_and_then_deleted(self, table1):
        access = _judge(table1)
        submission = uuid.uuid4()
        hand = hand_store.add_hand(
            access=access, data=HAND, submission=submission, expected_version=0
        ).hand
        access = _judge(table1)
        hand_store.revise_hand(
            access=access, hand=hand, reason="misdeal", expected_version=1, delete=True
        )
        with pytest.raises(recording.HandDeleted, match=r"Hand 1 .* was saved and then deleted"):
            hand_store.add_hand(
                access=_judge(table1), data=HAND, submission=submission, expected_version=0
            )
        assert Hand.objects.filter(table=table1).count() == 1
        assert Hand.objects.get().deleted

    def test_the_phones_queue_is_told_in_words_not_stored_before(self, judge_client, table1):
        sent = hand_post(table1, declarer=1, partner=3, declarer_points=59)
        url = reverse("tournaments:hand_add", args=[table1.pk])
        judge_client.post(url, sent, headers=HTMX)
        access = _judge(table1)
        hand_store.revise_hand(
            access=access,
            hand=Hand.objects.get(),
            reason="misdeal",
            expected_version=access.table.version,
            delete=True,
        )
        again = judge_client.post(url, sent, headers=HTMX)
        assert again.headers["X-Hand-Outcome"] == "refused"
        assert "saved and then deleted" in unquote(again.headers["X-Hand-Refusal"])
        assert Hand.objects.get().deleted
