"""Each report is defined once (`tournaments.reports`): the page, CSV, XLSX and PDF all
render that one definition, so their headers agree and a new column appears in all."""

import csv
import dataclasses
import io
from decimal import Decimal
from html.parser import HTMLParser

import pytest
from django.template.loader import render_to_string
from django.test import RequestFactory
from django.urls import reverse
from django_tables2 import RequestConfig
from openpyxl import load_workbook

from tests.printing.samples import page_texts, placed_text, reader
from tests.tournaments.helpers import confirm_sheets, hand_post
from tests.tournaments.test_leaderboard import _tournament, four, season  # noqa: F401
from tests.tournaments.test_standings import ROUND1
from tournaments.leaderboard import club_leaderboard, season_leaderboard
from tournaments.reports import (
    Column,
    Kind,
    Report,
    ReportError,
    club_report,
    leaderboard_report,
    standings_report,
)
from tournaments.reports.rendering import page_table, report_csv, report_pdf, reports_xlsx
from tournaments.totals import tournament_standings

pytestmark = pytest.mark.django_db


class _Headers(HTMLParser):
    """The text of every <th> of an HTML page, in order."""

    def __init__(self) -> None:
        super().__init__()
        self.headers: list[str] = []
        self._inside = False

    def handle_starttag(self, tag, attrs):
        if tag == "th":
            self._inside = True
            self.headers.append("")

    def handle_endtag(self, tag):
        if tag == "th":
            self._inside = False

    def handle_data(self, data):
        if self._inside:
            self.headers[-1] += data.strip()


def _page_headers(html: str) -> list[str]:
    parser = _Headers()
    parser.feed(html)
    return parser.headers


def _csv_headers(content: bytes | str) -> list[str]:
    text = content.decode() if isinstance(content, bytes) else content
    return next(csv.reader(io.StringIO(text)))


def _xlsx_headers(content: bytes, sheet: str) -> list[str]:
    return [cell.value for cell in load_workbook(io.BytesIO(content))[sheet][1]]


def _pdf_headers(content: bytes, count: int) -> list[str]:
    # Under the title and the (possibly wrapped) subtitle, the header row: a cell a line.
    lines = page_texts(content)[0].splitlines()
    start = lines.index("Place")
    return lines[start : start + count]


def _export(client, name: str, pk: int, fmt: str, query: str = "") -> bytes:
    response = client.get(reverse(f"tournaments:{name}", args=[pk, fmt]) + query)
    assert response.status_code == 200
    return response.content


def test_the_standings_page_csv_xlsx_and_pdf_share_the_definitions_headers(
    anon_client, round1, director
):
    tournament = round1.tournament
    tournament.standings_method = "placement"
    tournament.placement_points = ["4", "3", "2", "1"]
    tournament.save()
    confirm_sheets(round1, director, ROUND1)
    headers = list(standings_report(tournament_standings(tournament)).headers)
    assert headers == ["Place", "Player", "Club", "Points", "R1", "Penalties", "Chips"]
    page = anon_client.get(reverse("tournaments:standings", args=[tournament.pk]))
    assert _page_headers(page.content.decode()) == headers
    assert _csv_headers(_export(anon_client, "standings_export", tournament.pk, "csv")) == headers
    xlsx = _export(anon_client, "standings_export", tournament.pk, "xlsx")
    assert _xlsx_headers(xlsx, "Standings") == headers
    pdf = _export(anon_client, "standings_export", tournament.pk, "pdf")
    assert _pdf_headers(pdf, len(headers)) == headers


def test_the_leaderboard_csv_xlsx_and_pdf_share_the_definitions_headers(
    anon_client,
    season,  # noqa: F811
    club,
    director,
    four,  # noqa: F811
):
    season.minimum_tournaments = 1
    season.save()
    _tournament(season, club, director, four, 1, [130, 100, 90, 80])
    _tournament(season, club, director, four, 2, [80, 130, 100, 90], finished=False)
    board = season_leaderboard(season, provisional=True)
    headers = list(leaderboard_report(board).headers)
    assert headers == [
        "Place",
        "Player",
        "Club",
        "Tournaments",
        "Cup 1",
        "Cup 2 (provisional)",
        "Cup points",
    ]
    query = "?provisional=1"
    csv_file = _export(anon_client, "leaderboard_export", season.pk, "csv", query)
    assert _csv_headers(csv_file) == headers
    xlsx = _export(anon_client, "leaderboard_export", season.pk, "xlsx", query)
    assert _xlsx_headers(xlsx, "Leaderboard") == headers
    pdf = _export(anon_client, "leaderboard_export", season.pk, "pdf", query)
    assert _pdf_headers(pdf, len(headers)) == headers
    # The clubs' table: on the page and as the workbook's second sheet.
    club_headers = list(club_report(board, club_leaderboard(board)).headers)
    assert club_headers == ["Place", "Club", "Players", "Total"]
    page = anon_client.get(reverse("tournaments:leaderboard", args=[season.pk]) + query)
    assert _page_headers(page.content.decode()) == club_headers
    assert _xlsx_headers(xlsx, "Clubs") == club_headers


