import io

import pytest
from django.urls import reverse
from pypdf import PdfReader

from tests.tournaments.helpers import confirm_sheets, hand_post

pytestmark = pytest.mark.django_db


def _text(response) -> str:
    assert response["Content-Type"] == "application/pdf"
    reader = PdfReader(io.BytesIO(response.content))
    return "\n".join(page.extract_text() for page in reader.pages), len(reader.pages)


def test_blank_sheets_have_a_page_per_table_with_names_and_the_400_line(director_client, round1):
    text, pages = _text(
        director_client.get(reverse("tournaments:round_sheets_pdf", args=[round1.tournament_id, 1]))
    )
    assert pages == 4
    for seat in round1.seats.select_related("player"):
        assert seat.player.name in text
    assert "400" in text and "Westfest Tarock" in text


def test_a_filled_sheet_lists_the_hands_and_the_confirmed_counts(
    judge_client, director, round1, table1
):
    table1.refresh_from_db()
    judge_client.post(
        reverse("tournaments:hand_add", args=[table1.pk]),
        hand_post(table1, declarer=1, partner=3, declarer_points=59),
    )
    confirm_sheets(round1, director, {n: {1: 103, 2: 97, 3: 103, 4: 97} for n in range(1, 5)})
    text, pages = _text(judge_client.get(reverse("tournaments:table_sheet_pdf", args=[table1.pk])))
    assert pages == 1
    assert "Povinost 1+3: 59" in text
    assert "103" in text and "97" in text


def test_the_seating_list_is_public_and_complete(anon_client, round1):
    text, _ = _text(
        anon_client.get(reverse("tournaments:seating_pdf", args=[round1.tournament_id, 1]))
    )
    for seat in round1.seats.select_related("player"):
        assert seat.player.name in text


def test_table_cards_carry_each_table(director_client, round1):
    text, _ = _text(
        director_client.get(reverse("tournaments:table_cards_pdf", args=[round1.tournament_id, 1]))
    )
    assert all(f"Table {n}" in text or f"{n}" in text for n in range(1, 5))


def test_the_standings_pdf_has_the_players(anon_client, round1, director):
    confirm_sheets(round1, director, {n: {1: 110, 2: 100, 3: 95, 4: 95} for n in range(1, 5)})
    text, _ = _text(
        anon_client.get(reverse("tournaments:standings_export", args=[round1.tournament_id, "pdf"]))
    )
    for seat in round1.seats.select_related("player"):
        assert seat.player.name in text
    assert "Standings" in text
