"""Season leaderboards and club leaderboards, for everyone, with their downloads."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from accounts.roles import public
from clubs.models import Season
from tournaments.downloads import report_download
from tournaments.leaderboard import club_leaderboard, season_leaderboard
from tournaments.reports import club_report, leaderboard_report


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
            "club_report": club_report(board, club_leaderboard(board, average=average)),
            "average": average,
            "provisional": provisional,
            # Carried into the club toggle and the download links.
            "provisional_query": "provisional=1" if provisional else "",
        },
    )


@public
def leaderboard_export(request: HttpRequest, pk: int, fmt: str) -> HttpResponse:
    """The leaderboard as XLSX (with the club leaderboard), CSV or PDF; with
    `?provisional=1` as on the page, its provisional tournaments marked and noted."""
    season = get_object_or_404(Season, pk=pk)
    board = season_leaderboard(season, provisional=_provisional(request))
    report = leaderboard_report(board)
    clubs = ()
    if fmt == "xlsx":
        clubs = (club_report(board, club_leaderboard(board, average=_average(request))),)
    return report_download(report, fmt, more_sheets=clubs)
