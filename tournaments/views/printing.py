"""Printed documents as PDF downloads: score sheets, seating lists, table cards, standings,
a drive's score cards and movement sheet.

The views only gather the data into the frozen documents of `tournaments.printing`;
the paper size is the PAPER_SIZE setting.
"""

from django.conf import settings
from django.contrib import messages
from django.db.models import Prefetch
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.text import slugify
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from accounts.roles import public
from clubs.collation import collation_key, person_key
from clubs.permissions import director_of
from scoring import Ruleset
from scoring.drive import PAIRS
from scoring.translate import say
from tournaments import drive, printing
from tournaments.access import TableAccess, judge_of_table, tournament_club
from tournaments.downloads import PDF, download
from tournaments.models import Hand, Round, ScoreSheet, Seat, Table, Tournament
from tournaments.printed_words import print_words


def _round(pk: int, number: int) -> Round:
    tables = Table.objects.prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("player")),
        Prefetch("hands", queryset=Hand.objects.order_by("number")),
        Prefetch(
            "sheets",
            queryset=ScoreSheet.objects.filter(confirmed_at__isnull=False)
            .select_related("confirmed_by")
            .prefetch_related("lines"),
        ),
    )
    return get_object_or_404(
        Round.objects.select_related("tournament").prefetch_related(
            Prefetch("tables", queryset=tables), "byes__player"
        ),
        tournament_id=pk,
        number=number,
    )


def _seats(table: Table) -> tuple[printing.SheetSeat, ...]:
    return tuple(printing.SheetSeat(seat.number, seat.player.name) for seat in table.seats.all())


def _judge_url(request: HttpRequest, table: Table) -> str | None:
    if not table.judge_token:
        return None
    return request.build_absolute_uri(reverse("tournaments:judge_link", args=[table.judge_token]))


def _sheet_hand(
    hand: Hand, seats: tuple[printing.SheetSeat, ...], rules: Ruleset
) -> printing.SheetHand:
    summary = say(rules.summary(hand.data))
    deltas = hand.deltas()
    return printing.SheetHand(
        hand.number,
        _("Deleted: %(hand)s") % {"hand": summary} if hand.deleted else summary,
        tuple(deltas[seat.number] for seat in seats),
        deleted=hand.deleted,
    )


def sheet_doc(request: HttpRequest, table: Table, *, filled: bool) -> printing.ScoreSheetDoc:
    """A table's sheet: blank (with the judge's QR code) or filled with its hands."""
    tournament = table.round.tournament
    seats = _seats(table)
    hands, counts, confirmed_by = (), None, None
    if filled:
        hands = tuple(_sheet_hand(hand, seats, tournament.rules) for hand in table.hands.all())
        sheet = next(iter(table.sheets.all()), None)
        if sheet is not None and sheet.confirmed:
            by_seat = sheet.counts()
            counts = tuple(by_seat[s.number] for s in seats)
            confirmed_by = str(sheet.confirmed_by)
    return printing.ScoreSheetDoc(
        tournament=tournament.name,
        date=tournament.date,
        round=table.round.number,
        table=table.number,
        ruleset=tournament.get_ruleset_display(),
        seats=seats,
        start=tournament.starting_chips,
        table_total=tournament.starting_chips * len(seats) if tournament.rules.ZERO_SUM else None,
        hands_per_round=tournament.hands_per_round,
        judge_url=None if filled else _judge_url(request, table),
        hands=hands,
        counts=counts,
        confirmed_by=confirmed_by,
        words=print_words(),
    )


def _name(round_: Round, what: str) -> str:
    return f"{slugify(round_.tournament.name)}-round-{round_.number}-{what}.pdf"


