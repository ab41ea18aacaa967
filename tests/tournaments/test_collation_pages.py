"""Names are filed as the reader's language files them: by surname, Czech "ch" after "h",
"č" after "c"; the round page, its seating PDF, the registration desk and the roster agree."""

import datetime
import io
import re

import pytest
from django.urls import reverse
from django.utils import translation
from pypdf import PdfReader

from clubs.models import Player
from tournaments import services

pytestmark = pytest.mark.django_db

SURNAMES = ["Chalupa", "Hruska", "Čermák", "Cibulka", "Hájek", "Zupan", "Šimek", "Sýkora"]
CZECH_ORDER = ["Cibulka", "Čermák", "Hájek", "Hruska", "Chalupa", "Sýkora", "Šimek", "Zupan"]
ENGLISH_ORDER = ["Čermák", "Chalupa", "Cibulka", "Hájek", "Hruska", "Šimek", "Sýkora", "Zupan"]


@pytest.fixture
def round_(club, director):
    tournament = services.create_tournament(
        by=director, ruleset="spjst", name="Abeceda", date=datetime.date(2026, 11, 28),
        host_club=club, rounds_planned=1, hands_per_round=8,
    )  # fmt: skip
    for n, surname in enumerate(SURNAMES):
        player = Player.objects.create(first_name=f"Jan{n}", last_name=surname, home_club=club)
        services.register(tournament=tournament, player=player, checked_in=True)
    return services.draw_next_round(tournament=tournament, by=director, seed=1)


def _order(text: str) -> list[str]:
    return sorted(SURNAMES, key=text.index)


@pytest.mark.parametrize(("language", "expected"), [("cs", CZECH_ORDER), ("en", ENGLISH_ORDER)])
def test_the_round_page_and_its_seating_pdf_file_players_alike(
    director_client, round_, language, expected
):
    director_client.cookies["django_language"] = language
    page = director_client.get(round_.get_absolute_url()).content.decode()
    table = re.search(r"<tbody>(.*?)</tbody>", page[page.index('id="by-player"') :], re.S)
    assert table and _order(table.group(1)) == expected
    pdf = director_client.get(
        reverse("tournaments:seating_pdf", args=[round_.tournament_id, round_.number])
    )
    pages = [p.extract_text() for p in PdfReader(io.BytesIO(pdf.content)).pages]
    assert _order(pages[-1]) == expected  # the by-player list is the last page


def test_the_registration_desk_and_the_roster_file_by_surname_in_czech(
    director_client, round_, club
):
    director_client.cookies["django_language"] = "cs"
    desk = director_client.get(
        reverse("tournaments:registrations", args=[round_.tournament_id])
    ).content.decode()
    assert _order(desk) == CZECH_ORDER
    roster = director_client.get(club.get_absolute_url()).content.decode()
    assert _order(roster[roster.index("<table") :]) == CZECH_ORDER


def test_equal_totals_on_the_directors_results_come_in_the_readers_alphabet(
    director_client, director, judge, club
):
    from tests.tournaments.helpers import confirm_sheets, round_in_play
    from tournaments.models import Round, Seat
    from tournaments.totals import counts_by_player

    tournament, _tables = round_in_play(
        director_client, judge, club, players=4, ruleset="si_double", starting_chips=0,
        table_size=4, rounds_planned=1,
    )  # fmt: skip
    seats = Seat.objects.filter(round__tournament=tournament).order_by("number")
    for seat, surname in zip(seats, ["Chalupa", "Hruška", "Šimek", "Sýkora"], strict=True):
        Player.objects.filter(pk=seat.player_id).update(display_name=f"Jan {surname}")
    confirm_sheets(
        Round.objects.get(tournament=tournament), director, {1: {1: 10, 2: 10, 3: -10, 4: -10}}
    )
    with translation.override("cs"):
        czech = [row["name"] for row in counts_by_player(tournament)]
    with translation.override("en"):
        english = [row["name"] for row in counts_by_player(tournament)]
    assert czech == ["Jan Hruška", "Jan Chalupa", "Jan Sýkora", "Jan Šimek"]
    assert english == ["Jan Chalupa", "Jan Hruška", "Jan Šimek", "Jan Sýkora"]
