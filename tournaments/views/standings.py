"""Standings for everyone (and the projector at the venue), with their downloads, and the
director's downloads of the whole tournament (its hands, its archive)."""

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.text import slugify
from django_tables2 import RequestConfig

from accounts.roles import public
from clubs.permissions import director_of
from tournaments import archive, public_cache
from tournaments.access import tournament_club
from tournaments.downloads import download, report_download
from tournaments.drive import standings as tournament_standings
from tournaments.models import Tournament
from tournaments.reports import hands_report, round_reports, standings_report
from tournaments.reports.rendering import page_table


@public
def standings(request: HttpRequest, pk: int) -> HttpResponse:
    """Ranked standings; the page refreshes itself every 30 s (for a projector)."""
    tournament = get_object_or_404(Tournament.objects.select_related("host_club"), pk=pk)
    ranking = public_cache.kept(request, "standings", lambda: _ranking(request, tournament))
    if request.htmx:
        return HttpResponse(ranking["html"])
    context = {"tournament": tournament, "ranking": ranking, "embed": _embed(request, tournament)}
    return render(request, "tournaments/standings.html", context)


# The standings widget (static/js/widget/standings.js), under the name that stays the
# same across deploys (not the hashed one {% static %} gives): a club pastes it once.
WIDGET_SCRIPT = "js/widget/standings.js"


def _embed(request: HttpRequest, tournament: Tournament) -> dict[str, str]:
    """The addresses of the snippet that puts these standings on a club's own site."""
    return {
        "api": request.build_absolute_uri(reverse("api:standings", args=[tournament.pk])),
        "script": request.build_absolute_uri(settings.STATIC_URL + WIDGET_SCRIPT),
    }


def _ranking(request: HttpRequest, tournament: Tournament) -> dict[str, object]:
    """The standings as the page shows them: rendered (in the order the request asks),
    and how they are ranked."""
    result = tournament_standings(tournament)
    table = page_table(standings_report(result))
    RequestConfig(request, paginate=False).configure(table)
    html = render_to_string(
        "tournaments/_standings_table.html", {"table": table, "standings": result}, request
    )
    return {"html": html, "by_points": result.by_points, "by_tricks": result.by_tricks}


@public
def standings_export(request: HttpRequest, pk: int, fmt: str) -> HttpResponse:
    """The standings as XLSX (with a sheet per round), CSV or PDF, each saying
    "provisional after round N of M" until the tournament is finished."""
    tournament = get_object_or_404(Tournament.objects.select_related("host_club"), pk=pk)
    report = standings_report(tournament_standings(tournament))
    rounds = round_reports(tournament) if fmt == "xlsx" else ()
    return report_download(report, fmt, more_sheets=rounds)


@director_of(tournament_club)
def hands_export(request: HttpRequest, pk: int, fmt: str) -> HttpResponse:
    """Every recorded hand of the tournament, a row per seat (deleted ones marked)."""
    tournament = get_object_or_404(Tournament, pk=pk)
    return report_download(hands_report(tournament), fmt, formats=("csv", "xlsx"))


@director_of(tournament_club)
def tournament_archive(request: HttpRequest, pk: int) -> HttpResponse:
    """The whole tournament as one JSON file, for `manage.py import_tournament` elsewhere."""
    tournament = get_object_or_404(Tournament, pk=pk)
    name = f"{slugify(tournament.name) or 'tournament'}-{tournament.date}.json"
    return download(archive.dump(archive.export_tournament(tournament)), archive.CONTENT_TYPE, name)
