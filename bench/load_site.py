"""The Django side of the load test (`bench/load.py`): the tournament its judges play, and
the checks of what the server stored, read straight from the database.

Imported only after `django.setup()`, against the load test's own database. Everything is
built through the services, as a director's pages would: the tournament, its players,
the draw, round 1 in play and a private judge link per table; and at the end each table's
score sheet entered by its link and confirmed by the director, and the round closed.
"""

import datetime
from collections import Counter, defaultdict
from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.db.models import Count

from accounts.roles import DIRECTORS
from clubs.models import Club, Player
from tournaments import recording, score_sheets, services, totals
from tournaments.access import TableAccess
from tournaments.models import Hand, HandRevision, Round, Table, Tournament
from tournaments.sheets import Amount, computed_counts

TABLE_SIZE = 4


@dataclass(frozen=True)
class LoadTable:
    """A table of the load tournament and its private judge link's token."""

    pk: int
    number: int
    token: str


def build(tables: int) -> tuple[int, list[LoadTable]]:
    """An SPJST tournament with round 1 drawn and in play at `tables` tables of four, each
    with a fresh private judge link; returns the tournament's id and its tables."""
    director = get_user_model().objects.create_user(username="load-director")
    director.groups.add(Group.objects.get_or_create(name=DIRECTORS)[0])
    club = Club.objects.create(name="Load Test Lodge", short_name="LOAD", country="US")
    tournament = services.create_tournament(
        by=director,
        ruleset="spjst",
        name="Load test",
        date=datetime.date.today(),
        host_club=club,
        rounds_planned=1,
        # By the clock: the judges save flat out, past any set number of hands.
        minutes_per_round=90,
        table_size=TABLE_SIZE,
    )
    for n in range(tables * TABLE_SIZE):
        player = Player.objects.create(
            first_name=f"Player{n + 1}", last_name="Load", home_club=club, member_number=str(n + 1)
        )
        services.register(tournament=tournament, player=player, checked_in=True)
    round_ = services.draw_next_round(tournament=tournament, by=director, seed=15)
    services.set_round_status(round_=round_, status=Round.Status.PLAYING, by=director)
    built = []
    for table in round_.tables.order_by("number"):
        table = services.set_judge(table=table, by=director, link="new")
        built.append(LoadTable(table.pk, table.number, str(table.judge_token)))
    return tournament.pk, built


@dataclass
class Ledger:
    """What the judges sent and what the server answered, by submission id.

    `acknowledged`: the server said the hand is stored (saved, or saved before);
    `refused`: every answer was a refusal in words (another phone was first);
    `unknown`: no answer came (a timeout), so the hand may or may not be stored;
    `refused_once`: some answer was a refusal ("nothing was saved"), whatever the others.
    """

    tables: dict[str, int] = field(default_factory=dict)
    answers: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))

    def sent(self, submission: str, table_pk: int) -> None:
        self.tables[submission] = table_pk

    def answer(self, submission: str, outcome: str) -> None:
        self.answers[submission].append(outcome)

    @property
    def acknowledged(self) -> set[str]:
        return {s for s, answers in self.answers.items() if {"saved", "repeat"} & set(answers)}

    @property
    def refused(self) -> set[str]:
        return {s for s, answers in self.answers.items() if set(answers) == {"refused"}}

    @property
    def refused_once(self) -> set[str]:
        return {s for s, answers in self.answers.items() if "refused" in answers}

    @property
    def unknown(self) -> set[str]:
        return set(self.tables) - self.acknowledged - self.refused