@director_of(tournament_club)
def round_sheets_pdf(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Every table's score sheet for the round: blank to print before play, with the QR."""
    round_ = _round(pk, number)
    filled = request.GET.get("filled") == "1"
    docs = [sheet_doc(request, table, filled=filled) for table in round_.tables.all()]
    pdf = printing.score_sheets_pdf(docs, settings.PAPER_SIZE)
    return download(pdf, PDF, _name(round_, "filled-sheets" if filled else "sheets"))


@judge_of_table
def table_sheet_pdf(request: HttpRequest, access: TableAccess) -> HttpResponse:
    """The table's filled score sheet: every recorded hand and, once confirmed, the counts."""
    round_ = _round(access.table.round.tournament_id, access.table.round.number)
    table = next(t for t in round_.tables.all() if t.pk == access.table.pk)
    pdf = printing.score_sheets_pdf([sheet_doc(request, table, filled=True)], settings.PAPER_SIZE)
    return download(pdf, PDF, _name(round_, f"table-{table.number}"))


@public
def seating_pdf(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """The seating list: by table, then alphabetical by player, then the byes."""
    round_ = _round(pk, number)
    doc = printing.SeatingDoc(
        tournament=round_.tournament.name,
        date=round_.tournament.date,
        round=round_.number,
        tables=tuple(printing.SeatingTable(t.number, _seats(t)) for t in round_.tables.all()),
        byes=tuple(bye.player.name for bye in round_.byes.all()),
        order=_by_surname(round_),
        words=print_words(),
    )
    return download(printing.seating_pdf(doc, settings.PAPER_SIZE), PDF, _name(round_, "seating"))


def _by_surname(round_: Round) -> tuple[str, ...]:
    """The round's players by surname, as the reader's language files them (as the page)."""
    players = [seat.player for table in round_.tables.all() for seat in table.seats.all()]
    players += [bye.player for bye in round_.byes.all()]
    language = get_language()
    players.sort(key=lambda player: person_key(player.last_name, player.first_name, language))
    return tuple(player.name for player in players)


@director_of(tournament_club)
def table_cards_pdf(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """A card for each table: its number, its players by seat, the judge's QR code."""
    round_ = _round(pk, number)
    words = print_words()
    cards = [
        printing.TableCard(
            round_.tournament.name,
            round_.number,
            t.number,
            _seats(t),
            _judge_url(request, t),
            words=words,
        )
        for t in round_.tables.all()
    ]
    return download(
        printing.table_cards_pdf(cards, settings.PAPER_SIZE), PDF, _name(round_, "table-cards")
    )


def _drive(request: HttpRequest, pk: int) -> tuple[Tournament, drive.DrivePlan | None]:
    """The tournament and its drive's plan; no plan (and a message) if it is not a drive."""
    tournament = get_object_or_404(Tournament, pk=pk)
    if not drive.is_drive(tournament):
        messages.error(request, _("Only a drive has score cards and a movement sheet."))
        return tournament, None
    return tournament, drive.drive_plan(tournament)


def _place(plan: drive.DrivePlan, number: int, player: int) -> printing.DrivePlace:
    """Where `player` sits in round `number`: table, partner, opponents (blank if unseated)."""
    seated = next((r for r in plan.rounds if r.number == number), None)
    for table, seats in seated.tables.items() if seated else ():
        seat = next((s for s, p in seats.items() if p == player), None)
        if seat is None:
            continue
        ours = next(pair for pair in PAIRS if seat in pair)
        partner = next(s for s in ours if s != seat)
        opponents = tuple(plan.players[p] for s, p in sorted(seats.items()) if s not in ours)
        return printing.DrivePlace(number, table, plan.players[seats[partner]], opponents)
    return printing.DrivePlace(number)


@director_of(tournament_club)
def drive_cards_pdf(request: HttpRequest, pk: int) -> HttpResponse:
    """A drive's score cards, one a player A–Z: the rounds seated so far, the trump schedule
    and a box for the tricks of every hand."""
    tournament, plan = _drive(request, pk)
    if plan is None:
        return redirect(tournament)
    words = print_words()
    players = sorted(plan.players.items(), key=lambda item: collation_key(item[1], words.language))
    rounds = range(1, tournament.rounds_planned + 1)
    cards = [
        printing.ScoreCardDoc(
            tournament=tournament.name,
            date=tournament.date,
            player=name,
            hands_per_round=tournament.hands_per_round,
            trumps=drive.suit_names(plan.trumps),
            places=tuple(_place(plan, number, player) for number in rounds),
            words=words,
        )
        for player, name in players
    ]
    pdf = printing.score_cards_pdf(cards, settings.PAPER_SIZE)
    return download(pdf, PDF, f"{slugify(tournament.name)}-score-cards.pdf")


def _movement_table(round_: drive.DriveRound, plan: drive.DrivePlan, table: int):
    seats = round_.tables[table]
    north_south, east_west = (tuple(plan.players[seats[s]] for s in pair) for pair in PAIRS)
    tricks = None
    if round_.results is not None:
        # A pair's tricks are credited to both partners: each pair's sum counts them twice.
        result = round_.results[table]
        tricks = tuple(sum(result.get(s, 0) for s in pair) // 2 for pair in PAIRS)
    return printing.MovementTable(table, north_south, east_west, tricks)


@director_of(tournament_club)
def drive_movement_pdf(request: HttpRequest, pk: int) -> HttpResponse:
    """A drive's movement sheet: every round's pairs by table and, once closed, their tricks;
    the rounds not seated yet as blank tables to fill in."""
    tournament, plan = _drive(request, pk)
    if plan is None:
        return redirect(tournament)
    seated = {round_.number: round_ for round_ in plan.rounds}
    blank = tuple(printing.MovementTable(n) for n in range(1, max(len(plan.players) // 4, 1) + 1))
    rounds = tuple(
        tuple(_movement_table(seated[n], plan, t) for t in sorted(seated[n].tables))
        if n in seated
        else blank
        for n in range(1, tournament.rounds_planned + 1)
    )
    doc = printing.MovementSheetDoc(
        tournament=tournament.name,
        date=tournament.date,
        hands_per_round=tournament.hands_per_round,
        trumps=drive.suit_names(plan.trumps),
        rounds=rounds,
        words=print_words(),
    )
    pdf = printing.movement_sheet_pdf(doc, settings.PAPER_SIZE)
    return download(pdf, PDF, f"{slugify(tournament.name)}-movement.pdf")
