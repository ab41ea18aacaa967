"""Issue 30: written-score games (Czech, Slovenian) say points, not chips, on the results
page, a player's history, a club's results, in the exports' headers and in the PDFs;
SPJST, paid in chips at the table, keeps chips (`tournaments.score_words`)."""

import csv
import io

import pytest
from django.urls import reverse
from django.utils import translation
from openpyxl import load_workbook
from pypdf import PdfReader

from clubs.forms import SeasonForm
from clubs.models import Season
from tests.tournaments.helpers import confirm_sheets, round_in_play
from tournaments.forms.setup import TournamentForm
from tournaments.models import Round, Seat, Table

pytestmark = pytest.mark.django_db

# ruleset, language, a stem of the word for points, of the word for chips, starting chips.
GAMES = [
    ("cz_xix", "cs", "bod", "žeton", 0),
    ("si_double", "sl", "točk", "žeton", 0),
]


def _texts(client, tournament, player, club) -> dict[str, str]:
    """What a reader sees of the tournament's scores, by where they see it, lower case."""
    pk = tournament.pk

    def get(name, *args):
        response = client.get(reverse(name, args=args))
        assert response.status_code == 200, name
        return response

    def pdf(response):
        return "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(response.content)).pages)

    def first_row(response):
        return " ".join(next(csv.reader(io.StringIO(response.content.decode("utf-8-sig")))))

    workbook = load_workbook(io.BytesIO(get("tournaments:standings_export", pk, "xlsx").content))
    return {
        name: text.lower()
        for name, text in {
            "results": get("tournaments:results", pk).content.decode(),
            "detail": get("tournaments:detail", pk).content.decode(),
            "history": get("clubs:player_detail", player.pk).content.decode(),
            "club": get("clubs:club_detail", club.pk).content.decode(),
            "standings.csv": first_row(get("tournaments:standings_export", pk, "csv")),
            "hands.csv": first_row(get("tournaments:hands_export", pk, "csv")),
            "round sheet": " ".join(
                str(cell.value) for cell in next(workbook.worksheets[-1].iter_rows())
            ),
            "standings.pdf": pdf(get("tournaments:standings_export", pk, "pdf")),
            "sheets.pdf": pdf(get("tournaments:round_sheets_pdf", pk, 1)),
        }.items()
    }


def _played(director_client, director, judge, club, ruleset: str, start: int):
    """A round of four played and its sheet confirmed: seat 1 won 10, seat 2 lost 10."""
    tournament, _tables = round_in_play(
        director_client, judge, club, players=4, ruleset=ruleset, starting_chips=start,
        table_size=4, rounds_planned=1,
    )  # fmt: skip
    counts = {1: start + 10, 2: start - 10, 3: start, 4: start}
    confirm_sheets(Round.objects.get(tournament=tournament), director, {1: counts})
    return tournament, Seat.objects.filter(round__tournament=tournament).first().player


@pytest.mark.parametrize(("ruleset", "language", "points", "chips", "start"), GAMES)
def test_a_written_score_game_says_points(
    director_client, director, judge, club, ruleset, language, points, chips, start
):
    tournament, player = _played(director_client, director, judge, club, ruleset, start)
    director_client.cookies["django_language"] = language
    for where, text in _texts(director_client, tournament, player, club).items():
        assert chips not in text, where
        if where != "sheets.pdf":  # the printed sheet says neither: counts and +/−
            assert points in text, where


def test_spjst_keeps_its_chips(director_client, director, judge, club):
    tournament, player = _played(director_client, director, judge, club, "spjst", 100)
    director_client.cookies["django_language"] = "cs"
    texts = _texts(director_client, tournament, player, club)
    for where in ("results", "history", "club", "standings.csv", "hands.csv", "round sheet"):
        assert "žeton" in texts[where], where


@pytest.mark.parametrize(("ruleset", "language", "points", "chips", "start"), GAMES)
def test_a_season_of_written_score_games_sums_points(
    director_client, director, judge, club, ruleset, language, points, chips, start
):
    tournament, _player = _played(director_client, director, judge, club, ruleset, start)
    season = Season.objects.create(
        name="2026", start_date=tournament.date, end_date=tournament.date,
        ranking=Season.Ranking.CHIPS,
    )  # fmt: skip
    tournament.season = season
    tournament.save(update_fields=["season"])
    director_client.cookies["django_language"] = language
    # The tournament is still in play: counted provisionally, as the page offers.
    page = director_client.get(
        reverse("tournaments:leaderboard", args=[season.pk]) + "?provisional=1"
    )
    csv_url = reverse("tournaments:leaderboard_export", args=[season.pk, "csv"]) + "?provisional=1"
    header = next(csv.reader(io.StringIO(director_client.get(csv_url).content.decode("utf-8-sig"))))
    for where, text in {"page": page.content.decode(), "csv": " ".join(header)}.items():
        assert chips not in text.lower() and points in text.lower(), where


def test_the_standings_and_the_sheet_say_points_in_a_written_score_game(
    director_client, director, judge, club
):
    tournament, _player = _played(director_client, director, judge, club, "cz_xix", 0)
    tournament.standings_method = tournament.Standings.PLACEMENT
    tournament.save(update_fields=["standings_method"])
    director_client.cookies["django_language"] = "cs"
    page = director_client.get(reverse("tournaments:standings", args=[tournament.pk]))
    assert "žeton" not in page.content.decode().lower()
    sheet = director_client.get(reverse("tournaments:sheet", args=[Table.objects.first().pk]))
    assert "žeton" not in sheet.content.decode().lower()


@pytest.mark.parametrize(
    ("ruleset", "language", "words"),
    [
        ("cz_xix", "cs", "4 hráči, počáteční body každého: 100; zápis dává celkem 400"),
        ("cz_xix", "sl", "4 igralci, začetne točke vsakega: 100; zapisnik da skupaj 400"),
        ("spjst", "cs", "4 hráči, každý 100 žetonů: zápis dává celkem 400"),
    ],
)
def test_the_tournaments_page_says_what_a_sheet_totals_in_the_games_words(
    director_client, director, judge, club, ruleset, language, words
):
    """A Czech game paid between the players may start everyone at 100 points: its page
    said "100 chips each" (found setting one up in Czech at 360 px)."""
    tournament, _player = _played(director_client, director, judge, club, ruleset, 100)
    director_client.cookies["django_language"] = language
    page = director_client.get(reverse("tournaments:detail", args=[tournament.pk]))
    assert words in page.content.decode()


def test_the_forms_choices_name_points_beside_chips():
    with translation.override("sl"):
        season = str(dict(SeasonForm().fields["ranking"].choices)["chips"])
        standings = str(dict(TournamentForm().fields["standings_method"].choices)["chips"])
    assert "točk" in season and "točk" in standings
