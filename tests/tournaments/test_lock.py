"""A confirmed record stays true: the lock on confirmation, reopening a table, the round
close re-check, and the two-person rule by every route (issue: a confirmed record)."""

import uuid

import pytest
from django.contrib.auth.models import Group
from django.db import IntegrityError, transaction
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.tournaments.helpers import hand_post
from tournaments import hand_store, recording, score_sheets, services
from tournaments.access import BROWSER_COOKIE, TableAccess
from tournaments.models import AuditEntry, Hand, Round, ScoreSheet

pytestmark = pytest.mark.django_db

AFTER_ONE_HAND = {"seat_1": 103, "seat_2": 97, "seat_3": 103, "seat_4": 97}


def _add_hand(client, table, **fields):
    table.refresh_from_db()
    data = hand_post(table, declarer=1, partner=3, declarer_points=59, **fields)
    return client.post(reverse("tournaments:hand_add", args=[table.pk]), data, follow=True)


def _enter_sheet(client, table, counts=AFTER_ONE_HAND):
    return client.post(reverse("tournaments:sheet", args=[table.pk]), counts)


def _latest_sheet(table) -> ScoreSheet:
    return table.sheets.order_by("-entered_at", "-pk").first()


def _confirm(client, sheet):
    return client.post(reverse("tournaments:sheet_confirm", args=[sheet.pk]), follow=True)


@pytest.fixture
def confirmed(judge_client, other_judge_client, table1, table2):
    """Table 1 with one hand and its sheet entered by its judge and confirmed by the judge
    of table 2."""
    _add_hand(judge_client, table1)
    _enter_sheet(judge_client, table1)
    _confirm(other_judge_client, _latest_sheet(table1))
    assert _latest_sheet(table1).confirmed
    table1.refresh_from_db()
    return table1


def _snapshot(table):
    table.refresh_from_db()
    hands = list(table.hands.order_by("number").values_list("number", "settlement", "deleted"))
    return table.version, hands, Hand.objects.count()


class TestTheLock:
    def test_the_judge_cannot_add_a_hand_to_a_confirmed_table(self, judge_client, confirmed):
        before = _snapshot(confirmed)
        page = _add_hand(judge_client, confirmed).content.decode()
        assert "is locked: its score sheet was confirmed by olga-judge" in page
        assert "A director can reopen the table" in page
        assert _snapshot(confirmed) == before

    def test_a_phone_with_the_tables_link_cannot_add_a_hand(self, confirmed):
        confirmed.judge_token = "k" * 43
        confirmed.save()
        phone = Client()
        phone.get(f"/judge/{confirmed.judge_token}/")
        before = _snapshot(confirmed)
        page = _add_hand(phone, confirmed).content.decode()
        assert "Nothing was saved: this table is locked" in page
        assert _snapshot(confirmed) == before

    def test_the_page_shows_the_lock_and_offers_no_hand_form(self, judge_client, confirmed):
        page = judge_client.get(confirmed.get_absolute_url()).content.decode()
        assert 'id="lock"' in page and "confirmed by olga-judge" in page
        assert "Add hand" not in page
        assert reverse("tournaments:hand_edit", args=[confirmed.pk, 1]) not in page

    def test_a_direct_post_to_edit_is_refused(self, judge_client, confirmed):
        before = _snapshot(confirmed)
        data = {
            **hand_post(confirmed, declarer=1, partner=3, declarer_points=40),
            "reason": "late change",
        }
        url = reverse("tournaments:hand_edit", args=[confirmed.pk, 1])
        page = judge_client.post(url, data, follow=True).content.decode()
        assert "is locked" in page
        assert _snapshot(confirmed) == before

    def test_a_direct_post_to_delete_is_refused(self, judge_client, confirmed):
        before = _snapshot(confirmed)
        url = reverse("tournaments:hand_delete", args=[confirmed.pk, 1])
        data = {"version": confirmed.version, "reason": "oops"}
        page = judge_client.post(url, data, follow=True).content.decode()
        assert "is locked" in page
        assert _snapshot(confirmed) == before

    def test_the_director_cannot_add_a_ruling_to_a_locked_hand(self, director_client, confirmed):
        before = _snapshot(confirmed)
        url = reverse("tournaments:ledger_apply", args=[confirmed.round.tournament_id])
        data = {
            "table": confirmed.pk,
            "hand": "1",
            "code": "spjst.discard_counter",
            "seat": "2",
            "reason": "king discarded",
        }
        page = director_client.post(url, data, follow=True).content.decode()
        assert "is locked" in page
        assert _snapshot(confirmed) == before

    def test_the_services_refuse_every_change_of_a_confirmed_table(self, confirmed, director):
        access = TableAccess(confirmed, director, "dora", True)
        hand = confirmed.hands.get()
        with pytest.raises(recording.TableLocked):
            hand_store.add_hand(
                access=access,
                data={"penalties": [{"code": "spjst.misdeal", "seat": 1}]},
                submission=uuid.uuid4(),
                expected_version=confirmed.version,
            )
        with pytest.raises(recording.TableLocked):
            hand_store.revise_hand(
                access=access,
                hand=hand,
                delete=True,
                reason="x",
                expected_version=confirmed.version,
            )
        with pytest.raises(recording.TableLocked):
            score_sheets.add_sheet(access=access, counts={1: 100, 2: 100, 3: 100, 4: 100})


