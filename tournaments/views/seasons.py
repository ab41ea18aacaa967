"""Season leaderboards and club leaderboards, for everyone, with their downloads.

A season's board is shown overall or for one club (`?club=<id>`: the players who played
for that club that season, ranked among themselves), on the page and in the downloads. The page shows `LEADERBOARD_PAGE` ranked players
at a time, their places numbered across the pages (a season of 200 tournaments ranks
thousands, and drawing them all was four fifths of the page's time); `?player=<id>` or
`?find=<name>` opens the page a player is on. The downloads are always the whole board."""

from django.core.paginator import Page, Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.formats import localize
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from accounts.roles import public
from clubs.models import Club, Season
from tournaments.downloads import report_download
from tournaments.leaderboard import Leaderboard, club_leaderboard, season_leaderboard
from tournaments.models import Tournament
from tournaments.reports import club_report, leaderboard_report
from tournaments.season_clubs import for_club, with_season_clubs

# Ranked players a page of the leaderboard shows.
LEADERBOARD_PAGE = 50


def _page(request: HttpRequest, ranked: list[dict]) -> tuple[Page, int | None]:
    """The page of the ranked players shown, and the player looked for on it (if any):
    `?player=<id>` or `?find=<part of a name>` (the best placed whose name has it) opens
    his page; otherwise `?page=`."""
    number = request.GET.get("page")
    wanted = request.GET.get("player", "")
    text = request.GET.get("find", "").strip().casefold()
    found = None
    if wanted or text:
        for index, row in enumerate(ranked):
            if str(row["player_id"]) == wanted or (text and text in row["name"].casefold()):
                found, number = row["player_id"], index // LEADERBOARD_PAGE + 1
                break
    return Paginator(ranked, LEADERBOARD_PAGE).get_page(number), found


# One of a player's tournaments on the page: its class and its line (escaped HTML).
_LINE = '\n      <li class="%s">%s</li>\n    '


def _entry_lines(players: list[dict]) -> None:
    """Each shown player's tournaments as the list items of HTML the page shows
    (`player["lines"]`, a dropped one marked), each tournament's label made once: a
    template's tags for every entry of every player were most of the page's time in a
    long season, and its loop over the lines was still much of what was left."""
    labels: dict[int, str] = {}
    provisional = format_html(' <em class="provisional">{}</em>', _("provisional"))
    place, dropped = _("place %(place)s"), format_html(" · {}", _("dropped"))
    for player in players:
        lines = []
        for entry in player["entries"]:
            tournament = entry.tournament
            if tournament.pk not in labels:
                marked = provisional if tournament.status != Tournament.Status.FINISHED else ""
                labels[tournament.pk] = format_html(
                    "{} ({}){}", tournament.name, localize(tournament.date), marked
                )
            line = format_html(
                "{}: {} → {}{}",
                labels[tournament.pk],
                place % {"place": localize(entry.place)},
                localize(entry.value),
                "" if entry.counted else dropped,
            )
            # Escaped already (format_html); as the template's loop wrote them, spaces too.
            lines.append(_LINE % ("" if entry.counted else "dropped", line))
        player["lines"] = mark_safe("".join(lines))


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
    page, found = _page(request, board.ranked)
    _entry_lines(page.object_list)
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
            "page": page,
            "found": found,
            "find": request.GET.get("find", "").strip(),
            # The pages' links keep the toggles.
            "page_query": "&".join(p for p in (query, "clubs=average" if average else "") if p),
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
