"""Saving a hand at the judge's table (`hand_add`): the lean save, through htmx (a fragment)
and without JavaScript (a redirect), with its guarantees — one hand per submission, no
save over another device's change, none at a locked table, none at another's table."""

import re
import uuid
from urllib.parse import unquote

import pytest
from django.contrib.messages import get_messages
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring.forms import base as base_forms
from tests.tournaments.helpers import hand_post
from tournaments import hand_store, score_sheets
from tournaments.access import TableAccess
from tournaments.models import Hand
from tournaments.views import table as table_views

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}
# Session, user, the table, its seats; the UPDATE that locks, checks and bumps the table,
# the last number (for htmx: the hands, which the answer shows), the hand, its revision:
# eight statements, and here, inside the test's transaction, a savepoint and its release.
SAVE_QUERIES = 10


def _save(client, table, *, htmx=False, **fields):
    table.refresh_from_db()
    data = hand_post(table, **{"declarer": 1, "partner": 3, "declarer_points": 59, **fields})
    url = reverse("tournaments:hand_add", args=[table.pk])
    return client.post(url, data, headers=HTMX if htmx else {})


def _fill(client, table, hands: int) -> None:
    for n in range(hands):
        _save(client, table, declarer=n % 4 + 1, partner=(n + 2) % 4 + 1, declarer_points=40 + n)


def _hidden(fragment: str, name: str) -> str:
    return re.search(rf'name="{name}" value="([^"]*)"', fragment).group(1)


class TestAnHtmxSave:
    def test_it_answers_with_only_what_changed(self, judge_client, table1):
        table1.refresh_from_db()
        sent = hand_post(table1, declarer=1, partner=3, declarer_points=59)
        response = judge_client.post(
            reverse("tournaments:hand_add", args=[table1.pk]), sent, headers=HTMX
        )
        fragment = response.content.decode()
        assert response.status_code == 200
        assert Hand.objects.get().settlement["deltas"] == {"1": 3, "2": -3, "3": 3, "4": -3}
        assert "Hand 1 saved." in fragment
        # The next hand's submission id and the table's new version, not the form again:
        # the phone resets its own.
        table1.refresh_from_db()
        assert 'id="next-hand"' in fragment
        assert _hidden(fragment, "version") == str(table1.version) == "1"
        assert _hidden(fragment, "submission") not in ("", sent["submission"])
        assert 'id="add-hand"' not in fragment and 'name="value_1_0"' not in fragment
        # The row (with its links), the count, the chips and the next turn.
        assert '<tbody id="saved-rows"><tr' in fragment
        assert reverse("tournaments:hand_history", args=[table1.pk, 1]) in fragment
        assert "1 hand" in fragment
        assert fragment.count(">103<") == 2 and fragment.count(">97<") == 2
        assert "seat 1 deals, seat 2 is Povinost" in fragment
        assert len(fragment) < 4000
        # What the fragment says is not said again on the next page.
        assert not list(get_messages(response.wsgi_request))

    def test_the_next_save_uses_the_answers_submission_and_version(self, judge_client, table1):
        fragment = _save(judge_client, table1, htmx=True).content.decode()
        data = hand_post(table1, declarer=2, partner=4, declarer_points=70)
        data.update(
            submission=_hidden(fragment, "submission"), version=_hidden(fragment, "version")
        )
        second = judge_client.post(
            reverse("tournaments:hand_add", args=[table1.pk]), data, headers=HTMX
        ).content.decode()
        assert "Hand 2 saved." in second
        assert list(Hand.objects.order_by("number").values_list("number", flat=True)) == [1, 2]

    def test_a_resent_submission_stores_nothing_twice(self, judge_client, table1):
        submission = uuid.uuid4()
        _save(judge_client, table1, htmx=True, submission=submission)
        table1.refresh_from_db()
        data = hand_post(table1, declarer=1, partner=3, declarer_points=59, submission=submission)
        data["version"] = "0"  # the resend carries the version the first attempt saw
        response = judge_client.post(
            reverse("tournaments:hand_add", args=[table1.pk]), data, headers=HTMX
        )
        # The whole page again, whose message says the hand is stored once.
        assert response.headers["HX-Redirect"] == table1.get_absolute_url()
        assert Hand.objects.count() == 1
        page = judge_client.get(table1.get_absolute_url()).content.decode()
        assert "Hand 1 was already saved; it is stored once." in page

    def test_a_form_from_before_another_devices_save_keeps_what_the_judge_typed(
        self, judge_client, table1
    ):
        """The save is refused (the version check), and the answer is the form again with
        the typed hand in it, on the table's new version, saying why, with the table as it
        is now out of band: the judge only presses Save again."""
        table1.refresh_from_db()
        stale = hand_post(table1, declarer=1, partner=3, declarer_points=59)
        _save(
            judge_client, table1, htmx=True, declarer=2, partner=4, declarer_points=70
        )  # the other phone
        response = judge_client.post(
            reverse("tournaments:hand_add", args=[table1.pk]), stale, headers=HTMX
        )
        fragment = response.content.decode()
        assert response.status_code == 200 and "HX-Redirect" not in response.headers
        assert Hand.objects.count() == 1
        assert "Another device changed this table while you were typing" in fragment
        assert "your hand is still in the form" in fragment
        # What the judge typed, on the version the other device's save left.
        assert 'name="declarer_points" value="59"' in fragment
        assert re.search(r'<option value="1" selected>', fragment)
        table1.refresh_from_db()
        assert _hidden(fragment, "version") == str(table1.version) == "1"
        # Its preview on the table as it is now (95 after the other hand, then +3).
        assert fragment.count(">98<") == 2
        # Out of band: the other device's hand, the count, the chips.
        assert 'id="hands-body" hx-swap-oob="true"' in fragment
        assert reverse("tournaments:hand_history", args=[table1.pk, 1]) in fragment
        assert "1 hand" in fragment and fragment.count(">95<") == 2
        # Said in the form, not again on the next page.
        assert not list(get_messages(response.wsgi_request))

        # Saved again as it came back: stored, after the other device's hand.
        again = {**stale, "version": _hidden(fragment, "version")}
        again["submission"] = _hidden(fragment, "submission")
        saved = judge_client.post(
            reverse("tournaments:hand_add", args=[table1.pk]), again, headers=HTMX
        )
        assert "Hand 2 saved." in saved.content.decode()
        assert Hand.objects.get(number=2).data["declarer_points"] == 59

    def test_an_impossible_hand_shows_its_errors_in_the_preview(self, judge_client, table1):
        response = _save(judge_client, table1, htmx=True, partner=1)
        assert response.headers["HX-Retarget"] == "#preview"
        assert response.headers["HX-Reswap"] == "innerHTML"
        assert "Partner (holds the called trump)" in response.content.decode()
        assert not Hand.objects.exists()

    def test_another_tables_judge_is_refused(self, other_judge_client, table1, table2):
        assert _save(other_judge_client, table1, htmx=True).status_code == 403
        assert not Hand.objects.exists()

    def test_a_phone_with_the_tables_link_saves_too(self, link_client, table1):
        response = _save(link_client, table1, htmx=True)
        assert "Hand 1 saved." in response.content.decode()
        assert Hand.objects.get().revisions.get().actor == "judge link of table 1"


