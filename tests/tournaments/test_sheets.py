import pytest
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import timezone
from hypothesis import given
from hypothesis import strategies as st

from tests.tournaments.helpers import hand_post
from tournaments import recording, score_sheets
from tournaments.access import TableAccess
from tournaments.models import ScoreSheet
from tournaments.sheets import check_sheet, computed_counts

SEATS = (1, 2, 3, 4)


def test_a_sheet_that_agrees_is_ok():
    check = check_sheet(
        {1: 103, 2: 97, 3: 103, 4: 97}, start=100, hand_deltas=[{1: 3, 2: -3, 3: 3, 4: -3}]
    )
    assert check.ok and check.total == 400


def test_a_wrong_total_is_flagged_even_when_each_seat_is_off_by_the_hands():
    check = check_sheet({1: 101, 2: 100, 3: 100, 4: 100}, start=100)
    assert not check.total_ok and check.differences == {1: 1}


def test_negative_counts_are_allowed():
    check = check_sheet(
        {1: -20, 2: 140, 3: 140, 4: 140}, start=100, hand_deltas=[{1: -120, 2: 40, 3: 40, 4: 40}]
    )
    assert check.ok


def test_a_paper_only_table_is_checked_by_its_total_alone():
    assert check_sheet({1: 150, 2: 50, 3: 100, 4: 100}, start=100, paper_only=True).ok
    assert not check_sheet({1: 150, 2: 50, 3: 100, 4: 99}, start=100, paper_only=True).ok


def test_score_tables_must_total_the_sum_of_the_hands():
    # Slovenian and whist hands write scores: nothing is paid, nothing starts at 100.
    hands = [{1: 30, 2: 30, 3: 0, 4: 0}, {1: 0, 2: 0, 3: 40, 4: 40}]
    assert check_sheet({1: 30, 2: 30, 3: 40, 4: 40}, start=0, hand_deltas=hands, zero_sum=False).ok
    bad = check_sheet({1: 30, 2: 30, 3: 40, 4: 50}, start=0, hand_deltas=hands, zero_sum=False)
    assert not bad.ok and bad.expected_total == 140 and bad.differences == {4: 10}


@given(st.lists(st.lists(st.integers(-60, 60), min_size=3, max_size=3), max_size=30))
def test_counts_computed_from_zero_sum_hands_always_total_400(hands):
    deltas = [{1: a, 2: b, 3: c, 4: -(a + b + c)} for a, b, c in hands]
    counts = computed_counts(SEATS, 100, deltas)
    assert sum(counts.values()) == 400
    assert check_sheet(counts, start=100, hand_deltas=deltas).ok


@pytest.mark.django_db
class TestSheetsAtATable:
    def _hand(self, client, table):
        table.refresh_from_db()
        client.post(
            reverse("tournaments:hand_add", args=[table.pk]),
            hand_post(table, declarer=1, partner=3, declarer_points=59),
        )

    def _sheet(self, client, table, counts):
        data = {f"seat_{seat}": chips for seat, chips in counts.items()}
        return client.post(reverse("tournaments:sheet", args=[table.pk]), data).content.decode()

    def test_each_difference_is_shown_per_seat_with_the_amount(self, judge_client, table1):
        self._hand(judge_client, table1)
        page = self._sheet(judge_client, table1, {1: 103, 2: 97, 3: 100, 4: 100})
        assert "Total: 400" in page
        assert "−3" in page and "+3" in page
        assert ScoreSheet.objects.count() == 1  # saved, flagged, never lost

    def test_a_judge_of_another_table_confirms(
        self, judge_client, other_judge_client, table1, table2
    ):
        self._hand(judge_client, table1)
        self._sheet(judge_client, table1, {1: 103, 2: 97, 3: 103, 4: 97})
        sheet = ScoreSheet.objects.get()
        own = judge_client.post(reverse("tournaments:sheet_confirm", args=[sheet.pk]), follow=True)
        assert "You entered this sheet; a second person must confirm it." in own.content.decode()
        sheet.refresh_from_db()
        assert not sheet.confirmed
        other_judge_client.post(reverse("tournaments:sheet_confirm", args=[sheet.pk]))
        sheet.refresh_from_db()
        assert sheet.confirmed

    def test_a_judge_of_no_table_may_not_confirm(self, judge_client, table1, django_user_model):
        from django.contrib.auth.models import Group
        from django.test import Client

        loose = django_user_model.objects.create_user("loose", password="pw")
        loose.groups.add(Group.objects.get(name="Judges"))
        client = Client()
        client.force_login(loose)
        self._sheet(judge_client, table1, {1: 100, 2: 100, 3: 100, 4: 100})
        sheet = ScoreSheet.objects.get()
        page = client.post(reverse("tournaments:sheet_confirm", args=[sheet.pk]), follow=True)
        assert "Only a director or the judge of another table of this round" in (
            page.content.decode()
        )
        assert not ScoreSheet.objects.filter(confirmed_at__isnull=False).exists()

    def test_a_sheet_reads_back_its_counts_by_seat(self, judge_client, table1):
        self._sheet(judge_client, table1, {1: 103, 2: 97, 3: 100, 4: 100})
        assert ScoreSheet.objects.get().counts() == {1: 103, 2: 97, 3: 100, 4: 100}

    def test_the_database_refuses_a_second_confirmed_sheet(self, table1, director, judge):
        now = timezone.now()
        ScoreSheet.objects.create(
            table=table1, entered_actor="a", confirmed_by=director, confirmed_at=now
        )
        with pytest.raises(IntegrityError), transaction.atomic():
            ScoreSheet.objects.create(
                table=table1, entered_actor="b", confirmed_by=director, confirmed_at=now
            )

    def test_the_database_refuses_a_sheet_confirmed_by_who_entered_it(self, table1, judge):
        with pytest.raises(IntegrityError), transaction.atomic():
            ScoreSheet.objects.create(
                table=table1,
                entered_by=judge,
                entered_actor="j",
                confirmed_by=judge,
                confirmed_at=timezone.now(),
            )

    def test_a_confirmed_sheet_cannot_be_replaced(self, judge_client, director, table1):
        self._sheet(judge_client, table1, {1: 100, 2: 100, 3: 100, 4: 100})
        score_sheets.confirm_sheet(sheet=ScoreSheet.objects.get(), by=director)
        access = TableAccess(table1, None, "link", False)
        with pytest.raises(recording.TableLocked, match="confirmed by dora-director"):
            score_sheets.add_sheet(access=access, counts={1: 100, 2: 100, 3: 100, 4: 100})