class TestReopening:
    def test_a_director_reopens_and_the_table_is_corrected_and_reconfirmed(
        self, judge_client, other_judge_client, director_client, confirmed
    ):
        url = reverse("tournaments:table_reopen", args=[confirmed.pk])
        page = director_client.post(url, {"reason": "seat 2 misread"}, follow=True)
        assert "is open again" in page.content.decode()
        assert not ScoreSheet.objects.filter(confirmed_at__isnull=False).exists()
        entry = AuditEntry.objects.get(action="table reopen")
        assert "seat 2 misread" in entry.detail and "olga-judge" in entry.detail
        page = judge_client.get(confirmed.get_absolute_url()).content.decode()
        assert 'id="lock"' not in page and "Add hand" in page

        _add_hand(judge_client, confirmed)
        assert confirmed.hands.count() == 2
        _enter_sheet(
            judge_client, confirmed, {"seat_1": 106, "seat_2": 94, "seat_3": 106, "seat_4": 94}
        )
        _confirm(other_judge_client, _latest_sheet(confirmed))
        assert _latest_sheet(confirmed).confirmed

    def test_reopening_needs_a_reason(self, director_client, confirmed):
        url = reverse("tournaments:table_reopen", args=[confirmed.pk])
        page = director_client.post(url, {"reason": ""}, follow=True).content.decode()
        assert "Say why the table is reopened" in page
        assert _latest_sheet(confirmed).confirmed
        assert not AuditEntry.objects.filter(action="table reopen").exists()

    def test_a_judge_cannot_reopen(self, judge_client, confirmed):
        url = reverse("tournaments:table_reopen", args=[confirmed.pk])
        assert judge_client.post(url, {"reason": "mine"}).status_code == 403
        assert _latest_sheet(confirmed).confirmed

    def test_the_director_sees_the_reopen_form_on_the_sheet(self, director_client, confirmed):
        page = director_client.get(reverse("tournaments:sheet", args=[confirmed.pk]))
        assert reverse("tournaments:table_reopen", args=[confirmed.pk]) in page.content.decode()