def test_a_dropped_tournament_is_right_aligned_with_the_counted_ones_in_the_pdf(
    anon_client,
    season,  # noqa: F811
    club,
    director,
    four,  # noqa: F811
):
    # Best 2 of 3 count: each player's worst is shown in brackets, "(5)", in its column.
    for day, counts in ((1, [130, 100, 90, 80]), (2, [100, 130, 80, 90]), (3, [90, 80, 130, 100])):
        _tournament(season, club, director, four, day, counts)
    pdf = _export(anon_client, "leaderboard_export", season.pk, "pdf")
    page = reader(pdf).pages[0]
    cells = [(text, x + width) for text, x, _, _, width in placed_text(page)]
    header_right = next(right for text, right in cells if text == "Cup 1")
    under = [text for text, right in cells if abs(right - header_right) < 0.01]
    # The header and the four players' cells end on one line, the bracketed one too.
    assert len(under) == 5 and any(text.startswith("(") for text in under), under


def _tiny(columns: tuple[Column, ...], rows) -> Report:
    return Report(
        key="tiny",
        name="Tiny",
        columns=columns,
        rows=rows,
        title="Tiny report",
        subtitle="for the test",
        note="A note under the rows",
    )


def _renderings(report: Report) -> dict[str, list[str]]:
    """The headers each rendering prints: CSV, XLSX, PDF, the django-tables2 page table
    and the plain template table."""
    table = page_table(report)
    RequestConfig(RequestFactory().get("/"), paginate=False).configure(table)
    count = len(report.columns)
    return {
        "csv": _csv_headers(report_csv(report)),
        "xlsx": _xlsx_headers(reports_xlsx([report]), "Tiny"),
        "pdf": _pdf_headers(report_pdf(report, "a4"), count),
        "page table": _page_headers(table.as_html(RequestFactory().get("/"))),
        "template table": _page_headers(
            render_to_string("tournaments/_report_table.html", {"report": report})
        ),
    }


def test_a_column_added_to_a_definition_appears_in_every_rendering():
    base = _tiny(
        (Column("place", "Place", Kind.PLACE), Column("name", "Player")),
        [(1, "Anna Hráč"), (2, "Bohdan Hráč")],
    )
    for rendering, headers in _renderings(base).items():
        assert headers == ["Place", "Player"], rendering
    bonus = Column("bonus", "Bonus", Kind.CHIPS)
    grown = dataclasses.replace(
        base,
        columns=(*base.columns, bonus),
        rows=[(1, "Anna Hráč", Decimal("1.5")), (2, "Bohdan Hráč", -2)],
    )
    for rendering, headers in _renderings(grown).items():
        assert headers == ["Place", "Player", "Bonus"], rendering
    assert report_csv(grown).splitlines()[1:] == [
        "1,Anna Hráč,1.5",
        "2,Bohdan Hráč,-2",
        "A note under the rows",
    ]
    sheet = load_workbook(io.BytesIO(reports_xlsx([grown])))["Tiny"]
    assert [row[2] for row in sheet.iter_rows(min_row=2, max_row=3, values_only=True)] == [1.5, -2]
    html = page_table(grown).as_html(RequestFactory().get("/"))
    assert '<td class="num">+1.5</td>' in html and '<td class="num">−2</td>' in html


def test_a_report_refuses_rows_that_do_not_fit_its_columns():
    columns = (Column("place", "Place", Kind.PLACE), Column("name", "Player"))
    with pytest.raises(ReportError, match=r"rows\[1\] has 3 cells for 2 columns"):
        _tiny(columns, [(1, "Anna"), (2, "Bohdan", 7)])
    with pytest.raises(ReportError, match="columns: a key is used twice"):
        _tiny((*columns, Column("name", "Name again")), [])


def test_a_format_a_report_is_not_offered_in_is_not_found(director_client, round1):
    pk = round1.tournament_id
    assert (
        director_client.get(reverse("tournaments:hands_export", args=[pk, "pdf"])).status_code
        == 404
    )
    url = reverse("tournaments:standings_export", args=[pk, "ods"])
    assert director_client.get(url).status_code == 404


def test_a_hands_deltas_are_by_seat_number(judge_client, table1):
    table1.refresh_from_db()
    judge_client.post(
        reverse("tournaments:hand_add", args=[table1.pk]),
        hand_post(table1, declarer=1, partner=3, declarer_points=59),
    )
    hand = table1.hands.get()
    assert hand.deltas() == {1: 3, 2: -3, 3: 3, 4: -3}
