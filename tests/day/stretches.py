"""Whole stretches of the simulated day (tests/test_tournament_day.py), so that random
steps get somewhere: a round played from its draw to its close, and the shared phone
handed over between entering a sheet and confirming it. A mixin of `TournamentDay`: it
reads the day's phones, judges and tournament from `self`."""

import uuid

from django.urls import reverse
from hypothesis import strategies as st
from hypothesis.stateful import rule

from tests.day import hands as day_hands
from tests.day.people import Phone
from tests.day.reading import computed_counts
from tournaments.models import Hand, Round, ScoreSheet, Table


class RoundSteps:
    """The steps that play a round at a time, and the sheet entry and confirmation the
    other steps share."""

    def _judge_phone(self, table: Table) -> Phone:
        """The phone of the table's judge: assigned by the director if it has none."""
        if table.judge is None:
            judge = self.judges[table.number % 2]
            body = {"judge": judge.pk, "link": "keep"}
            self.director_phone.post(reverse("tournaments:table_judge", args=[table.pk]), body)
            table.refresh_from_db()
        mine = [p for p in self.own_phones if p.user == table.judge]
        if mine:
            return mine[0]
        if self.shared.user != table.judge:
            self.shared.logout()
            self.shared.login(table.judge)
        return self.shared

    @rule(data=st.data(), seed=st.integers(0, 2**16))
    def play_a_round(self, data, seed) -> None:
        """The director moves the day on: the next round is drawn (once the last one is
        closed) and started, each open table plays its hands (a few too many, now and
        then), its judge enters the sheet and the director confirms it; then the round
        is closed."""
        last = self._last_round()
        if last is None or last.status == Round.Status.CLOSED:
            self.draw(seed)
            last = self._last_round()
        if last is None:
            return
        if last.status == Round.Status.DRAWN:
            self.start_round()
        for table in self._tables():
            if table.sheets.filter(confirmed_at__isnull=False).exists():
                continue
            phone = self._judge_phone(table)
            limit = self.tournament.hands_per_round or 2
            ruleset, seats = self.tournament.ruleset, table.seats.count()
            for _ in range(data.draw(st.integers(0, limit + 1), label="hands")):
                hand = data.draw(day_hands.valid_hands(ruleset, seats), label="hand")
                self._send_hand(phone, table, hand, valid=True)
            if self.sent and data.draw(st.integers(0, 3), label="entered twice") == 0:
                self._delete_and_resend(phone, table)
            self._enter_sheet(phone, table, right=data.draw(st.integers(0, 3), label="right"))
            sheet = table.sheets.order_by("-entered_at", "-pk").first()
            if sheet is not None:
                self._confirm(self.director_phone, sheet)
        self.close_round()

    def _delete_and_resend(self, phone: Phone, table: Table) -> None:
        """The judge deletes the table's last hand (entered twice); the phone's queue,
        which does not know, sends it again."""
        _table, submission, body = self.sent[-1]
        hand = Hand.objects.filter(submission=submission, table_id=table.pk).first()
        if hand is None:
            return
        table.refresh_from_db()
        body_delete = {"reason": "entered twice", "version": table.version}
        phone.post(reverse("tournaments:hand_delete", args=[table.pk, hand.number]), body_delete)
        self._resend(phone, submission, body)

    def _enter_sheet(self, phone: Phone, table: Table, *, right: bool = True) -> None:
        """`phone` enters the counts the table's hands leave (or, not `right`, one off)."""
        counts = computed_counts(table)
        if not right and counts:
            counts[min(counts)] += 1
        body = {f"seat_{seat}": str(chips) for seat, chips in counts.items()}
        body["submission"] = str(uuid.uuid4())
        phone.post(reverse("tournaments:sheet", args=[table.pk]), body)
        sheet = ScoreSheet.objects.filter(submission=body["submission"]).first()
        if sheet is not None:
            self.entered_on[sheet.pk] = phone.name

    def _confirm(self, phone: Phone, sheet: ScoreSheet) -> None:
        phone.post(reverse("tournaments:sheet_confirm", args=[sheet.pk]))
        sheet.refresh_from_db()
        if sheet.confirmed and sheet.pk not in self.confirmed_on:
            held = phone.holds_link(Table.objects.get(pk=sheet.table_id))
            self.confirmed_on[sheet.pk] = (phone.name, held)

    @rule(data=st.data())
    def hand_over_shared_phone(self, data) -> None:
        """On the shared phone a judge enters the table's sheet and logs out; the next
        person (the director, or the judge of another table) logs in and confirms it."""
        tables = [t for t in self._tables() if not t.sheets.filter(confirmed_at__isnull=False)]
        if not tables:
            return
        table = data.draw(st.sampled_from(tables), label="table")
        body = {"judge": self.judges[2].pk, "link": "keep"}
        self.director_phone.post(reverse("tournaments:table_judge", args=[table.pk]), body)
        table.refresh_from_db()
        self.shared.logout()
        self.shared.login(self.judges[2])
        self._enter_sheet(self.shared, table)
        sheet = table.sheets.order_by("-entered_at", "-pk").first()
        self.shared.logout()
        self.shared.login(data.draw(st.sampled_from([self.director, self.judges[3]]), label="next"))
        if sheet is not None:
            self._confirm(self.shared, sheet)
