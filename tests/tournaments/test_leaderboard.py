import datetime
import io
from decimal import Decimal

import pytest
from django.urls import reverse
from django.utils import translation
from openpyxl import load_workbook
from pypdf import PdfReader

from clubs.models import Club, Player, Season
from tests.tournaments.helpers import confirm_sheets
from tournaments import services
from tournaments.leaderboard import club_leaderboard, season_leaderboard
from tournaments.models import Round, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def season(db) -> Season:
    return Season.objects.create(
        name="2026",
        start_date=datetime.date(2026, 1, 1),
        end_date=datetime.date(2026, 12, 31),
        cup_points=["10", "8", "6", "5", "4", "3", "2", "1"],
        best_of=2,
        minimum_tournaments=2,
    )


def _tournament(
    season, club, director, players, day: int, counts, *, finished: bool = True
) -> Tournament:
    """A one-round tournament of one table: `counts` are the chips of players[0..3];
    finished (so it counts in the leaderboard) unless told otherwise."""
    tournament = services.create_tournament(
        by=director,
        ruleset="spjst",
        name=f"Cup {day}",
        date=datetime.date(2026, 3, day),
        host_club=club,
        season=season,
        hands_per_round=12,
    )
    for player in players:
        services.register(tournament=tournament, player=player, checked_in=True)
    round_ = services.draw_next_round(tournament=tournament, by=director, seed=day)
    by_player = dict(zip(players, counts, strict=True))
    table_counts = {
        t.number: {s.number: by_player[s.player] for s in t.seats.all()}
        for t in round_.tables.all()
    }
    confirm_sheets(round_, director, table_counts)
    if finished:
        # The sheets were stored directly, like the round's closing: only finishing is tested.
        Round.objects.filter(pk=round_.pk).update(status=Round.Status.CLOSED)
        services.finish_tournament(tournament=tournament, by=director)
        tournament.refresh_from_db()
    return tournament


@pytest.fixture
def four(club) -> list[Player]:
    other = Club.objects.create(name="Tarokový klub Břeclav", short_name="TK Břeclav", country="CZ")
    names = [("Anna", club), ("Bohdan", club), ("Cyril", other), ("Dana", other)]
    return [Player.objects.create(first_name=n, last_name="Hráč", home_club=c) for n, c in names]


def test_best_n_tournaments_count_and_the_rest_are_shown_as_dropped(season, club, director, four):
    _tournament(season, club, director, four, 1, [130, 100, 90, 80])  # A 10, B 8, C 6, D 5
    _tournament(season, club, director, four, 2, [80, 130, 100, 90])  # B 10, C 8, D 6, A 5
    _tournament(season, club, director, four, 3, [120, 110, 90, 80])  # A 10, B 8, C 6, D 5
    board = season_leaderboard(season)
    by_name = {row["name"]: row for row in board.ranked}
    assert by_name["Anna Hráč"]["total"] == 20  # 10 + 10, the 5 dropped
    dropped = [e for e in by_name["Anna Hráč"]["entries"] if not e.counted]
    assert [(e.tournament.name, e.value) for e in dropped] == [("Cup 2", 5)]
    assert by_name["Bohdan Hráč"]["total"] == 18
    assert [row["place"] for row in board.ranked] == [1, 2, 3, 4]


def test_players_below_the_minimum_are_listed_apart(season, club, director, four):
    _tournament(season, club, director, four, 1, [130, 100, 90, 80])
    board = season_leaderboard(season)
    assert board.ranked == []
    assert {p["name"] for p in board.unranked} == {p.name for p in four}


def test_players_below_the_minimum_are_filed_in_the_readers_alphabet(season, club, director):
    names = ["Šimek", "Chalupa", "Sýkora", "Hruška"]
    players = [Player.objects.create(first_name=n, last_name="Z", home_club=club) for n in names]
    _tournament(season, club, director, players, 1, [130, 100, 90, 80])
    with translation.override("cs"):
        czech = [p["name"] for p in season_leaderboard(season).unranked]
    with translation.override("en"):
        english = [p["name"] for p in season_leaderboard(season).unranked]
    assert czech == ["Hruška Z", "Chalupa Z", "Sýkora Z", "Šimek Z"]
    assert english == ["Chalupa Z", "Hruška Z", "Šimek Z", "Sýkora Z"]


