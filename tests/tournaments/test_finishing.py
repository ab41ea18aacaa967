"""A director finishes a tournament once its last round is closed, and may reopen it with a
reason; until it is finished its standings say "provisional after round N of M"."""

import csv
import io

import pytest
from django.urls import reverse
from openpyxl import load_workbook
from pypdf import PdfReader

from tests.tournaments.helpers import confirm_sheets
from tournaments import services
from tournaments.models import AuditEntry, Round, Tournament

pytestmark = pytest.mark.django_db

EVEN = {number: {1: 100, 2: 100, 3: 100, 4: 100} for number in range(1, 5)}
TABLE2_WINS = {**EVEN, 2: {1: 130, 2: 100, 3: 90, 4: 80}}


@pytest.fixture
def closed_round(round1, director) -> Round:
    """Round 1 with every sheet confirmed and closed through the service; table 2 kept
    score on paper (its counts are not the hands')."""
    round1.tables.filter(number=2).update(paper_only=True)
    confirm_sheets(round1, director, TABLE2_WINS)
    services.set_round_status(round_=round1, status=Round.Status.CLOSED, by=director)
    round1.refresh_from_db()
    return round1


def _finish_url(tournament) -> str:
    return reverse("tournaments:finish", args=[tournament.pk])


def _messages(response) -> list[str]:
    return [str(m) for m in response.context["messages"]]


def test_finishing_is_refused_while_the_last_round_is_in_play(director_client, round1, director):
    tournament = round1.tournament
    with pytest.raises(services.TournamentError, match="Close Round 1"):
        services.finish_tournament(tournament=tournament, by=director)
    response = director_client.post(_finish_url(tournament), {"action": "finish"}, follow=True)
    assert response.status_code == 200
    assert "Close Round 1 before finishing the tournament." in _messages(response)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING
    assert not AuditEntry.objects.filter(action="finish").exists()


def test_a_tournament_without_rounds_cannot_be_finished(tournament, director):
    with pytest.raises(services.TournamentError, match="No round"):
        services.finish_tournament(tournament=tournament, by=director)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.SETUP


def test_the_director_finishes_the_tournament_after_closing_the_last_round(
    director_client, closed_round, director
):
    tournament = closed_round.tournament
    page = director_client.get(tournament.get_absolute_url()).content.decode()
    assert "Finish the tournament" in page and "Round 1 of 3 is closed" in page
    response = director_client.post(_finish_url(tournament), {"action": "finish"}, follow=True)
    assert "Westfest Tarock is finished: its standings are final." in _messages(response)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    entry = AuditEntry.objects.get(tournament=tournament, action="finish")
    assert entry.actor == director and entry.detail == "after round 1 of 3"
    page = response.content.decode()
    assert "Reopen the tournament" in page and "Draw the next round" not in page


def test_the_finish_button_is_not_offered_while_the_round_is_in_play(director_client, round1):
    page = director_client.get(round1.tournament.get_absolute_url()).content.decode()
    assert "Finish the tournament" not in page and "Draw the next round" in page


def test_a_finished_tournament_draws_no_new_round(closed_round, director):
    tournament = services.finish_tournament(tournament=closed_round.tournament, by=director)
    with pytest.raises(services.TournamentError, match="finished; reopen it"):
        services.draw_next_round(tournament=tournament, by=director, seed=1)
    assert tournament.rounds.count() == 1


def test_reopening_needs_a_reason_and_is_audited(director_client, closed_round, director):
    tournament = services.finish_tournament(tournament=closed_round.tournament, by=director)
    response = director_client.post(
        _finish_url(tournament), {"action": "reopen", "reason": "  "}, follow=True
    )
    assert "Say why the tournament is reopened." in _messages(response)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    response = director_client.post(
        _finish_url(tournament),
        {"action": "reopen", "reason": "A fourth round after all"},
        follow=True,
    )
    assert "Westfest Tarock is reopened: its standings are provisional again." in _messages(
        response
    )
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING
    entry = AuditEntry.objects.get(tournament=tournament, action="reopen tournament")
    assert entry.detail == "A fourth round after all" and entry.actor == director
    assert services.draw_next_round(tournament=tournament, by=director, seed=3).number == 2


def test_a_judge_cannot_finish_the_tournament(judge_client, closed_round):
    response = judge_client.post(_finish_url(closed_round.tournament), {"action": "finish"})
    assert response.status_code == 403
    closed_round.tournament.refresh_from_db()
    assert closed_round.tournament.status == Tournament.Status.RUNNING


# Provisional standings: the page, PDF, XLSX and CSV say so until the tournament is finished.

PROVISIONAL = "Provisional after round 1 of 3"


def _standings_texts(client, tournament) -> dict[str, str]:
    def export(fmt: str):
        url = reverse("tournaments:standings_export", args=[tournament.pk, fmt])
        return client.get(url).content

    page = client.get(reverse("tournaments:standings", args=[tournament.pk])).content.decode()
    pdf = "".join(p.extract_text() for p in PdfReader(io.BytesIO(export("pdf"))).pages)
    workbook = load_workbook(io.BytesIO(export("xlsx")))
    xlsx = " ".join(
        str(cell) for row in workbook["Standings"].iter_rows(values_only=True) for cell in row
    )
    return {"page": page, "pdf": pdf, "xlsx": xlsx, "csv": export("csv").decode()}


def test_standings_say_provisional_in_every_format_until_finished(
    anon_client, closed_round, director
):
    tournament = closed_round.tournament
    before = _standings_texts(anon_client, tournament)
    for fmt, text in before.items():
        assert PROVISIONAL in text, fmt
    assert list(csv.reader(io.StringIO(before["csv"])))[-1] == [PROVISIONAL]
    services.finish_tournament(tournament=tournament, by=director)
    after = _standings_texts(anon_client, tournament)
    for fmt, text in after.items():
        assert "Provisional" not in text, fmt
        assert "Player01" in text, fmt
    assert len(list(csv.reader(io.StringIO(after["csv"])))) == 17


def test_the_results_player_and_club_pages_mark_an_unfinished_tournament(
    anon_client, closed_round, director
):
    tournament = closed_round.tournament
    player = closed_round.seats.get(table__number=2, number=1).player
    pages = {
        "results": reverse("tournaments:results", args=[tournament.pk]),
        "player": reverse("clubs:player_detail", args=[player.pk]),
        "club": reverse("clubs:club_detail", args=[player.home_club_id]),
    }
    for name, url in pages.items():
        page = anon_client.get(url).content.decode()
        assert "provisional" in page.lower() and player.display_name in page, name
    services.finish_tournament(tournament=tournament, by=director)
    for name, url in pages.items():
        assert "provisional" not in anon_client.get(url).content.decode().lower(), name
