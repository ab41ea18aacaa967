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


@public
def leaderboard(request: HttpRequest, pk: int) -> HttpResponse:
    season = get_object_or_404(Season.objects.select_related("club"), pk=pk)
    board = season_leaderboard(season)
    average = _average(request)
    return render(
        request,
        "tournaments/leaderboard.html",
        {
            "season": season,
            "board": board,
            "clubs": club_leaderboard(board, average=average),
            "average": average,
        },
    )


def leaderboard_columns(board: Leaderboard) -> tuple[str, ...]:
    value = _("Cup points") if board.by_cup else _("Chips")
    return (
        _("Place"),
        _("Player"),
        _("Club"),
        _("Tournaments"),
        *(t.name for t in board.tournaments),
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
    """The leaderboard as XLSX (with the club leaderboard), CSV or PDF."""
    season = get_object_or_404(Season, pk=pk)
    board = season_leaderboard(season)
    columns, rows = leaderboard_columns(board), leaderboard_rows(board)
    name = f"{slugify(season.name)}-leaderboard"
    if fmt == "csv":
        return download(csv_text(columns, rows), "text/csv; charset=utf-8", f"{name}.csv")
    if fmt == "xlsx":
        clubs = club_leaderboard(board, average=_average(request))
        club_rows = [(c["place"], c["name"], c["players"], c["total"]) for c in clubs]
        sheets = [
            SheetData(_("Leaderboard"), columns, rows),
            SheetData(_("Clubs"), (_("Place"), _("Club"), _("Players"), _("Total")), club_rows),
        ]
        return download(xlsx_bytes(sheets), XLSX, f"{name}.xlsx")
    if fmt == "pdf":
        subtitle = f"{season.scope} · {season.start_date} – {season.end_date}"
        title = _("Leaderboard: %(name)s") % {"name": season.name}
        return download(ranked_pdf(title, subtitle, columns, rows), PDF, f"{name}.pdf")
    raise Http404("Unknown format")