def test_equal_totals_share_a_place_and_ties_at_a_place_share_cup_points(
    season, club, director, four
):
    season.minimum_tournaments = 1
    season.save()
    _tournament(season, club, director, four, 1, [120, 120, 80, 80])  # A, B share 1st: (10+8)/2
    board = season_leaderboard(season)
    assert [(row["place"], row["total"]) for row in board.ranked] == [
        (1, 9),
        (1, 9),
        (3, Decimal("5.5")),
        (3, Decimal("5.5")),
    ]


def test_the_season_chip_total_ranking(season, club, director, four):
    season.ranking = Season.Ranking.CHIPS
    season.minimum_tournaments = 1
    season.save()
    _tournament(season, club, director, four, 1, [130, 100, 90, 80])
    _tournament(season, club, director, four, 2, [80, 130, 100, 90])
    totals = {row["name"]: row["total"] for row in season_leaderboard(season).ranked}
    assert totals == {"Anna Hráč": 10, "Bohdan Hráč": 30, "Cyril Hráč": -10, "Dana Hráč": -30}


def test_the_club_leaderboard_sums_or_averages(season, club, director, four):
    season.minimum_tournaments = 1
    season.save()
    _tournament(season, club, director, four, 1, [130, 100, 90, 80])
    board = season_leaderboard(season)
    assert [(c["name"], c["total"]) for c in club_leaderboard(board)] == [
        ("L88", 18),
        ("TK Břeclav", 11),
    ]
    assert [c["total"] for c in club_leaderboard(board, average=True)] == [9, Decimal("5.5")]


def test_the_leaderboard_page_shows_how_a_total_was_made(anon_client, season, club, director, four):
    for day, counts in ((1, [130, 100, 90, 80]), (2, [80, 130, 100, 90]), (3, [120, 110, 90, 80])):
        _tournament(season, club, director, four, day, counts)
    page = anon_client.get(reverse("tournaments:leaderboard", args=[season.pk])).content.decode()
    assert "Anna Hráč" in page and "dropped" in page and "best 2 tournaments count" in page
    xlsx = anon_client.get(reverse("tournaments:leaderboard_export", args=[season.pk, "xlsx"]))
    sheet = load_workbook(io.BytesIO(xlsx.content))["Leaderboard"]
    first = [c.value for c in sheet[2]]
    assert first[1] == "Anna Hráč" and first[-1] == 20 and "(5)" in first


def test_leaderboard_queries_do_not_grow_with_tournaments(
    anon_client, season, club, director, four, queries_of, django_assert_max_num_queries
):
    url = reverse("tournaments:leaderboard", args=[season.pk])
    _tournament(season, club, director, four, 1, [130, 100, 90, 80])
    baseline = queries_of(lambda: anon_client.get(url))
    for day in range(2, 8):
        _tournament(season, club, director, four, day, [100 + day, 100, 100 - day, 100])
    with django_assert_max_num_queries(baseline):
        anon_client.get(url)


def test_the_player_page_lists_tournaments_and_draws_a_chart(
    anon_client, season, club, director, four
):
    _tournament(season, club, director, four, 1, [130, 100, 90, 80])
    page = anon_client.get(reverse("clubs:player_detail", args=[four[0].pk])).content.decode()
    assert "Cup 1" in page and "+30" in page and "1/4" in page
    # Drawn in the page: one line through the round's point, named in the legend.
    assert '<svg class="chips-chart"' in page and "<polyline" in page
    assert '<li class="series-0">Cup 1' in page