@dataclass
class Verdict:
    """What the database holds after the run, and every way it disagrees with the answers."""

    hands: int = 0
    tables: int = 0
    lost: int = 0
    duplicated: int = 0
    stored_though_refused: int = 0
    unasked: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def verify(tournament_id: int, ledger: Ledger) -> Verdict:
    """Check the stored hands against the judges' ledger, then end the round as the
    director would and check the table totals.

    * every acknowledged hand is stored exactly once, at its own table; no submission id
      is stored twice; a refused hand is not stored; nothing is stored that no judge sent;
    * each table's hands are numbered 1..n without gaps, its version is n (one bump per
      hand) and each hand has exactly one revision;
    * chips: each hand's deltas add up to zero; each table's sheet (its counts computed
      from its hands) is entered by its link and confirmed by the director, which checks
      it against the hands and the total; the round closes (every table confirmed and
      agreeing); and `tournaments.totals` gives every table and the standings a net of 0.
    """
    verdict = Verdict()
    tournament = Tournament.objects.get(pk=tournament_id)
    round_ = tournament.rounds.get(number=1)
    tables = list(Table.objects.filter(round=round_).order_by("number"))
    verdict.tables = len(tables)
    hands = list(
        Hand.objects.filter(table__round=round_).values_list(
            "submission", "table_id", "number", "settlement", "deleted"
        )
    )
    verdict.hands = len(hands)
    stored = Counter(str(submission) for submission, *_ in hands)
    where = {str(submission): table_id for submission, table_id, *_ in hands}

    duplicated = [s for s, count in stored.items() if count > 1]
    verdict.duplicated = len(duplicated)
    lost = [s for s in ledger.acknowledged if stored[s] != 1 or where.get(s) != ledger.tables[s]]
    verdict.lost = len(lost)
    # A refusal says nothing was saved: a judge who reads it enters the hand again. So no
    # answer may refuse a hand that is stored, not even the second post of a double tap.
    verdict.stored_though_refused = len([s for s in ledger.refused_once if stored[s]])
    verdict.unasked = len([s for s in stored if s not in ledger.tables])
    for count, what in (
        (verdict.lost, "acknowledged hands not stored once at their table"),
        (verdict.duplicated, "submission ids stored more than once"),
        (verdict.stored_though_refused, "hands refused in an answer but stored all the same"),
        (verdict.unasked, "stored hands that no judge sent"),
    ):
        if count:
            verdict.problems.append(f"{count} {what}")

    numbers = defaultdict(list)
    uneven = 0
    for _submission, table_id, number, settlement, deleted in hands:
        numbers[table_id].append(number)
        uneven += deleted or sum(settlement["deltas"].values()) != 0
    if uneven:
        verdict.problems.append(f"{uneven} hands deleted or not zero-sum")
    for table in tables:
        got = sorted(numbers[table.pk])
        if got != list(range(1, len(got) + 1)):
            verdict.problems.append(f"{table}: hands numbered {_ranges(got)}, not 1..{len(got)}")
        if table.version != len(got):
            verdict.problems.append(f"{table}: version {table.version} after {len(got)} hands")
    revisions = (
        HandRevision.objects.filter(hand__table__round=round_)
        .values("hand_id")
        .annotate(n=Count("id"))
        .exclude(n=1)
    )
    if revisions.exists():
        verdict.problems.append(f"{revisions.count()} hands with other than one revision")
    if verdict.ok:
        _end_round(tournament, round_, tables, verdict)
    return verdict


def _end_round(
    tournament: Tournament, round_: Round, tables: list[Table], verdict: Verdict
) -> None:
    """Enter and confirm every table's sheet, close the round, and check the totals."""
    director = tournament.created_by
    for table in Table.objects.with_play().filter(round=round_):
        # What the judge reads off the table: each seat's chips after the stored hands.
        counts = computed_counts(
            range(1, TABLE_SIZE + 1),
            tournament.starting_chips,
            [hand.deltas() for hand in table.hands.all() if not hand.deleted],
        )
        access = TableAccess(
            table, None, f"judge link of table {table.number}", False, f"load-{table.pk}", True
        )
        entered = score_sheets.add_sheet(access=access, counts=counts)
        sheet, check = entered.sheet, entered.check
        if not check.ok:
            verdict.problems.append(f"{table}: its own counts do not agree: {check}")
            continue
        try:
            score_sheets.confirm_sheet(sheet=sheet, by=director, browser="load-director")
        except recording.RecordingError as error:
            verdict.problems.append(f"{table}: sheet not confirmed: {error}")
    if not verdict.ok:
        return
    try:
        services.set_round_status(round_=round_, status=Round.Status.CLOSED, by=director)
    except services.TournamentError as error:
        verdict.problems.append(f"round not closed: {error}")
        return
    net: defaultdict[int, Amount] = defaultdict(int)
    for line in totals.confirmed_counts(tournament):
        net[line.table] += line.net
    if len(net) != len(tables) or any(net.values()):
        verdict.problems.append(f"table totals not zero-sum: {dict(net)}")
    standings = totals.tournament_standings(tournament)
    if sum(row["total"] for row in standings.rows) != 0:
        verdict.problems.append("the standings' chips do not add up to zero")


def _ranges(numbers: list[int]) -> str:
    """1, 2, 3, 5, 6 → "1–3, 5–6": a table's hand numbers, short."""
    parts: list[str] = []
    for number in numbers:
        if parts and number == int(parts[-1].split("–")[-1]) + 1:
            parts[-1] = f"{parts[-1].split('–')[0]}–{number}"
        else:
            parts.append(str(number))
    return ", ".join(parts)
