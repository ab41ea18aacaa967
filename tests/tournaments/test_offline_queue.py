"""What the judge's phone queue asks of the server (issue 16): a score sheet sent again
is stored once, the hands another device stored (shown beside a refused queued hand),
the phone's last contact on the dashboard, and the sheet page kept for offline use."""

import uuid
from datetime import timedelta
from urllib.parse import unquote

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from tests.tournaments.helpers import hand_post
from tournaments import contact
from tournaments.models import Hand, ScoreSheet, SheetLine, Table
from tournaments.offline import OFFLINE_HEADER

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}
COUNTS = {"seat_1": "103", "seat_2": "97", "seat_3": "103", "seat_4": "97"}


def _save(client, table, **fields):
    table.refresh_from_db()
    data = hand_post(table, **fields)
    return client.post(reverse("tournaments:hand_add", args=[table.pk]), data, headers=HTMX)


def _sheet(client, table, submission, counts=COUNTS, **headers):
    return client.post(
        reverse("tournaments:sheet", args=[table.pk]),
        {**counts, "submission": str(submission)},
        headers=headers,
    )


class TestTheSheetSentAgain:
    def test_a_repeat_of_the_same_submission_stores_one_sheet(self, judge_client, table1):
        _save(judge_client, table1, declarer=1, partner=3, declarer_points=59)
        submission = uuid.uuid4()
        first = _sheet(judge_client, table1, submission, **HTMX)
        assert first.status_code == 200
        assert first.headers["X-Hand-Outcome"] == "saved"
        for _ in range(3):
            again = _sheet(judge_client, table1, submission, **HTMX)
            assert again.headers["X-Hand-Outcome"] == "stored-before"
            assert "This sheet was already saved; it is stored once." in again.content.decode()
        sheet = ScoreSheet.objects.get()
        assert sheet.submission == submission
        assert SheetLine.objects.count() == 4

    def test_a_repeat_after_the_sheet_was_confirmed_is_stored_before_not_refused(
        self, judge_client, director_client, table1
    ):
        _save(judge_client, table1, declarer=1, partner=3, declarer_points=59)
        submission = uuid.uuid4()
        _sheet(judge_client, table1, submission)
        sheet = ScoreSheet.objects.get()
        director_client.post(reverse("tournaments:sheet_confirm", args=[sheet.pk]))
        assert ScoreSheet.objects.get().confirmed
        again = _sheet(judge_client, table1, submission, **HTMX)
        assert again.headers["X-Hand-Outcome"] == "stored-before"
        assert ScoreSheet.objects.count() == 1

    def test_a_new_submission_after_a_confirmation_is_refused_with_the_lock(
        self, judge_client, director_client, table1
    ):
        _save(judge_client, table1, declarer=1, partner=3, declarer_points=59)
        _sheet(judge_client, table1, uuid.uuid4())
        director_client.post(
            reverse("tournaments:sheet_confirm", args=[ScoreSheet.objects.get().pk])
        )
        refused = _sheet(judge_client, table1, uuid.uuid4(), **HTMX)
        assert refused.headers["X-Hand-Outcome"] == "refused"
        assert refused.headers["HX-Redirect"] == reverse("tournaments:sheet", args=[table1.pk])
        assert "is locked: its score sheet was confirmed" in unquote(
            refused.headers["X-Hand-Refusal"]
        )
        assert ScoreSheet.objects.count() == 1

    def test_another_tables_submission_is_refused(
        self, judge_client, other_judge_client, table1, table2
    ):
        submission = uuid.uuid4()
        _sheet(judge_client, table1, submission)
        refused = _sheet(other_judge_client, table2, submission, **HTMX)
        assert refused.headers["X-Hand-Outcome"] == "refused"
        assert list(ScoreSheet.objects.values_list("table", flat=True)) == [table1.pk]

    def test_an_incomplete_sheet_is_invalid_and_stores_nothing(self, judge_client, table1):
        response = _sheet(judge_client, table1, uuid.uuid4(), counts={"seat_1": "100"}, **HTMX)
        assert response.headers["X-Hand-Outcome"] == "invalid"
        assert not ScoreSheet.objects.exists()

    def test_the_form_after_a_save_has_a_new_submission_so_counts_entered_again_are_stored(
        self, judge_client, table1
    ):
        submission = uuid.uuid4()
        page = _sheet(judge_client, table1, submission).content.decode()
        assert str(submission) not in page
        assert 'name="submission"' in page and 'value="103"' in page
        _sheet(judge_client, table1, uuid.uuid4(), counts={**COUNTS, "seat_4": "96"})
        assert ScoreSheet.objects.count() == 2

    def test_the_sheet_page_may_be_kept_for_the_session_and_has_the_queue(
        self, judge_client, table1
    ):
        response = judge_client.get(reverse("tournaments:sheet", args=[table1.pk]))
        assert len(response[OFFLINE_HEADER]) == 32
        page = response.content.decode()
        assert 'id="judge-offline" data-page="sheet"' in page
        assert 'id="offline-queue"' in page and 'id="sheet-form"' in page


