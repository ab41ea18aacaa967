"""Season leaderboards and club leaderboards, for everyone, with their downloads."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.text import slugify
from django.utils.translation import gettext as _

from clubs.models import Season
from clubs.roles import public
from tournaments.exports import SheetData, csv_text, xlsx_bytes
from tournaments.leaderboard import Leaderboard, club_leaderboard, season_leaderboard
from tournaments.views.standings import PDF, XLSX, download, ranked_pdf


def _average(request: HttpRequest) -> bool:
    return request.GET.get("clubs") == "average"


def _provisional(request: HttpRequest) -> bool:
    """`?provisional=1`: count the tournaments still in play too (marked provisional)."""
    return request.GET.get("provisional") == "1"


@public
def leaderboard(request: HttpRequest, pk: int) -> HttpResponse:
    """Finished tournaments by default; `?provisional=1` adds those in play, marked."""
    season = get_object_or_404(Season.objects.select_related("club"), pk=pk)
    provisional = _provisional(request)
    board = season_leaderboard(season, provisional=provisional)
    average = _average(request)
    return render(
        request,
        "tournaments/leaderboard.html",
        {
            "season": season,
            "board": board,
            "clubs": club_leaderboard(board, average=average),
            "average": average,
            "provisional": provisional,
            # Carried into the club toggle and the download links.
            "provisional_query": "provisional=1" if provisional else "",
        },
    )


def leaderboard_columns(board: Leaderboard) -> tuple[str, ...]:
    value = _("Cup points") if board.by_cup else _("Chips")
    return (
        _("Place"),
        _("Player"),
        _("Club"),
        _("Tournaments"),
        *(
            _("%(name)s (provisional)") % {"name": t.name} if t in board.provisional else t.name
            for t in board.tournaments
        ),
        value,
    )


def leaderboard_rows(board: Leaderboard) -> list[tuple]:
    """One row per ranked player; a dropped tournament's value is shown in brackets."""
    rows = []
    for player in board.ranked:
        by_tournament = {entry.tournament.pk: entry for entry in player["entries"]}
        cells = []
        for tournament in board.tournaments:
            entry = by_tournament.get(tournament.pk)
            cells.append(
                None if entry is None else (entry.value if entry.counted else f"({entry.value})")
            )
        rows.append(
            (
                player["place"],
                player["name"],
                player["club"],
                player["played"],
                *cells,
                player["total"],
            )
        )
    return rows


@public
def leaderboard_export(request: HttpRequest, pk: int, fmt: str) -> HttpResponse:
    """The leaderboard as XLSX (with the club leaderboard), CSV or PDF; with
    `?provisional=1` as on the page, its provisional tournaments marked and noted."""
    season = get_object_or_404(Season, pk=pk)
    board = season_leaderboard(season, provisional=_provisional(request))
    columns, rows = leaderboard_columns(board), leaderboard_rows(board)
    name = f"{slugify(season.name)}-leaderboard"
    note = board.note
    if fmt == "csv":
        return download(csv_text(columns, rows, note), "text/csv; charset=utf-8", f"{name}.csv")
    if fmt == "xlsx":
        clubs = club_leaderboard(board, average=_average(request))
        club_rows = [(c["place"], c["name"], c["players"], c["total"]) for c in clubs]
        club_columns = (_("Place"), _("Club"), _("Players"), _("Total"))
        sheets = [
            SheetData(_("Leaderboard"), columns, rows, note),
            SheetData(_("Clubs"), club_columns, club_rows, note),
        ]
        return download(xlsx_bytes(sheets), XLSX, f"{name}.xlsx")
    if fmt == "pdf":
        subtitle = f"{season.scope} · {season.start_date} – {season.end_date}"
        if note:
            subtitle = f"{subtitle} · {note}"
        title = _("Leaderboard: %(name)s") % {"name": season.name}
        return download(ranked_pdf(title, subtitle, columns, rows), PDF, f"{name}.pdf")
    raise Http404("Unknown format")