class TestClosingTheRound:
    def _confirm_all(self, round_, director):
        for table in round_.tables.all():
            counts = {seat.number: 100 for seat in table.seats.all()}
            access = TableAccess(table, None, "link", False, browser="phone")
            sheet = score_sheets.add_sheet(access=access, counts=counts).sheet
            score_sheets.confirm_sheet(sheet=sheet, by=director)

    def test_a_close_rechecks_every_sheet_against_the_hands(self, round1, director):
        self._confirm_all(round1, director)
        table = round1.tables.get(number=3)
        # A hand that reached the table behind the services' back (a database edit).
        Hand.objects.create(
            table=table,
            number=1,
            data={},
            settlement={"deltas": {"1": 3, "2": -3, "3": 3, "4": -3}},
            submission=uuid.uuid4(),
        )
        with pytest.raises(services.TournamentError, match="no longer agrees with their hands: 3"):
            services.set_round_status(round_=round1, status=Round.Status.CLOSED, by=director)
        round1.refresh_from_db()
        assert round1.status == Round.Status.PLAYING

    def test_a_close_with_agreeing_confirmed_sheets_succeeds(self, round1, director):
        self._confirm_all(round1, director)
        services.set_round_status(round_=round1, status=Round.Status.CLOSED, by=director)
        round1.refresh_from_db()
        assert round1.status == Round.Status.CLOSED

    def test_a_close_lists_the_unconfirmed_tables(self, round1, director):
        with pytest.raises(services.TournamentError, match="confirmed score sheet: 1, 2, 3, 4"):
            services.set_round_status(round_=round1, status=Round.Status.CLOSED, by=director)


