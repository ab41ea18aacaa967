"""A ruleset defined only in tests/ runs a whole tournament day, through the pages.

Duel (tests/rulesets/duel.py) is registered with one line and nothing under tournaments/
knows it: setup, registration, the draw, the judge's page and hand entry, the score
sheet and its check, standings, the PDFs and the XLSX export all ask the ruleset.
"""

import io
import uuid

import pytest
from django.urls import reverse
from openpyxl import load_workbook
from pypdf import PdfReader

from clubs.models import Player
from scoring.registry import registered
from tests.rulesets import duel
from tournaments.models import Hand, Round, ScoreSheet, Tournament

pytestmark = pytest.mark.django_db

SOLO = {"contract": "solo", "declarer": 2, "declarer_points": 40, "double": 1}  # 2 wins 6 ×3
GAME = {"contract": "game", "declarer": 3, "declarer_points": 30, "double": 0}  # 3 loses 1 ×3


@pytest.fixture(autouse=True)
def duel_registered():
    with registered(duel):
        yield


def _post_hand(client, table, hand):
    table.refresh_from_db()
    body = {k: str(v) for k, v in hand.items()}
    body.update(action="save", submission=str(uuid.uuid4()), version=table.version)
    return client.post(reverse("tournaments:hand_add", args=[table.pk]), body)


def _pdf_text(response) -> str:
    assert response["Content-Type"] == "application/pdf"
    reader = PdfReader(io.BytesIO(response.content))
    return "\n".join(page.extract_text() for page in reader.pages)


def test_a_duel_tournament_day_from_setup_to_standings(
    director_client, judge_client, judge, club, director
):
    setup = director_client.get(reverse("tournaments:create")).content.decode()
    assert 'value="duel"' in setup  # offered because it is registered, nothing else
    director_client.post(
        reverse("tournaments:create"),
        {
            "name": "Duel day", "date": "2026-11-21", "host_club": club.pk, "ruleset": "duel",
            "rounds_planned": 1, "hands_per_round": 2, "starting_chips": 100, "table_size": 4,
            "standings_method": "chips", "placement_points_text": "4, 3, 2, 1",
        },
    )  # fmt: skip
    tournament = Tournament.objects.get()
    assert tournament.ruleset == "duel" and tournament.rules is duel
    for n in range(4):
        player = Player.objects.create(first_name=f"D{n}", last_name=f"Duelist{n}", home_club=club)
        director_client.post(
            reverse("tournaments:register", args=[tournament.pk]), {"player": player.pk}
        )
    director_client.post(reverse("tournaments:draw", args=[tournament.pk]), {"seed": "3"})
    table = Round.objects.get().tables.get()
    director_client.post(
        reverse("tournaments:table_judge", args=[table.pk]), {"judge": judge.pk, "link": "keep"}
    )
    director_client.post(
        reverse("tournaments:round_status", args=[tournament.pk, 1]), {"status": "playing"}
    )

    # The judge's page: the Duel form, and the Duel deal's proposal.
    page = judge_client.get(table.get_absolute_url()).content.decode()
    assert 'name="double"' in page and 'value="solo"' in page
    assert "Next hand: seat 1 deals, seat 2 is first to bid." in page

    _post_hand(judge_client, table, SOLO)
    _post_hand(judge_client, table, GAME)
    hands = Hand.objects.order_by("number")
    assert [hand.deltas() for hand in hands] == [
        {1: -6, 2: 18, 3: -6, 4: -6},
        {1: 1, 2: 1, 3: -3, 4: 1},
    ]
    page = judge_client.get(table.get_absolute_url()).content.decode()
    assert "Next hand: seat 3 deals, seat 4 is first to bid." in page

    # The sheet check: a wrong total is refused, the right counts agree with the hands.
    sheet_url = reverse("tournaments:sheet", args=[table.pk])
    wrong = judge_client.post(sheet_url, {"seat_1": 95, "seat_2": 119, "seat_3": 91, "seat_4": 96})
    assert "must be 400" in wrong.content.decode()
    right = judge_client.post(sheet_url, {"seat_1": 95, "seat_2": 119, "seat_3": 91, "seat_4": 95})
    assert "Every count agrees with the recorded hands" in right.content.decode()
    sheet = ScoreSheet.objects.order_by("-pk").first()
    director_client.post(reverse("tournaments:sheet_confirm", args=[sheet.pk]))
    sheet.refresh_from_db()
    assert sheet.confirmed
    director_client.post(
        reverse("tournaments:round_status", args=[tournament.pk, 1]), {"status": "closed"}
    )
    assert Round.objects.get().status == Round.Status.CLOSED

    standings = director_client.get(reverse("tournaments:standings", args=[tournament.pk]))
    text = standings.content.decode()
    text = text[text.index("<table") :]
    names = {seat.number: seat.player.name for seat in table.seats.select_related("player")}
    # Seat 2 won 19 chips, seat 3 lost 9: first and last; the others share 2nd place.
    assert text.index(names[2]) < min(text.index(names[1]), text.index(names[4]))
    assert text.index(names[3]) > max(text.index(names[1]), text.index(names[4]))

    sheet_pdf = _pdf_text(
        director_client.get(reverse("tournaments:table_sheet_pdf", args=[table.pk]))
    )
    assert "Solo 2: 40, double" in sheet_pdf and "Game 3: 30" in sheet_pdf
    standings_pdf = director_client.get(
        reverse("tournaments:standings_export", args=[tournament.pk, "pdf"])
    )
    assert "Duel day" in _pdf_text(standings_pdf)

    xlsx = director_client.get(
        reverse("tournaments:standings_export", args=[tournament.pk, "xlsx"])
    )
    rows = list(load_workbook(io.BytesIO(xlsx.content)).active.iter_rows(values_only=True))
    leader = next(row for row in rows if names[2] in row)
    assert 19 in leader or 119 in leader