def test_the_club_page_shows_its_players_results(anon_client, season, club, director, four):
    _tournament(season, club, director, four, 1, [130, 100, 90, 80])
    page = anon_client.get(reverse("clubs:club_detail", args=[club.pk])).content.decode()
    assert "Players&#x27; results" in page or "Players' results" in page
    assert "Anna Hráč" in page and "+30" in page and "Cup 1" in page


def test_the_leaderboard_pdf_keeps_the_czech_letters(anon_client, season, club, director, four):
    from pypdf import PdfReader

    season.minimum_tournaments = 1
    season.save()
    _tournament(season, club, director, four, 1, [130, 100, 90, 80])
    response = anon_client.get(reverse("tournaments:leaderboard_export", args=[season.pk, "pdf"]))
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages)
    assert "Anna Hráč" in text and "TK Břeclav" in text


def test_the_player_page_title_is_the_players_name(anon_client, four):
    page = anon_client.get(reverse("clubs:player_detail", args=[four[0].pk])).content.decode()
    title = page.split("<title>")[1].split("</title>")[0]
    assert title.startswith("Anna Hráč ·")


def test_the_leaderboard_counts_finished_tournaments_unless_asked_for_provisional_ones(
    season, club, director, four
):
    season.minimum_tournaments = 1
    season.save()
    _tournament(season, club, director, four, 1, [130, 100, 90, 80])
    in_play = _tournament(season, club, director, four, 2, [80, 130, 100, 90], finished=False)
    board = season_leaderboard(season)
    assert [t.name for t in board.tournaments] == ["Cup 1"] and board.unfinished == [in_play]
    assert {row["name"]: row["total"] for row in board.ranked}["Bohdan Hráč"] == 8
    assert board.note == ""
    board = season_leaderboard(season, provisional=True)
    assert [t.name for t in board.tournaments] == ["Cup 1", "Cup 2"]
    assert board.provisional == [in_play]
    assert {row["name"]: row["total"] for row in board.ranked}["Bohdan Hráč"] == 18
    assert board.note == "Provisional: includes tournaments not finished yet (Cup 2)"


def _leaderboard_texts(client, season, query: str) -> dict[str, str]:
    def export(fmt: str):
        url = reverse("tournaments:leaderboard_export", args=[season.pk, fmt])
        return client.get(url + query).content

    page = client.get(reverse("tournaments:leaderboard", args=[season.pk]) + query)
    # A subtitle may wrap in the PDF: its words are compared, not its line breaks.
    pdf = " ".join(
        " ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(export("pdf"))).pages
    )
    workbook = load_workbook(io.BytesIO(export("xlsx")))
    xlsx = " ".join(
        str(cell) for row in workbook["Leaderboard"].iter_rows(values_only=True) for cell in row
    )
    return {"page": page.content.decode(), "pdf": pdf, "xlsx": xlsx, "csv": export("csv").decode()}


def test_the_provisional_toggle_is_carried_into_every_export(
    anon_client, season, club, director, four
):
    season.minimum_tournaments = 1
    season.save()
    _tournament(season, club, director, four, 1, [130, 100, 90, 80])
    _tournament(season, club, director, four, 2, [80, 130, 100, 90], finished=False)
    default = _leaderboard_texts(anon_client, season, "")
    assert 'href="?provisional=1"' in default["page"] and "Cup 2" not in default["page"]
    for fmt in ("pdf", "xlsx", "csv"):
        assert "Cup 1" in default[fmt] and "Cup 2" not in default[fmt], fmt
        assert "Provisional" not in default[fmt], fmt
    shown = _leaderboard_texts(anon_client, season, "?provisional=1")
    page = shown["page"]
    assert "Cup 2 (" in page and "this leaderboard includes a tournament" in page
    assert page.count('<em class="provisional">provisional</em>') == 4  # Cup 2, each player
    assert "leaderboard.csv?provisional=1" in page and "?provisional=1&amp;clubs=average" in page
    for fmt in ("xlsx", "csv", "pdf"):
        assert "Cup 2 (provisional)" in shown[fmt], fmt
        assert "Provisional: includes tournaments not finished yet (Cup 2)" in shown[fmt], fmt