class TestTwoPersons:
    def test_the_entering_user_is_refused_with_a_plain_message(self, judge_client, table1):
        _enter_sheet(
            judge_client, table1, {"seat_1": 100, "seat_2": 100, "seat_3": 100, "seat_4": 100}
        )
        sheet = _latest_sheet(table1)
        page = judge_client.get(reverse("tournaments:sheet", args=[table1.pk])).content.decode()
        assert "Waiting for a second person to confirm." in page
        assert reverse("tournaments:sheet_confirm", args=[sheet.pk]) not in page
        page = _confirm(judge_client, sheet).content.decode()
        assert "You entered this sheet" in page
        assert not _latest_sheet(table1).confirmed

    def test_a_logged_in_judge_using_another_tables_link_is_recorded_and_refused(
        self, other_judge_client, table1, table2
    ):
        table1.judge_token = "l" * 43
        table1.save()
        other_judge_client.get(f"/judge/{table1.judge_token}/")
        _enter_sheet(
            other_judge_client, table1, {"seat_1": 100, "seat_2": 100, "seat_3": 100, "seat_4": 100}
        )
        sheet = _latest_sheet(table1)
        assert sheet.entered_by.username == "olga-judge"
        assert "judge link of table 1" in sheet.entered_actor
        page = _confirm(other_judge_client, sheet).content.decode()
        assert "You entered this sheet" in page
        assert not _latest_sheet(table1).confirmed

    def test_the_same_browser_is_refused_after_logging_in(self, link_client, other_judge, table2):
        _enter_sheet(
            link_client,
            link_client_table := table2.round.tables.get(number=1),
            {"seat_1": 100, "seat_2": 100, "seat_3": 100, "seat_4": 100},
        )
        sheet = _latest_sheet(link_client_table)
        assert sheet.entered_by is None and sheet.entered_browser
        # The phone that used the link logs in as the judge of table 2: same browser.
        link_client.force_login(other_judge)
        page = _confirm(link_client, sheet).content.decode()
        assert "entered on this device" in page
        assert not _latest_sheet(link_client_table).confirmed

    def test_the_same_phone_is_refused_after_a_logout_and_the_directors_login(
        self, judge, director, table1
    ):
        """The browser's id outlives its session: the judge logs out, the director logs in
        on the same phone, and the two-person rule still sees one phone."""
        phone = Client()
        phone.force_login(judge)
        _enter_sheet(phone, table1, {"seat_1": 100, "seat_2": 100, "seat_3": 100, "seat_4": 100})
        sheet = _latest_sheet(table1)
        assert sheet.entered_by == judge and sheet.entered_browser
        phone.post(reverse("logout"))
        phone.force_login(director)
        page = _confirm(phone, sheet).content.decode()
        assert "entered on this device" in page
        assert not _latest_sheet(table1).confirmed
        # The director on another browser may.
        desk = Client()
        desk.force_login(director)
        _confirm(desk, sheet)
        assert _latest_sheet(table1).confirmed

    def test_a_browser_id_kept_in_an_older_session_stays_the_browsers(
        self, judge, director, table1
    ):
        """A sheet entered before the id moved to its cookie remembers the session's id:
        the same browser keeps it, so the comparison still holds."""
        phone = Client()
        phone.force_login(judge)
        session = phone.session
        session["browser"] = "0123456789abcdef0123456789abcdef"
        session.save()
        _enter_sheet(phone, table1, {"seat_1": 100, "seat_2": 100, "seat_3": 100, "seat_4": 100})
        sheet = _latest_sheet(table1)
        assert sheet.entered_browser == "0123456789abcdef0123456789abcdef"
        phone.post(reverse("logout"))
        phone.force_login(director)
        assert "entered on this device" in _confirm(phone, sheet).content.decode()
        assert not _latest_sheet(table1).confirmed

    def test_the_browsers_id_is_a_long_lived_signed_cookie(self, judge_client, table1):
        response = judge_client.get(reverse("tournaments:table", args=[table1.pk]))
        cookie = response.cookies[BROWSER_COOKIE]
        assert cookie["httponly"] and cookie["samesite"] == "Lax"
        assert int(cookie["max-age"]) >= 300 * 24 * 3600
        # Sent once: the next page reads it and sends none.
        again = judge_client.get(reverse("tournaments:table", args=[table1.pk]))
        assert BROWSER_COOKIE not in again.cookies
        # A forged id is not taken: the browser gets a new one.
        judge_client.cookies[BROWSER_COOKIE] = "0123456789abcdef0123456789abcdef"
        forged = judge_client.get(reverse("tournaments:table", args=[table1.pk]))
        assert forged.cookies[BROWSER_COOKIE].value != cookie.value

    def test_anyone_holding_the_tables_link_is_refused(self, link_client, table1, table2):
        _enter_sheet(
            link_client, table1, {"seat_1": 100, "seat_2": 100, "seat_3": 100, "seat_4": 100}
        )
        sheet = _latest_sheet(table1)
        # Another phone opens table 1's link, then its owner logs in as table 2's judge.
        second = Client()
        second.get(f"/judge/{table1.judge_token}/")
        second.force_login(table2.judge)
        page = _confirm(second, sheet).content.decode()
        assert "holds the judge link of Table 1" in page
        assert not _latest_sheet(table1).confirmed
        # The judge of table 2 on their own phone may.
        own = Client()
        own.force_login(table2.judge)
        _confirm(own, sheet)
        assert _latest_sheet(table1).confirmed

    def test_a_sheet_the_director_entered_is_confirmed_by_a_judge(
        self, director_client, other_judge_client, table1, table2
    ):
        _enter_sheet(
            director_client, table1, {"seat_1": 100, "seat_2": 100, "seat_3": 100, "seat_4": 100}
        )
        sheet = _latest_sheet(table1)
        assert "You entered this sheet" in _confirm(director_client, sheet).content.decode()
        assert not _latest_sheet(table1).confirmed
        _confirm(other_judge_client, sheet)
        assert _latest_sheet(table1).confirmed

    def test_the_database_refuses_a_confirmation_from_the_entering_browser(self, table1, director):
        with pytest.raises(IntegrityError), transaction.atomic():
            ScoreSheet.objects.create(
                table=table1,
                entered_actor="link",
                entered_browser="abc",
                confirmed_by=director,
                confirmed_browser="abc",
                confirmed_at=timezone.now(),
            )


