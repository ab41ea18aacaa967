"""Tables of six and eight, and scores written for each player (not paid between them).

Tally (tests/rulesets/tally.py) stands in for such a ruleset: 14 players at tables of 8
and 6 go through the draw, the judge's page, hand entry, the sheet check ("each player's
total equals the sum of the recorded hands"), standings and the PDFs.
"""

import io
import uuid

import pytest
from django.urls import reverse
from pypdf import PdfReader

from clubs.models import Player
from scoring.registry import registered
from tests.rulesets import tally
from tournaments import services
from tournaments.models import Hand, Round, ScoreSheet, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def tally_registered():
    with registered(tally):
        yield


def _points(*taken: int) -> dict:
    return {f"points_{seat}": points for seat, points in enumerate(taken, start=1)}


def _post_hand(client, table, fields: dict):
    table.refresh_from_db()
    body = {"contract": "tally", "players": table.seats.count(), **fields}
    body.update(action="save", submission=str(uuid.uuid4()), version=table.version)
    return client.post(reverse("tournaments:hand_add", args=[table.pk]), body)


def _pdf_text(response) -> str:
    return "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(response.content)).pages)


def _tournament(director_client, judge, club) -> Tournament:
    director_client.post(
        reverse("tournaments:create"),
        {
            "name": "Tally of eight", "date": "2026-11-22", "host_club": club.pk,
            "ruleset": "tally", "rounds_planned": 1, "hands_per_round": 4,
            "starting_chips": 100, "table_size": 8, "standings_method": "chips",
            "placement_points_text": "8, 7, 6, 5, 4, 3, 2, 1",
        },
    )  # fmt: skip
    tournament = Tournament.objects.get()
    for n in range(14):
        player = Player.objects.create(first_name=f"T{n}", last_name=f"Taker{n}", home_club=club)
        director_client.post(
            reverse("tournaments:register", args=[tournament.pk]), {"player": player.pk}
        )
    director_client.post(reverse("tournaments:draw", args=[tournament.pk]), {"seed": "9"})
    for table in Round.objects.get().tables.all():
        director_client.post(
            reverse("tournaments:table_judge", args=[table.pk]),
            {"judge": judge.pk, "link": "keep"},
        )
    director_client.post(
        reverse("tournaments:round_status", args=[tournament.pk, 1]), {"status": "playing"}
    )
    return tournament


def test_a_written_score_ruleset_starts_everyone_at_zero(director_client, judge, club, director):
    tournament = _tournament(director_client, judge, club)
    assert tournament.starting_chips == 0 and tournament.table_total is None
    detail = director_client.get(tournament.get_absolute_url()).content.decode()
    assert "8 players, scores written for each" in detail
    with pytest.raises(services.TournamentError, match="every player starts at 0"):
        services.create_tournament(
            by=director, ruleset="tally", name="x", date="2026-11-22", host_club=club,
            starting_chips=100, table_size=8,
        )  # fmt: skip


def test_fourteen_players_at_tables_of_eight_and_six_through_a_round(
    director_client, judge_client, judge, club
):
    tournament = _tournament(director_client, judge, club)
    eight, six = Round.objects.get().tables.order_by("number")
    assert (eight.seats.count(), six.seats.count()) == (8, 6)

    page = judge_client.get(eight.get_absolute_url()).content.decode()
    assert 'name="points_8"' in page and "Seat 1 deals the first hand." in page
    _post_hand(judge_client, eight, _points(10, 0, 5, 0, 20, 35, 0, 0))
    _post_hand(judge_client, eight, _points(0, 30, 0, 10, 0, 0, 15, 15))
    refused = _post_hand(judge_client, eight, _points(70, 70)).content.decode()
    assert "must total 70 (got 140)" in refused
    _post_hand(judge_client, six, _points(20, 10, 10, 10, 10, 10))
    assert [hand.deltas()[6] for hand in Hand.objects.filter(table=eight)] == [35, 0]
    page = judge_client.get(eight.get_absolute_url()).content.decode()
    assert "Next hand: seat 3 deals, seat 4 is first to play." in page

    # The sheet: no fixed total; each count must equal the sum of its seat's hands.
    sheet_url = reverse("tournaments:sheet", args=[eight.pk])
    counts = {f"seat_{seat}": total for seat, total in enumerate(
        (10, 30, 5, 10, 20, 35, 15, 15), start=1)}  # fmt: skip
    wrong = judge_client.post(sheet_url, {**counts, "seat_8": 16}).content.decode()
    assert "✘" in wrong
    right = judge_client.post(sheet_url, counts).content.decode()
    assert "Total: 140" in right and "Every count agrees with the recorded hands" in right
    sheet = ScoreSheet.objects.filter(table=eight).order_by("-pk").first()
    director_client.post(reverse("tournaments:sheet_confirm", args=[sheet.pk]))
    sheet.refresh_from_db()
    assert sheet.confirmed
    judge_client.post(
        reverse("tournaments:sheet", args=[six.pk]),
        {f"seat_{seat}": points for seat, points in enumerate((20, 10, 10, 10, 10, 10), 1)},
    )
    six_sheet = ScoreSheet.objects.filter(table=six).get()
    director_client.post(reverse("tournaments:sheet_confirm", args=[six_sheet.pk]))

    standings = director_client.get(reverse("tournaments:standings", args=[tournament.pk]))
    text = standings.content.decode()
    text = text[text.index("<table") :]
    first = eight.seats.get(number=6).player.name  # 35 points: the most of anyone
    assert text.index(first) == min(text.index(s.player.name) for s in eight.seats.all())

    sheet_pdf = _pdf_text(
        director_client.get(reverse("tournaments:table_sheet_pdf", args=[eight.pk]))
    )
    assert "Counts = column sums" in sheet_pdf and "Tally: 70 points" in sheet_pdf
    seating = director_client.get(reverse("tournaments:seating_pdf", args=[tournament.pk, 1]))
    assert seating["Content-Type"] == "application/pdf"
    assert all(s.player.name in _pdf_text(seating) for s in six.seats.all())