class TestTheSheetSavedInThePage:
    """The sheet page's own save (HX-Target: the sheet's entry) gets the parts of the page
    it changes, not the page; the queue's sends and the plain form are answered as before."""

    IN_PAGE = {**HTMX, "HX-Target": "sheet-entry"}

    def test_a_saved_sheet_answers_with_its_check_and_the_form_again(self, judge_client, table1):
        _save(judge_client, table1, declarer=1, partner=3, declarer_points=59)
        answer = _sheet(judge_client, table1, uuid.uuid4(), **self.IN_PAGE)
        assert answer.headers["X-Hand-Outcome"] == "saved"
        body = answer.content.decode()
        assert "<html" not in body and len(body) < 8000
        assert 'id="sheet-said"' in body and "needs a second person" in body
        assert 'id="sheet-state"' in body and 'id="sheet-form"' in body
        # Said in the answer: the next page does not say it again.
        assert "needs a second person" not in judge_client.get(f"/tables/{table1.pk}/").text

    def test_an_incomplete_sheet_comes_back_with_its_errors_in_the_form(self, judge_client, table1):
        answer = _sheet(
            judge_client, table1, uuid.uuid4(), counts={"seat_1": "100"}, **self.IN_PAGE
        )
        assert answer.headers["X-Hand-Outcome"] == "invalid"
        body = answer.content.decode()
        assert "<html" not in body and 'id="sheet-form"' in body and 'value="100"' in body
        assert not ScoreSheet.objects.exists()

    def test_a_refusal_says_why_with_the_sheet_as_it_is_now(
        self, judge_client, director_client, table1
    ):
        _save(judge_client, table1, declarer=1, partner=3, declarer_points=59)
        _sheet(judge_client, table1, uuid.uuid4())
        director_client.post(
            reverse("tournaments:sheet_confirm", args=[ScoreSheet.objects.get().pk])
        )
        answer = _sheet(judge_client, table1, uuid.uuid4(), **self.IN_PAGE)
        assert answer.headers["X-Hand-Outcome"] == "refused"
        assert "HX-Redirect" not in answer.headers
        body = answer.content.decode()
        assert "Nothing was saved: this table is locked" in body and "<html" not in body
        # The sheet as it is now (confirmed); the page keeps its form as typed (the
        # script swaps only what was said and the sheet: tests/browser/test_sheet_save_phone).
        assert 'id="sheet-state"' in body and "Confirmed by" in body
        assert ScoreSheet.objects.count() == 1


class TestTheHandsAnotherDeviceStored:
    def test_it_shows_the_hands_after_a_number_with_their_chips_and_the_tables_version(
        self, judge_client, table1
    ):
        _save(judge_client, table1, declarer=1, partner=3, declarer_points=59)
        _save(judge_client, table1, declarer=2, partner=4, declarer_points=70)
        table1.refresh_from_db()
        response = judge_client.get(reverse("tournaments:hands_after", args=[table1.pk, 1]))
        assert response.status_code == 200
        fragment = response.content.decode()
        assert "<html" not in fragment
        assert f'data-version="{table1.version}"' in fragment
        assert fragment.count('<tr class="summary') == 1  # hand 2 only
        assert "Povinost 2" in fragment and "+" in fragment

    def test_with_no_hand_after_it_says_a_hand_was_changed(self, judge_client, table1):
        _save(judge_client, table1, declarer=1, partner=3, declarer_points=59)
        fragment = judge_client.get(
            reverse("tournaments:hands_after", args=[table1.pk, 1])
        ).content.decode()
        assert "No hand after hand 1" in fragment

    def test_another_judge_is_refused_and_a_visitor_told_nothing(
        self, other_judge_client, anon_client, table1
    ):
        url = reverse("tournaments:hands_after", args=[table1.pk, 0])
        assert other_judge_client.get(url).status_code == 403
        assert anon_client.get(url).status_code == 404

    def test_it_is_read_only(self, judge_client, table1):
        url = reverse("tournaments:hands_after", args=[table1.pk, 0])
        assert judge_client.post(url).status_code == 405