class TestConfirmationPaths:
    def test_a_judge_sees_sheets_to_confirm_and_confirms_from_his_page(
        self, judge_client, other_judge_client, table1, table2
    ):
        _add_hand(judge_client, table1)
        _enter_sheet(judge_client, table1)
        page = other_judge_client.get(table2.get_absolute_url()).content.decode()
        assert "Sheets to confirm" in page and "Confirm Table 1" in page
        # Once, in the page's body: never in its <title>.
        title = page[page.index("<title>") : page.index("</title>")]
        assert page.count('id="to-confirm"') == 1 and "Confirm" not in title
        mine = other_judge_client.get(reverse("tournaments:my_tables")).content.decode()
        assert "Sheets to confirm" in mine and "Confirm Table 1" in mine
        review = other_judge_client.get(
            reverse("tournaments:sheet_review", args=[_latest_sheet(table1).pk])
        ).content.decode()
        assert "Confirm this sheet" in review and "103" in review
        _confirm(other_judge_client, _latest_sheet(table1))
        assert _latest_sheet(table1).confirmed_by == table2.judge

    def test_the_judge_page_reads_its_own_sheets_with_those_waiting_beside(
        self, judge_client, other_judge_client, table1, table2, django_assert_max_num_queries
    ):
        _add_hand(other_judge_client, table2)
        _enter_sheet(other_judge_client, table2)
        with django_assert_max_num_queries(20) as context:
            page = other_judge_client.get(table2.get_absolute_url()).content.decode()
        # One query for its own sheet and the round's unconfirmed ones (its own excepted).
        sheets = [q for q in context.captured_queries if "tournaments_scoresheet" in q["sql"]]
        assert len(sheets) == 1
        assert ">Score sheet</a>" in page and "Enter the score sheet" not in page
        assert "Sheets to confirm" not in page
        _add_hand(judge_client, table1)
        _enter_sheet(judge_client, table1)
        page = other_judge_client.get(table2.get_absolute_url()).content.decode()
        assert "Confirm Table 1" in page and 'id="lock"' not in page
        # Table 2's sheet confirmed: its page is locked, and table 1 still waits.
        _confirm(judge_client, _latest_sheet(table2))
        page = other_judge_client.get(table2.get_absolute_url()).content.decode()
        assert 'id="lock"' in page and "Confirm Table 1" in page

    def test_the_entering_judge_sees_waiting_instead_of_a_button(
        self, judge_client, table1, table2
    ):
        _enter_sheet(
            judge_client, table1, {"seat_1": 100, "seat_2": 100, "seat_3": 100, "seat_4": 100}
        )
        page = judge_client.get(reverse("tournaments:sheet", args=[table1.pk])).content.decode()
        assert "Waiting for a second person" in page
        assert "Confirm this sheet" not in page

    def test_the_dashboard_lists_sheets_waiting_with_a_confirm_button(
        self, judge_client, director_client, table1
    ):
        _enter_sheet(
            judge_client, table1, {"seat_1": 100, "seat_2": 100, "seat_3": 100, "seat_4": 100}
        )
        url = reverse("tournaments:dashboard", args=[table1.round.tournament_id])
        page = director_client.get(url).content.decode()
        assert "1 sheet waits for confirmation." in page
        assert reverse("tournaments:sheet_confirm", args=[_latest_sheet(table1).pk]) in page

    def test_a_judge_of_no_table_in_the_round_gets_a_plain_page(
        self, judge_client, table1, django_user_model
    ):
        _enter_sheet(
            judge_client, table1, {"seat_1": 100, "seat_2": 100, "seat_3": 100, "seat_4": 100}
        )
        loose = django_user_model.objects.create_user("loose", password="pw")
        loose.groups.add(Group.objects.get_or_create(name="Judges")[0])
        client = Client()
        client.force_login(loose)
        page = client.get(reverse("tournaments:sheet_review", args=[_latest_sheet(table1).pk]))
        assert page.status_code == 403
        assert "Only a director or the judges of this round" in page.content.decode()
        assert "My tables" in page.content.decode()


class TestMyTables:
    def test_a_judge_finds_his_tables_from_the_navigation(self, judge_client, table1):
        home = judge_client.get(reverse("home")).content.decode()
        assert reverse("tournaments:my_tables") in home
        page = judge_client.get(reverse("tournaments:my_tables")).content.decode()
        assert table1.get_absolute_url() in page
        for seat in table1.seats.select_related("player"):
            assert seat.player.name in page

    def test_a_visitor_has_no_my_tables_link(self, anon_client, table1):
        assert reverse("tournaments:my_tables") not in anon_client.get("/").content.decode()

    def test_the_page_costs_the_same_with_more_tables(
        self, judge, judge_client, round1, django_assert_max_num_queries
    ):
        round1.tables.update(judge=judge)
        with django_assert_max_num_queries(20):
            page = judge_client.get(reverse("tournaments:my_tables")).content.decode()
        assert page.count("· Round 1 · Table ") == 4