class TestAPlainSave:
    def test_it_redirects_to_the_page_that_shows_the_hand(self, judge_client, table1):
        response = _save(judge_client, table1)
        assert response.status_code == 302 and response.url == table1.get_absolute_url()
        page = judge_client.get(response.url).content.decode()
        assert "Hand 1 saved." in page and page.count(">103<") == 2

    def test_an_impossible_hand_shows_the_page_with_its_errors_at_their_field(
        self, judge_client, table1
    ):
        # The form takes it; the rules do not (the service's scoring says why).
        response = _save(judge_client, table1, partner=1)
        page = response.content.decode()
        assert response.status_code == 200
        assert 'id="id_partner_error"' in page and "must differ from the declarer" in page
        assert not Hand.objects.exists()


@pytest.mark.parametrize("htmx", [False, True], ids=["plain", "htmx"])
def test_a_save_scores_the_hand_once(judge_client, table1, monkeypatch, htmx):
    """The service scores the hand it stores; the view does not score it beforehand."""
    scored = []
    original = hand_store.score_hand

    def counted(*args):
        scored.append(args[0])
        return original(*args)

    monkeypatch.setattr(hand_store, "score_hand", counted)
    monkeypatch.setattr(base_forms, "score_hand", counted)
    assert _save(judge_client, table1, htmx=htmx).status_code == (200 if htmx else 302)
    assert scored == ["spjst"]
    assert Hand.objects.count() == 1


