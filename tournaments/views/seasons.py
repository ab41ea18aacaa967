"""Season leaderboards and club leaderboards, for everyone, with their downloads.

A season's board is shown overall or for one club (`?club=<id>`: the players who played
for that club that season, ranked among themselves), on the page and in the downloads."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from accounts.roles import public
from clubs.models import Club, Season
from tournaments.downloads import report_download
from tournaments.leaderboard import Leaderboard, club_leaderboard, season_leaderboard
from tournaments.reports import club_report, leaderboard_report
from tournaments.season_clubs import for_club, with_season_clubs


def _average(request: HttpRequest) -> bool:
    return request.GET.get("clubs") == "average"


def _provisional(request: HttpRequest) -> bool:
    """`?provisional=1`: count the tournaments still in play too (marked provisional)."""
    return request.GET.get("provisional") == "1"


def _board(request: HttpRequest, season: Season) -> tuple[Leaderboard, list[Club]]:
    """The season's board, of one club when `?club=` names one of its clubs; and the
    clubs its players played for (an unknown club shows the whole board)."""
    board = season_leaderboard(season, provisional=_provisional(request))
    clubs = with_season_clubs(board)
    chosen = request.GET.get("club", "")
    club = next((c for c in clubs if str(c.pk) == chosen), None)
    return (board if club is None else for_club(board, club)), clubs


@public
def leaderboard(request: HttpRequest, pk: int) -> HttpResponse:
    """Finished tournaments by default; `?provisional=1` adds those in play, marked."""
    season = get_object_or_404(Season.objects.select_related("club"), pk=pk)
    provisional = _provisional(request)
    board, clubs = _board(request, season)
    average = _average(request)
    query = "&".join(
        part
        for part in (
            "provisional=1" if provisional else "",
            f"club={board.club.pk}" if board.club else "",
        )
        if part
    )
    return render(
        request,
        "tournaments/leaderboard.html",
        {
            "season": season,
            "board": board,
            "clubs": clubs,
            "club_report": club_report(board, club_leaderboard(board, average=average)),
            "average": average,
            "provisional": provisional,
            # Carried into the club toggle, the club tabs and the download links.
            "provisional_query": "provisional=1" if provisional else "",
            "download_query": query,
        },
    )


@public
def leaderboard_export(request: HttpRequest, pk: int, fmt: str) -> HttpResponse:
    """The leaderboard as XLSX (with the club leaderboard), CSV or PDF; with
    `?provisional=1` as on the page, its provisional tournaments marked and noted; with
    `?club=` one club's."""
    season = get_object_or_404(Season.objects.select_related("club"), pk=pk)
    board, _clubs = _board(request, season)
    report = leaderboard_report(board)
    clubs = ()
    if fmt == "xlsx" and board.club is None:
        clubs = (club_report(board, club_leaderboard(board, average=_average(request))),)
    return report_download(report, fmt, more_sheets=clubs)