class TestPaperOnly:
    def _set(self, client, table, **data):
        url = reverse("tournaments:table_judge", args=[table.pk])
        return client.post(
            url, {"judge": table.judge_id or "", "link": "keep", **data}, follow=True
        )

    def test_ticking_paper_only_persists_and_shows(self, director_client, judge_client, table1):
        page = self._set(director_client, table1, paper_only="on").content.decode()
        assert "keeps score on paper only" in page
        table1.refresh_from_db()
        assert table1.paper_only
        round_page = director_client.get(table1.round.get_absolute_url()).content.decode()
        assert 'class="badge paper-only"' in round_page
        assert (
            judge_client.get(table1.get_absolute_url()).content.decode().count('id="paper-only"')
            == 1
        )

    def test_a_judge_change_keeps_paper_only(self, director_client, table1, other_judge):
        self._set(director_client, table1, paper_only="on")
        table1.refresh_from_db()
        services.set_judge(table=table1, by=table1.round.tournament.created_by, judge=other_judge)
        table1.refresh_from_db()
        assert table1.paper_only

    def test_a_paper_only_sheet_is_checked_on_the_total_only(
        self, director_client, judge_client, table1
    ):
        self._set(director_client, table1, paper_only="on")
        page = _enter_sheet(
            judge_client, table1, {"seat_1": 130, "seat_2": 70, "seat_3": 100, "seat_4": 100}
        )
        assert "Paper-only table" in page.content.decode()
        table1.refresh_from_db()
        check = score_sheets.table_check(table1, {1: 130, 2: 70, 3: 100, 4: 100})
        assert check.ok

    def test_a_paper_only_table_records_no_hands(self, director_client, judge_client, table1):
        self._set(director_client, table1, paper_only="on")
        page = _add_hand(judge_client, table1).content.decode()
        assert "keeps its score on paper only" in page
        assert not Hand.objects.exists()


class TestDeletedHands:
    @pytest.fixture(autouse=True)
    def _two_hands_the_first_deleted(self, judge_client, table1):
        _add_hand(judge_client, table1)
        _add_hand(judge_client, table1)
        table1.refresh_from_db()
        judge_client.post(
            reverse("tournaments:hand_delete", args=[table1.pk, 1]),
            {"version": table1.version, "reason": "dealt twice"},
        )

    def test_a_deleted_hand_is_struck_through_and_not_counted(self, judge_client, table1):
        page = judge_client.get(table1.get_absolute_url()).content.decode()
        assert "1 hand</h2>" in page
        assert "<s>1</s>" in page

    def test_the_filled_sheet_keeps_a_deleted_hands_number(self, table1):
        from tournaments.models import Table
        from tournaments.views.printing import sheet_doc

        table = Table.objects.with_play().get(pk=table1.pk)
        doc = sheet_doc(None, table, filled=True)
        assert [hand.number for hand in doc.hands] == [1, 2]
        assert doc.hands[0].deleted and doc.hands[0].summary.startswith("Deleted")


def test_a_finished_tournaments_round_cannot_be_reopened(round1, director):
    TestClosingTheRound()._confirm_all(round1, director)
    services.set_round_status(round_=round1, status=Round.Status.CLOSED, by=director)
    services.finish_tournament(tournament=round1.tournament, by=director)
    with pytest.raises(services.TournamentError, match="reopen the tournament"):
        services.set_round_status(
            round_=round1, status=Round.Status.PLAYING, by=director, reason="recount"
        )
    round1.refresh_from_db()
    assert round1.status == Round.Status.CLOSED