class TestTheSavesQueries:
    @pytest.mark.parametrize("htmx", [False, True], ids=["plain", "htmx"])
    def test_a_save_makes_at_most_ten_queries_however_many_hands_the_table_has(
        self, judge_client, table1, queries_of, django_assert_max_num_queries, htmx
    ):
        url = reverse("tournaments:hand_add", args=[table1.pk])
        headers = HTMX if htmx else {}

        def post():
            table1.refresh_from_db()  # before the count: the test's own query
            data = hand_post(table1, declarer=2, partner=4, declarer_points=61)
            return lambda: judge_client.post(url, data, headers=headers)

        _save(judge_client, table1)  # gives the browser its id
        second = queries_of(post())
        # The round's last hand (12 a round): a full table costs what an empty one does.
        _fill(judge_client, table1, 9)
        send = post()
        with django_assert_max_num_queries(min(second, SAVE_QUERIES)):
            response = send()
        assert response.status_code == (200 if htmx else 302)
        assert Hand.objects.count() == 12

    def test_an_htmx_saves_answer_builds_no_form_for_the_next_hand(
        self, judge_client, table1, monkeypatch
    ):
        # The phone resets its own form: the answer needs none, and building a blank one
        # (some 350 fields) was a tenth of the answer (bench/bench_requests.py).
        built = []
        real = table_views._hand_form
        monkeypatch.setattr(
            table_views,
            "_hand_form",
            lambda *args, **kwargs: built.append(1) or real(*args, **kwargs),
        )
        response = _save(judge_client, table1, htmx=True)
        assert response.headers["X-Hand-Outcome"] == "saved"
        assert built == [1]  # the posted hand's, to validate it

    def test_a_conflicts_answer_reads_the_tables_hands_once(
        self, judge_client, table1, django_assert_max_num_queries
    ):
        # As the judge's page reads them (`Table.played_hands`), not a second time whole
        # through `with_play`'s prefetch, settlements and all.
        table1.refresh_from_db()
        stale = hand_post(table1, declarer=1, partner=3, declarer_points=59)
        _fill(judge_client, table1, 3)
        url = reverse("tournaments:hand_add", args=[table1.pk])
        with CaptureQueriesContext(connection) as context:
            response = judge_client.post(url, stale, headers=HTMX)
        assert response.headers["X-Hand-Outcome"] == "conflict"
        # Besides the look-up of the submission (was the hand stored before?).
        reads = [
            query["sql"]
            for query in context
            if 'FROM "tournaments_hand"' in query["sql"]
            and '"tournaments_hand"."submission" =' not in query["sql"]
        ]
        assert len(reads) == 1
        assert response.content.decode().count('<tr class="') == 3  # the table's three hands


class TestTheNextNumber:
    """The claim's UPDATE locks the table; the last number is read under that lock, from
    the hands the htmx answer shows or by one aggregate for a plain save."""

    @pytest.mark.parametrize("htmx", [False, True], ids=["plain", "htmx"])
    def test_hands_are_numbered_on_after_the_last_even_a_deleted_one(
        self, judge_client, judge, table1, htmx
    ):
        _save(judge_client, table1, htmx=htmx)
        _save(judge_client, table1, htmx=htmx, declarer=2, partner=4, declarer_points=70)
        table1.refresh_from_db()
        judge_client.post(
            reverse("tournaments:hand_delete", args=[table1.pk, 2]),
            {"reason": "misdeal", "version": table1.version},
        )
        _save(judge_client, table1, htmx=htmx, declarer=3, partner=1, declarer_points=61)
        assert list(Hand.objects.values_list("number", "deleted")) == [
            (1, False),
            (2, True),
            (3, False),
        ]
        # Each hand's first revision holds what the hand was saved with, and who saved it.
        for hand in Hand.objects.prefetch_related("revisions"):
            first = hand.revisions.all()[0]
            assert (first.revision, first.data, first.settlement, first.deleted) == (
                1,
                hand.data,
                hand.settlement,
                False,
            )
            assert first.changed_by == judge
            assert first.actor == (judge.get_full_name() or judge.username)

    def test_a_form_from_before_another_devices_save_comes_back_filled_in(
        self, judge_client, table1
    ):
        table1.refresh_from_db()
        stale = hand_post(table1, declarer=1, partner=3, declarer_points=59)
        _save(judge_client, table1, declarer=2, partner=4, declarer_points=70)  # the other phone
        response = judge_client.post(reverse("tournaments:hand_add", args=[table1.pk]), stale)
        page = response.content.decode()
        assert response.status_code == 200
        assert Hand.objects.count() == 1
        assert "your hand is still in the form" in page
        assert 'name="declarer_points" value="59"' in page
        assert _hidden(page, "version") == "1"
        assert reverse("tournaments:hand_history", args=[table1.pk, 1]) in page

    def test_a_stale_claim_answers_no_number_and_stores_nothing(self, judge_client, table1):
        _save(judge_client, table1)
        table1.refresh_from_db()
        stale = hand_post(table1, declarer=2, partner=4, declarer_points=70)
        stale["version"] = str(table1.version - 1)
        judge_client.post(reverse("tournaments:hand_add", args=[table1.pk]), stale)
        assert Hand.objects.count() == 1


