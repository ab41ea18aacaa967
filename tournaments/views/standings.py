"""Standings for everyone (and the projector at the venue), with their downloads."""

from decimal import Decimal

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django_tables2 import RequestConfig

from clubs.roles import director_required, public
from tournaments import printing
from tournaments.exports import SheetData, csv_text, xlsx_bytes
from tournaments.models import Hand, Seat, SheetLine, Tournament
from tournaments.results import Standings, tournament_standings
from tournaments.tables import standings_table

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
PDF = "application/pdf"


@public
def standings(request: HttpRequest, pk: int) -> HttpResponse:
    """Ranked standings; the page refreshes itself every 30 s (for a projector)."""
    tournament = get_object_or_404(Tournament.objects.select_related("host_club"), pk=pk)
    result = tournament_standings(tournament)
    table = standings_table(result)
    RequestConfig(request, paginate=False).configure(table)
    template = "tournaments/_standings_table.html" if request.htmx else "tournaments/standings.html"
    return render(
        request, template, {"tournament": tournament, "table": table, "standings": result}
    )


def standings_columns(result: Standings) -> tuple[str, ...]:
    points = (_("Points"),) if result.by_points else ()
    rounds = tuple(f"R{n}" for n in result.rounds)
    return (_("Place"), _("Player"), _("Club"), *points, *rounds, _("Penalties"), _("Chips"))


def standings_rows(result: Standings) -> list[tuple]:
    return [
        (
            row["place"],
            row["name"],
            row["club"],
            *((row["points"],) if result.by_points else ()),
            *(row["rounds"].get(n) for n in result.rounds),
            row["penalties"],
            row["total"],
        )
        for row in result.rows
    ]


def _round_sheets(tournament: Tournament) -> list[SheetData]:
    lines = (
        SheetLine.objects.filter(
            sheet__table__round__tournament=tournament, sheet__confirmed_at__isnull=False
        )
        .order_by("sheet__table__round__number", "sheet__table__number", "seat")
        .values_list(
            "sheet__table__round__number",
            "sheet__table__number",
            "seat",
            "player__display_name",
            "chips",
        )
    )
    by_round: dict[int, list[tuple]] = {}
    for number, table, seat, name, chips in lines:
        by_round.setdefault(number, []).append(
            (table, seat, name, chips, chips - tournament.starting_chips)
        )
    columns = (_("Table"), _("Seat"), _("Player"), _("Count"), _("Chips"))
    return [
        SheetData(_("Round %(n)s") % {"n": n}, columns, rows)
        for n, rows in sorted(by_round.items())
    ]


def download(content: bytes | str, content_type: str, filename: str) -> HttpResponse:
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@public
def standings_export(request: HttpRequest, pk: int, fmt: str) -> HttpResponse:
    """The standings as XLSX (with a sheet per round), CSV or PDF, each saying
    "provisional after round N of M" until the tournament is finished."""
    tournament = get_object_or_404(Tournament.objects.select_related("host_club"), pk=pk)
    result = tournament_standings(tournament)
    columns, rows = standings_columns(result), standings_rows(result)
    name = f"{slugify(tournament.name)}-standings"
    note = result.note
    if fmt == "xlsx":
        sheets = [SheetData(_("Standings"), columns, rows, note), *_round_sheets(tournament)]
        return download(xlsx_bytes(sheets), XLSX, f"{name}.xlsx")
    if fmt == "csv":
        return download(csv_text(columns, rows, note), "text/csv; charset=utf-8", f"{name}.csv")
    if fmt == "pdf":
        subtitle = " · ".join(
            part
            for part in (
                str(tournament.date),
                tournament.host_club.name,
                tournament.get_standings_method_display(),
                note,
            )
            if part
        )
        return download(
            ranked_pdf(
                _("Standings: %(name)s") % {"name": tournament.name}, subtitle, columns, rows
            ),
            PDF,
            f"{name}.pdf",
        )
    raise Http404("Unknown format")


def ranked_pdf(title: str, subtitle: str, columns, rows) -> bytes:
    """A ranked table as PDF; numbers right-aligned."""
    numeric = tuple(
        all(isinstance(row[i], int | Decimal | None) for row in rows) for i in range(len(columns))
    )
    doc = printing.TableDoc(
        title, subtitle, tuple(columns), tuple(tuple(row) for row in rows), numeric
    )
    return printing.table_pdf(doc, settings.PAPER_SIZE)


HAND_COLUMNS = ("Round", "Table", "Hand", "Seat", "Player", "Chips", "Lines", "Deleted")


def hand_rows(tournament: Tournament) -> list[tuple]:
    """One row per seat of every recorded hand, with the hand's line labels (two queries)."""
    seats = {
        (table_id, number): name
        for table_id, number, name in Seat.objects.filter(round__tournament=tournament).values_list(
            "table_id", "number", "player__display_name"
        )
    }
    hands = (
        Hand.objects.filter(table__round__tournament=tournament)
        .order_by("table__round__number", "table__number", "number")
        .values_list(
            "table__round__number", "table__number", "table_id", "number", "settlement", "deleted"
        )
    )
    rows = []
    for round_number, table_number, table_id, number, settlement, deleted in hands:
        labels = "; ".join(line["label"] for line in settlement["lines"])
        for seat, amount in settlement["deltas"].items():
            chips = Decimal(str(amount)) if not isinstance(amount, int) else amount
            name = seats.get((table_id, int(seat)))
            rows.append(
                (round_number, table_number, number, int(seat), name, chips, labels, deleted)
            )
    return rows


@director_required
def hands_export(request: HttpRequest, pk: int, fmt: str) -> HttpResponse:
    """Every recorded hand of the tournament, a row per seat (deleted ones marked)."""
    tournament = get_object_or_404(Tournament, pk=pk)
    rows = hand_rows(tournament)
    name = f"{slugify(tournament.name)}-hands"
    if fmt == "xlsx":
        return download(
            xlsx_bytes([SheetData(_("Hands"), HAND_COLUMNS, rows)]), XLSX, f"{name}.xlsx"
        )
    if fmt == "csv":
        return download(csv_text(HAND_COLUMNS, rows), "text/csv; charset=utf-8", f"{name}.csv")
    raise Http404("Unknown format")