class TestTheLastContact:
    def test_the_judges_page_records_contact_at_most_once_in_the_interval(
        self, judge_client, table1
    ):
        judge_client.get(table1.get_absolute_url())
        table1.refresh_from_db()
        first = table1.last_contact_at
        assert first is not None
        judge_client.get(table1.get_absolute_url())
        table1.refresh_from_db()
        assert table1.last_contact_at == first  # throttled
        Table.objects.filter(pk=table1.pk).update(
            last_contact_at=first - contact.CONTACT_EVERY - timedelta(seconds=1)
        )
        judge_client.get(table1.get_absolute_url())
        table1.refresh_from_db()
        assert table1.last_contact_at > first

    def test_the_ping_records_contact_and_what_waits_on_the_phone(self, judge_client, table1):
        url = reverse("tournaments:contact", args=[table1.pk])
        assert judge_client.post(url, {"waiting": "3"}).status_code == 204
        table1.refresh_from_db()
        first = table1.last_contact_at
        assert table1.waiting_on_phone == 3
        # Within the interval only a changed count is written.
        judge_client.post(url, {"waiting": "3"})
        table1.refresh_from_db()
        assert table1.last_contact_at == first
        judge_client.post(url, {"waiting": "0"})
        table1.refresh_from_db()
        assert table1.waiting_on_phone == 0

    def test_the_ping_takes_a_form_and_a_post(self, judge_client, table1):
        url = reverse("tournaments:contact", args=[table1.pk])
        assert judge_client.post(url, {"waiting": "-1"}).status_code == 400
        assert judge_client.post(url, {}).status_code == 400
        assert judge_client.get(url).status_code == 405
        table1.refresh_from_db()
        assert table1.last_contact_at is None

    def test_the_ping_needs_the_csrf_token(self, judge, table1):
        from django.test import Client

        client = Client(enforce_csrf_checks=True)
        client.force_login(judge)
        url = reverse("tournaments:contact", args=[table1.pk])
        assert client.post(url, {"waiting": "1"}).status_code == 403
        table1.refresh_from_db()
        assert table1.last_contact_at is None

    def test_a_director_looking_is_no_contact(self, director_client, table1):
        director_client.get(table1.get_absolute_url())
        director_client.post(reverse("tournaments:contact", args=[table1.pk]), {"waiting": "1"})
        table1.refresh_from_db()
        assert table1.last_contact_at is None

    def test_the_other_judge_and_a_visitor_cannot_ping(
        self, other_judge_client, anon_client, table1
    ):
        url = reverse("tournaments:contact", args=[table1.pk])
        assert other_judge_client.post(url, {"waiting": "1"}).status_code == 403
        assert anon_client.post(url, {"waiting": "1"}).status_code == 404

    def test_the_dashboard_shows_the_contact_and_marks_a_silent_table_in_play(
        self, director_client, judge_client, table1, table2
    ):
        _save(judge_client, table1, declarer=1, partner=3, declarer_points=59)
        judge_client.post(reverse("tournaments:contact", args=[table1.pk]), {"waiting": "2"})
        url = reverse("tournaments:dashboard", args=[table1.round.tournament_id])
        page = director_client.get(url).content.decode()
        assert "last contact" in page and "2 waiting on the phone" in page
        assert "silent" not in page
        long_ago = timezone.now() - contact.SILENT_AFTER - timedelta(minutes=1)
        Table.objects.filter(pk=table1.pk).update(last_contact_at=long_ago)
        page = director_client.get(url).content.decode()
        assert page.count("state-playing silent") == 1
        assert "(6 minutes ago)" in page

    def test_the_judges_page_stays_at_a_constant_query_count_with_the_contact(
        self, judge_client, table1, queries_of, django_assert_max_num_queries
    ):
        _save(judge_client, table1, declarer=1, partner=3, declarer_points=59)
        with_one_hand = queries_of(lambda: judge_client.get(table1.get_absolute_url()))
        for n in range(6):
            _save(judge_client, table1, declarer=n % 4 + 1, partner=(n + 2) % 4 + 1,
                  declarer_points=40 + n)  # fmt: skip
        Table.objects.filter(pk=table1.pk).update(last_contact_at=None)
        with django_assert_max_num_queries(with_one_hand) as context:
            judge_client.get(table1.get_absolute_url())
        updates = [q for q in context.captured_queries if q["sql"].startswith("UPDATE")]
        assert len(updates) == 1 and "last_contact_at" in updates[0]["sql"]
        assert Hand.objects.count() == 7


def test_a_page_opened_again_soon_writes_no_contact_at_all(judge_client, table1):
    url = table1.get_absolute_url()
    judge_client.get(url)  # the contact is written
    with CaptureQueriesContext(connection) as context:
        judge_client.get(url)
    assert not [q for q in context.captured_queries if q["sql"].startswith("UPDATE")]


def test_a_preview_says_what_the_hand_moves(judge_client, table1):
    table1.refresh_from_db()
    data = hand_post(table1, action="preview", declarer=1, partner=3, declarer_points=59)
    fragment = judge_client.post(
        reverse("tournaments:hand_add", args=[table1.pk]), data, headers=HTMX
    ).content.decode()
    for seat, amount in {1: 3, 2: -3, 3: 3, 4: -3}.items():
        assert f'data-seat="{seat}" data-delta="{amount}"' in fragment