class TestTheLockedTable:
    def test_a_confirmation_makes_an_older_form_stale_and_the_save_says_locked(
        self, judge_client, table1, judge, director
    ):
        """A confirmation bumps the table's version: the one UPDATE that claims the table
        compares the version on the row itself, which PostgreSQL re-reads for a save that
        waited on the lock behind the confirmation (a subquery it would not re-read)."""
        table1.refresh_from_db()
        form = hand_post(table1, declarer=1, partner=3, declarer_points=59)
        access = TableAccess(table1, judge, "judge", False)
        sheet = score_sheets.add_sheet(access=access, counts={s: 100 for s in (1, 2, 3, 4)}).sheet
        score_sheets.confirm_sheet(sheet=sheet, by=director)
        table1.refresh_from_db()
        assert table1.version == int(form["version"]) + 1
        response = judge_client.post(
            reverse("tournaments:hand_add", args=[table1.pk]), form, headers=HTMX
        )
        assert response.headers["HX-Redirect"] == table1.get_absolute_url()
        assert not Hand.objects.exists()
        page = judge_client.get(table1.get_absolute_url()).content.decode()
        assert "Nothing was saved: this table is locked" in page and 'id="lock"' in page


class TestWhatAnHtmxSaveSaysItDid:
    """`X-Hand-Outcome` (and `X-Hand-Refusal`, the refusal's words URL-encoded): what the
    phone's queue of hands saved offline reads (static/js/judge/send.js)."""

    def test_saved_then_stored_before(self, judge_client, table1):
        submission = uuid.uuid4()
        first = _save(judge_client, table1, htmx=True, submission=submission, version=0)
        assert first.headers["X-Hand-Outcome"] == "saved"
        assert first.headers["X-Hand-Number"] == "1"
        data = hand_post(table1, declarer=1, partner=3, declarer_points=59, submission=submission)
        data["version"] = "0"
        again = judge_client.post(
            reverse("tournaments:hand_add", args=[table1.pk]), data, headers=HTMX
        )
        assert again.headers["X-Hand-Outcome"] == "stored-before"
        assert again.headers["X-Hand-Number"] == "1"
        assert "X-Hand-Refusal" not in again.headers
        assert Hand.objects.count() == 1

    def test_a_stale_form_is_a_conflict_in_words(self, judge_client, table1):
        table1.refresh_from_db()
        stale = hand_post(table1, declarer=1, partner=3, declarer_points=59)
        _save(judge_client, table1, declarer=2, partner=4, declarer_points=70)
        response = judge_client.post(
            reverse("tournaments:hand_add", args=[table1.pk]), stale, headers=HTMX
        )
        assert response.headers["X-Hand-Outcome"] == "conflict"
        refusal = unquote(response.headers["X-Hand-Refusal"])
        assert refusal.startswith("Another device changed this table")
        assert Hand.objects.count() == 1

    @pytest.mark.parametrize(
        ("language", "kept", "retyped"),
        [
            ("en", "Your hand is kept", "enter it again"),
            ("cs", "Vaše hra zůstala zachována", "zadejte"),
            ("sl", "Vaša igra je ohranjena", "vpišite"),
        ],
    )
    def test_a_conflict_says_the_hand_is_kept_not_to_type_it_again(
        self, judge_client, table1, language, kept, retyped
    ):
        # The answer brings the form back with the hand typed (and the phone's queue keeps
        # it): its words must not ask the judge to enter the hand again.
        table1.refresh_from_db()
        stale = hand_post(table1, declarer=1, partner=3, declarer_points=59)
        _save(judge_client, table1, declarer=2, partner=4, declarer_points=70)
        judge_client.cookies["django_language"] = language
        response = judge_client.post(
            reverse("tournaments:hand_add", args=[table1.pk]), stale, headers=HTMX
        )
        refusal = unquote(response.headers["X-Hand-Refusal"])
        assert kept in refusal and retyped not in refusal
        assert 'name="declarer_points" value="59"' in response.content.decode()

    def test_a_locked_table_refuses_with_the_locks_words(
        self, judge_client, table1, judge, director
    ):
        table1.refresh_from_db()
        form = hand_post(table1, declarer=1, partner=3, declarer_points=59)
        access = TableAccess(table1, judge, "judge", False)
        sheet = score_sheets.add_sheet(access=access, counts={s: 100 for s in (1, 2, 3, 4)}).sheet
        score_sheets.confirm_sheet(sheet=sheet, by=director)
        form["version"] = str(int(form["version"]) + 1)  # built after the confirmation
        response = judge_client.post(
            reverse("tournaments:hand_add", args=[table1.pk]), form, headers=HTMX
        )
        assert response.headers["X-Hand-Outcome"] == "refused"
        assert "is locked: its score sheet was confirmed" in unquote(
            response.headers["X-Hand-Refusal"]
        )
        assert not Hand.objects.exists()

    def test_a_form_with_errors_is_invalid(self, judge_client, table1):
        response = _save(judge_client, table1, htmx=True, partner=1)
        assert response.headers["X-Hand-Outcome"] == "invalid"
        assert not Hand.objects.exists()
