"""A simulated tournament day (issue 26): a Hypothesis state machine drives the site
through its URLs as the day's people do — a director, judges on their own phones, a phone
shared by judges who log in and out, phones holding a table's private link, an anonymous
visitor — and after every step checks what a club relies on.

Steps: a tournament of each ruleset and table size, registrations (walk-ins, late
entries, the desk's check-ins and withdrawals), draws, judges by account and by link,
hands valid and invalid (entered, changed, deleted, resent), score sheets right and
wrong, confirmations from allowed and forbidden people and browsers, reopened tables and
rounds, the finish. Invariants: everyone who played (or sat out a bye) is in the
standings and the results once; the standings are the confirmed sheets, and the sheets
the hands; a confirmed table never changes unless a director reopens it; no round beyond
the plan and no hand beyond the round's; nobody confirms what they entered; the read API
(what a club's widget shows) gives the standings the page exports; what is kept of a
finished tournament (final places, statistics, ratings) is what a rebuild gives, and a
reopened one keeps nothing; every answer is below 500. The helpers are in tests/day/.

The hypothesis profile sets the length: a short day under "dev", a long one under "ci".
"""

import itertools
import uuid

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.cache import cache
from django.db import transaction
from django.urls import reverse
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from accounts.roles import DIRECTORS, JUDGES
from clubs.models import Club, Player
from tests.day import hands as day_hands
from tests.day.people import Phone
from tests.day.reading import (
    amount,
    computed_counts,
    confirmed_net,
    expected_players,
    is_played_hand,
    standings_rows,
    stored_summaries,
    table_state,
)
from tests.day.stretches import RoundSteps
from tournaments.feedback import OUTCOME_HEADER
from tournaments.models import Hand, Round, ScoreSheet, Table, Tournament
from tournaments.place_store import rebuild_places
from tournaments.player_stats import rebuild_player_stats
from tournaments.rating_store import rebuild_ratings

# (ruleset, standings, table sizes the day may choose): every ruleset, every table size
# it allows, and the whist drive (standings by tricks, four to a table).
KINDS = [
    ("spjst", "chips", (4,)),
    ("spjst", "placement", (4,)),
    ("cz_xix", "chips", (4,)),
    ("cz_three", "chips", (3, 4)),
    ("si_double", "chips", (4, 6, 8)),
    ("whist", "chips", (3, 4)),
    ("whist", "tricks", (4,)),
]
JUDGE_NAMES = ("judge-a", "judge-b", "judge-c", "judge-d")


def _account(username: str, group: str):
    user = get_user_model().objects.create_user(username=username, password="pw")
    user.groups.add(Group.objects.get_or_create(name=group)[0])
    return user


class TournamentDay(RoundSteps, RuleBasedStateMachine):
    """One tournament day, from the setup to the finish (or as far as the steps go)."""

    def __init__(self) -> None:
        super().__init__()
        # Each example is its own day: everything it writes is rolled back at its end.
        self._atomic = transaction.atomic()
        self._atomic.__enter__()
        cache.clear()
        self.club = Club.objects.create(name="Day Club", short_name="DC", country="CZ")
        self.director = _account("dora-director", DIRECTORS)
        self.judges = [_account(name, JUDGES) for name in JUDGE_NAMES]
        self.director_phone = Phone("director", self.director)
        # Judges a and b have their own phones; c and d share one, logging in and out.
        self.own_phones = [Phone(f"phone-{u.username}", u) for u in self.judges[:2]]
        self.shared = Phone("shared", self.judges[2])
        self.link_phones = [Phone("link-1"), Phone("link-2")]
        self.visitor = Phone("visitor")
        self.phones = [
            self.director_phone,
            *self.own_phones,
            self.shared,
            *self.link_phones,
            self.visitor,
        ]
        self.names = (f"P{n:03d} Day" for n in itertools.count(1))
        self.tournament: Tournament | None = None
        # Hands the phones sent: (table id, submission, POST body) for resends.
        self.sent: list[tuple[int, str, dict]] = []
        # Sheet id → the phone that entered it; → (phone, held the table's link) that
        # confirmed it.
        self.entered_on: dict[int, str] = {}
        self.confirmed_on: dict[int, tuple[str, bool]] = {}
        # Table id → its state when its sheet was confirmed (until a director reopens it).
        self.confirmed_state: dict[int, tuple] = {}

    def teardown(self) -> None:
        transaction.set_rollback(True)
        self._atomic.__exit__(None, None, None)

    # ---- helpers ----------------------------------------------------------------------
    @property
    def pk(self) -> int:
        return self.tournament.pk

    def _api_standings_are(self, rows: list[dict[str, str]]) -> None:
        """A club's website (the widget) reads from the API what the page exports."""
        answer = self.visitor.get(reverse("api:standings", args=[self.pk]))
        assert answer.status_code == 200, answer.status_code
        standings = answer.json()
        assert [row["name"] for row in standings["rows"]] == [row["Player"] for row in rows]
        if self.tournament.standings_method == Tournament.Standings.TRICKS:
            return
        for mine, theirs in zip(standings["rows"], rows, strict=True):
            for number, value in zip(standings["rounds"], mine["rounds"], strict=True):
                shown = amount(theirs.get(f"R{number}", ""))
                assert amount(str(value or "")) == shown, f"{mine['name']} R{number}"

    def _refresh(self) -> Tournament:
        self.tournament.refresh_from_db()
        return self.tournament

    def _last_round(self) -> Round | None:
        return self.tournament.rounds.order_by("-number").first()

    def _tables(self) -> list[Table]:
        """The tables of the latest round."""
        last = self._last_round()
        return list(last.tables.order_by("number")) if last else []

    def _may_act(self, phone: Phone, table: Table) -> bool:
        if phone.user is not None and (phone.user == self.director or phone.user == table.judge):
            return True
        return phone.holds_link(table)

    def _phone_for(self, data, table: Table) -> Phone:
        """Mostly someone who may act on the table; now and then anyone."""
        able = [phone for phone in self.phones if self._may_act(phone, table)]
        if able and data.draw(st.integers(0, 5), label="anyone") > 0:
            return data.draw(st.sampled_from(able), label="phone")
        return data.draw(st.sampled_from(self.phones), label="phone")

    def _new_player(self) -> Player:
        first, last = next(self.names).split()
        return Player.objects.create(first_name=first, last_name=last, home_club=self.club)

    # ---- setting up -------------------------------------------------------------------
    @initialize(data=st.data())
    def set_up(self, data) -> None:
        ruleset, standings, sizes = data.draw(st.sampled_from(KINDS), label="kind")
        size = data.draw(st.sampled_from(sizes), label="table size")
        zero_sum = Tournament(ruleset=ruleset).rules.ZERO_SUM
        form = {
            "name": "Simulated Day",
            "date": "2026-11-28",
            "host_club": self.club.pk,
            "ruleset": ruleset,
            "rounds_planned": data.draw(st.integers(1, 3), label="rounds"),
            "hands_per_round": data.draw(st.integers(1, 4), label="hands per round"),
            "starting_chips": 100 if zero_sum else 0,
            "table_size": size,
            "standings_method": standings,
            "placement_points_text": "4, 3, 2, 1",
        }
        self.director_phone.post(reverse("tournaments:create"), form)
        self.tournament = Tournament.objects.get()
        players = data.draw(st.integers(size - 1, 2 * size + 3), label="players")
        if standings == "tricks":
            players = data.draw(st.sampled_from([8, 12]), label="drive players")
        for _ in range(players):
            self.register()

    @rule()
    def register(self) -> None:
        """A player of the club's roster registers (after a draw: a late entry)."""
        player = self._new_player()
        url = reverse("tournaments:register", args=[self.pk])
        self.director_phone.post(url, {"player": player.pk})

    @rule()
    def walk_in(self) -> None:
        """A newcomer is created at the desk and registered."""
        first, last = next(self.names).split()
        url = reverse("tournaments:register_new", args=[self.pk])
        self.director_phone.post(url, {"first_name": first, "last_name": f"{last}-Walk"})

    @rule(data=st.data(), action=st.sampled_from(["check_in", "undo_check_in", "withdraw"]))
    def desk(self, data, action) -> None:
        registrations = list(self.tournament.registrations.order_by("pk"))
        if not registrations:
            return
        registration = data.draw(st.sampled_from(registrations), label="registration")
        url = reverse("tournaments:registration_update", args=[registration.pk])
        self.director_phone.post(url, {"action": action})

    # ---- rounds -----------------------------------------------------------------------
    @rule(seed=st.integers(0, 2**16))
    def draw(self, seed) -> None:
        """*Draw the next round* (the site must refuse beyond the plan)."""
        before = self._last_round()
        judged_before = {t.judge_id for t in before.tables.all() if t.judge_id} if before else set()
        self.director_phone.post(reverse("tournaments:draw", args=[self.pk]), {"seed": seed})
        after = self._last_round()
        if after is None or (before is not None and after.pk == before.pk):
            return
        self.check_judges_carried(before, judged_before, after)

    def check_judges_carried(self, before: Round | None, judged: set, after: Round) -> None:
        """The judges of a round stay on for the next: nobody assigns them again."""
        tables = list(after.tables.all())
        judged_now = {t.judge_id for t in tables if t.judge_id}
        assert len(judged_now) >= min(len(judged), len(tables)), (
            f"judges of round {before and before.number} not carried to round {after.number}:"
            f" {sorted(judged)} → {sorted(judged_now)}"
        )

    @rule()
    def start_round(self) -> None:
        last = self._last_round()
        if last is not None:
            url = reverse("tournaments:round_status", args=[self.pk, last.number])
            self.director_phone.post(url, {"status": "playing"})

    @rule()
    def close_round(self) -> None:
        last = self._last_round()
        if last is not None:
            url = reverse("tournaments:round_status", args=[self.pk, last.number])
            self.director_phone.post(url, {"status": "closed"})

    @rule(reason=st.sampled_from(["", "a sheet was misread"]))
    def reopen_round(self, reason) -> None:
        last = self._last_round()
        if last is not None:
            url = reverse("tournaments:round_status", args=[self.pk, last.number])
            self.director_phone.post(url, {"status": "playing", "reason": reason})

    @rule(action=st.sampled_from(["finish", "reopen"]))
    def finish(self, action) -> None:
        body = {"action": action, "reason": "a late correction" if action == "reopen" else ""}
        self.director_phone.post(reverse("tournaments:finish", args=[self.pk]), body)

    # ---- judges -----------------------------------------------------------------------
    @rule(
        data=st.data(),
        judge=st.sampled_from([None, *range(len(JUDGE_NAMES))]),
        link=st.sampled_from(["keep", "new", "revoke"]),
        paper_only=st.integers(0, 3),
    )
    def assign_judge(self, data, judge, link, paper_only) -> None:
        tables = self._tables()
        if not tables:
            return
        table = data.draw(st.sampled_from(tables), label="table")
        body = {"link": link, "judge": "" if judge is None else self.judges[judge].pk}
        if paper_only == 0:  # now and then a table that keeps its score on paper only
            body["paper_only"] = "on"
        self.director_phone.post(reverse("tournaments:table_judge", args=[table.pk]), body)

    @rule(data=st.data())
    def open_link(self, data) -> None:
        """A phone scans a table card's QR code: it becomes that table's judge."""
        tables = [t for t in self._tables() if t.judge_token]
        if not tables:
            return
        table = data.draw(st.sampled_from(tables), label="table")
        phone = data.draw(st.sampled_from([*self.link_phones, self.shared]), label="phone")
        phone.get(reverse("tournaments:judge_link", args=[table.judge_token]))
        phone.links[table.pk] = table.judge_token

    @rule(data=st.data())
    def switch_shared_phone(self, data) -> None:
        """Whoever holds the shared phone logs out; another judge (or nobody) logs in."""
        self.shared.logout()
        who = data.draw(st.sampled_from([None, *self.judges[2:], self.judges[0]]), label="who")
        if who is not None:
            self.shared.login(who)

    # ---- hands ------------------------------------------------------------------------
    def _hand_table(self, data) -> Table | None:
        tables = self._tables()
        return data.draw(st.sampled_from(tables), label="table") if tables else None

    def _seat_names(self, table: Table) -> dict[int, str]:
        return {seat.number: seat.player.name for seat in table.seats.select_related("player")}

    @rule(data=st.data(), valid=st.integers(0, 4))
    def enter_hand(self, data, valid) -> None:
        table = self._hand_table(data)
        if table is None:
            return
        ruleset, seats = self.tournament.ruleset, table.seats.count()
        strategy = day_hands.valid_hands if valid else day_hands.invalid_hands
        hand = data.draw(strategy(ruleset, seats), label="hand")
        self._send_hand(self._phone_for(data, table), table, hand, valid=bool(valid))

    def _send_hand(self, phone: Phone, table: Table, hand: dict, *, valid: bool) -> None:
        """`phone` saves `hand` at `table` through the hand form, as the judge's page does."""
        table.refresh_from_db()
        ruleset, seats = self.tournament.ruleset, table.seats.count()
        body = day_hands.form_post(ruleset, hand, self._seat_names(table))
        body |= {"action": "save", "submission": str(uuid.uuid4()), "version": table.version}
        open_before = self._takes_hands(table) and self._may_act(phone, table)
        phone.post(reverse("tournaments:hand_add", args=[table.pk]), body)
        self.sent.append((table.pk, body["submission"], body))
        stored = Hand.objects.filter(submission=body["submission"]).first()
        if stored is not None:
            self.check_stored_as_entered(hand, stored)
        elif valid and open_before and self._is_golden(ruleset, seats, hand):
            self.check_valid_hand_stored(hand, table)

    def check_stored_as_entered(self, hand: dict, stored: Hand) -> None:
        """The site stores the hand the judge entered: a misdeal is no game of the form's
        first contract, nor anyone's as declarer."""
        for key in ("contract", "declarer", "variant"):
            assert stored.data.get(key) == hand.get(key), (
                f"{key}: entered {hand.get(key)!r}, stored {stored.data.get(key)!r}"
            )

    def check_valid_hand_stored(self, hand: dict, table: Table) -> None:
        """Called when a hand the rules accept was not stored at a table open for it."""
        raise AssertionError(f"{table}: a hand the rules accept was not stored: {hand!r}")

    def _is_golden(self, ruleset: str, seats: int, hand: dict) -> bool:
        scored, _refused = day_hands.golden_hands(ruleset, seats)
        return hand in scored or hand in day_hands.berac_without_won(seats)

    def _takes_hands(self, table: Table) -> bool:
        """Whether the table surely takes another hand: its round in play, not confirmed,
        not paper-only, fewer hands (rulings included) than the round's."""
        table.refresh_from_db()
        return (
            table.round.status == Round.Status.PLAYING
            and not table.sheets.filter(confirmed_at__isnull=False).exists()
            and not table.paper_only
            and table.hands.filter(deleted=False).count()
            < (self.tournament.hands_per_round or 10**6)
        )

    def _some_hand(self, data) -> tuple[Table, Hand] | tuple[None, None]:
        hands = list(
            Hand.objects.filter(table__round__tournament=self.tournament).select_related(
                "table__round"
            )
        )
        if not hands:
            return None, None
        hand = data.draw(st.sampled_from(hands), label="hand")
        return hand.table, hand

    @rule(data=st.data())
    def edit_hand(self, data) -> None:
        table, hand = self._some_hand(data)
        if hand is None:
            return
        ruleset, seats = self.tournament.ruleset, table.seats.count()
        new = data.draw(day_hands.valid_hands(ruleset, seats), label="changed to")
        phone = self._phone_for(data, table)
        body = day_hands.form_post(ruleset, new, self._seat_names(table))
        body |= {"reason": "misheard the points", "version": table.version}
        phone.post(reverse("tournaments:hand_edit", args=[table.pk, hand.number]), body)

    @rule(data=st.data())
    def delete_hand(self, data) -> None:
        table, hand = self._some_hand(data)
        if hand is None:
            return
        phone = self._phone_for(data, table)
        body = {"reason": "entered twice", "version": table.version}
        phone.post(reverse("tournaments:hand_delete", args=[table.pk, hand.number]), body)

    @rule(data=st.data())
    def resend_hand(self, data) -> None:
        """A phone's queue sends a hand again (a retry on a bad network)."""
        if not self.sent:
            return
        deleted = set(
            Hand.objects.filter(
                submission__in=[sent[1] for sent in self.sent], deleted=True
            ).values_list("submission", flat=True)
        )
        # Mostly a hand someone has deleted since: the phone's queue does not know.
        again = [sent for sent in self.sent if uuid.UUID(sent[1]) in deleted]
        if not again or data.draw(st.booleans(), label="any hand"):
            again = self.sent
        table_id, submission, body = data.draw(st.sampled_from(again), label="sent")
        self._resend(self._phone_for(data, Table.objects.get(pk=table_id)), submission, body)

    def _resend(self, phone: Phone, submission: str, body: dict) -> None:
        """`phone`'s queue sends the hand of `submission` again, as htmx does."""
        table_id = next(sent[0] for sent in self.sent if sent[1] == submission)
        table = Table.objects.get(pk=table_id)
        answer = phone.post(
            reverse("tournaments:hand_add", args=[table_id]),
            {**body, "version": table.version},
            HTTP_HX_REQUEST="true",
        )
        stored = Hand.objects.filter(submission=submission).first()
        if stored is not None and stored.deleted:
            self.check_resend_of_deleted(stored, answer.headers.get(OUTCOME_HEADER))

    def check_resend_of_deleted(self, stored: Hand, outcome: str | None) -> None:
        """A resend of a deleted hand must not tell the phone it is stored."""
        assert outcome != "stored-before", (
            f"hand {stored.number} was deleted, yet its resend answers 'stored before'"
        )

    @rule(data=st.data())
    def ledger_ruling(self, data) -> None:
        """A director applies a ruling from the ledger, choosing among what it offers."""
        page = self.director_phone.get(reverse("tournaments:ledger", args=[self.pk]))
        form = page.context["form"] if page.context else None
        if form is None or "table" not in form.fields:
            return
        tables = list(form.fields["table"].queryset)
        codes = [code for code, _title in form.fields["code"].choices]
        if not tables or not codes:  # no round in play, or a ruleset without penalties
            return
        table = data.draw(st.sampled_from(tables), label="table")
        code = data.draw(st.sampled_from(codes), label="ruling")
        # The page's form is for one table: the director chooses his, and it offers its seats.
        ledger = reverse("tournaments:ledger", args=[self.pk])
        form = self.director_phone.get(f"{ledger}?table={table.pk}").context["form"]
        offered = [n for n, _ in form.fields["seat"].choices]
        # The last seat offered twice as often: at a round of mixed table sizes, the one a
        # smaller table lacks.
        seat = data.draw(st.sampled_from([offered[-1], *offered]), label="seat")
        body = {"table": table.pk, "code": code, "seat": seat, "reason": "seen by the director"}
        answer = self.director_phone.post(
            reverse("tournaments:ledger_apply", args=[self.pk]), body, follow=True
        )
        refused = [str(m) for m in answer.context["messages"]] if answer.context else []
        self.check_ledger_offer(table, seat, refused)

    def check_ledger_offer(self, table: Table, seat: int, refused: list[str]) -> None:
        """The ledger offers only the seats the chosen table has."""
        assert not any("has no seat" in m for m in refused), (
            f"the ledger offered seat {seat} at {table}, which has {table.seats.count()}: {refused}"
        )

    # ---- score sheets -----------------------------------------------------------------
    @rule(data=st.data(), right=st.integers(0, 3))
    def enter_sheet(self, data, right) -> None:
        tables = self._tables()
        if not tables:
            return
        table = data.draw(st.sampled_from(tables), label="table")
        self._enter_sheet(self._phone_for(data, table), table, right=bool(right))

    @rule(data=st.data())
    def confirm_sheet(self, data) -> None:
        sheets = list(
            ScoreSheet.objects.filter(
                table__round__tournament=self.tournament, confirmed_at__isnull=True
            ).select_related("table")
        )
        if not sheets:
            return
        sheet = data.draw(st.sampled_from(sheets), label="sheet")
        phone = data.draw(st.sampled_from(self.phones), label="phone")
        self._confirm(phone, sheet)

    @rule(data=st.data())
    def reopen_table(self, data) -> None:
        tables = [t for t in self._tables() if t.sheets.filter(confirmed_at__isnull=False)]
        if not tables:
            return
        table = data.draw(st.sampled_from(tables), label="table")
        url = reverse("tournaments:table_reopen", args=[table.pk])
        self.director_phone.post(url, {"reason": "a hand was mis-entered"})
        if not table.sheets.filter(confirmed_at__isnull=False).exists():
            self.confirmed_state.pop(table.pk, None)

    # ---- reading ----------------------------------------------------------------------
    @rule()
    def visitor_reads(self) -> None:
        """The projector and the players' phones read the public pages."""
        for name in ("standings", "results", "detail"):
            self.visitor.get(reverse(f"tournaments:{name}", args=[self.pk]))
        for fmt in ("xlsx", "pdf"):
            self.visitor.get(reverse("tournaments:standings_export", args=[self.pk, fmt]))
        last = self._last_round()
        if last is not None:
            self.visitor.get(reverse("tournaments:round", args=[self.pk, last.number]))
        self.director_phone.get(reverse("tournaments:dashboard", args=[self.pk]))

    # ---- invariants -------------------------------------------------------------------
    @invariant()
    def no_round_beyond_the_plan(self) -> None:
        if self.tournament is None:
            return
        drawn = self.tournament.rounds.count()
        planned = self._refresh().rounds_planned
        assert drawn <= planned, f"{drawn} rounds drawn of {planned} planned"

    @invariant()
    def no_hand_beyond_the_round(self) -> None:
        limit = self.tournament and self.tournament.hands_per_round
        if not limit:
            return
        for table in Table.objects.filter(round__tournament=self.tournament):
            played = sum(
                is_played_hand(settlement)
                for settlement in table.hands.filter(deleted=False).values_list(
                    "settlement", flat=True
                )
            )
            assert played <= limit, f"{table} of round {table.round.number}: {played} hands"

    @invariant()
    def standings_list_everyone_once(self) -> None:
        if self.tournament is None:
            return
        export = reverse("tournaments:standings_export", args=[self.pk, "csv"])
        rows = standings_rows(self.visitor.get(export).content.decode())
        self._api_standings_are(rows)
        names = [row["Player"] for row in rows]
        expected = expected_players(self.tournament)
        for name in expected:
            assert names.count(name) == 1, f"{name} is {names.count(name)}× in the standings"
        results = self.visitor.get(reverse("tournaments:results", args=[self.pk]))
        html = results.content.decode()
        for name in expected:
            assert html.count(f">{name}<") == 1, f"{name} is {html.count(name)}× in the results"
        if self.tournament.standings_method == Tournament.Standings.TRICKS:
            return
        nets = confirmed_net(self.tournament)
        for row in rows:
            for number, net in nets.get(row["Player"], {}).items():
                shown = amount(row.get(f"R{number}", ""))
                assert shown == net, f"{row['Player']} round {number}: {shown}, sheet {net}"

    @invariant()
    def what_is_kept_of_a_finished_tournament_is_a_rebuilds(self) -> None:
        """The final places, statistics and ratings kept as tournaments finish and reopen
        are what rebuilding them from the sheets and hands gives."""
        if self.tournament is None:
            return
        kept = stored_summaries()
        if self._refresh().status != Tournament.Status.FINISHED:
            assert not any(kept.values()), "a tournament not finished left rows behind"
            return
        with transaction.atomic():
            rebuild_places()
            rebuild_player_stats()
            rebuild_ratings()
            rebuilt = stored_summaries()
            transaction.set_rollback(True)
        assert kept == rebuilt

    @invariant()
    def confirmed_sheets_agree(self) -> None:
        """A confirmed sheet is the table's hands (or, on paper only, totals as it must)."""
        if self.tournament is None:
            return
        sheets = ScoreSheet.objects.filter(
            table__round__tournament=self.tournament, confirmed_at__isnull=False
        ).select_related("table__round__tournament")
        for sheet in sheets:
            counts = {seat: chips for seat, chips in sheet.lines.values_list("seat", "chips")}
            table = sheet.table
            if table.paper_only and self.tournament.rules.ZERO_SUM:
                # No hands to check against: the total is what the site can check.
                total = sum(counts.values())
                assert total == self.tournament.starting_chips * len(counts), f"{table}: {total}"
            else:
                # Our phones read the truth off the table: the hands' counts (a paper-only
                # table of written scores has none, so zeros). Anything else confirmed
                # was not checked.
                assert counts == computed_counts(table), (
                    f"{table}{' (paper only)' if table.paper_only else ''}: "
                    f"confirmed {counts}, the table has {computed_counts(table)}"
                )

    @invariant()
    def a_confirmed_table_stays_as_confirmed(self) -> None:
        if self.tournament is None:
            return
        for table in Table.objects.filter(round__tournament=self.tournament):
            state = table_state(table)
            kept = self.confirmed_state.get(table.pk)
            if kept is None:
                if state[1] is not None:
                    self.confirmed_state[table.pk] = state
                continue
            assert state == kept, f"{table} of round {table.round.number} changed once confirmed"

    @invariant()
    def nobody_confirms_what_they_entered(self) -> None:
        if self.tournament is None:
            return
        sheets = ScoreSheet.objects.filter(
            table__round__tournament=self.tournament, confirmed_at__isnull=False
        )
        for sheet in sheets:
            assert sheet.entered_by_id is None or sheet.entered_by_id != sheet.confirmed_by_id
            if sheet.pk not in self.confirmed_on:
                continue
            phone, held_link = self.confirmed_on[sheet.pk]
            assert phone != self.entered_on.get(sheet.pk), (
                f"sheet of {sheet.table} entered and confirmed on the same phone ({phone})"
            )
            assert not held_link, f"sheet of {sheet.table} confirmed through its judge link"


def _day_settings() -> settings:
    """The day's length from the hypothesis profile: a short day under "dev" (`make
    test`), a long one under "ci"."""
    long = settings.default.max_examples > 50
    return settings(
        max_examples=100 if long else 10,
        stateful_step_count=50 if long else 25,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )


@pytest.mark.django_db
def test_a_simulated_tournament_day():
    from hypothesis.stateful import run_state_machine_as_test

    run_state_machine_as_test(TournamentDay, settings=_day_settings())


def test_the_day_posts_a_penalties_only_hand_as_the_browser_does():
    # The declarer's drop-down has no blank: the browser sends its first seat, and the
    # form stores the wrong trump call as its penalties alone (the day once sent none).
    from scoring.forms import hand_form

    hand = {
        "ruleset": "spjst",
        "penalties": [
            {"code": "spjst.wrong_trump_called", "seat": 1},
            {"code": "spjst.wrong_trump_unnoticed", "seat": 3},
        ],
    }
    names = {seat: f"Player {seat}" for seat in range(1, 5)}
    body = day_hands.form_post("spjst", hand, names)
    assert body["declarer"] == "1"
    form = hand_form("spjst")(body, seat_names=names)
    assert form.is_valid(), form.errors
    assert form.hand_json() == hand
