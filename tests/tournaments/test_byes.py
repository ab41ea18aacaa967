"""A player with a bye is in the standings, their downloads and the results page, exactly
once, broken even (issue 26: five players at a ruleset of four)."""

import csv
import io
from decimal import Decimal

import pytest
from django.urls import reverse
from openpyxl import load_workbook
from pypdf import PdfReader

from tests.tournaments.helpers import confirm_sheets, round_in_play
from tournaments.models import Bye, Round
from tournaments.totals import final_places, tournament_standings

pytestmark = pytest.mark.django_db

# Each ruleset with the setup a club would give it: the written-score game starts at 0.
SETUPS = {
    "spjst": {},
    "cz_xix": {},
    "cz_three": {"table_size": 3, "placement_points_text": "2, 1, 0.5"},
    "si_double": {"starting_chips": 0},
    "whist": {},
}


def _closed_round_with_byes(director_client, judge, club, ruleset, **setup):
    """Five players drawn at the ruleset's tables, every sheet confirmed broken even, the
    round closed through the director's page. Returns the tournament and its byes' names."""
    setup = {**SETUPS[ruleset], **setup}
    tournament, tables = round_in_play(
        director_client, judge, club, players=5, ruleset=ruleset, **setup
    )
    round_ = Round.objects.get()
    start = tournament.starting_chips
    counts = {t.number: {s.number: start for s in t.seats.all()} for t in tables}
    confirm_sheets(round_, judge, counts)
    response = director_client.post(
        reverse("tournaments:round_status", args=[tournament.pk, 1]), {"status": "closed"}
    )
    assert response.status_code == 302
    round_.refresh_from_db()
    assert round_.status == Round.Status.CLOSED
    byes = list(Bye.objects.filter(round=round_).values_list("player__display_name", flat=True))
    assert byes, "five players at tables of this ruleset leave someone a bye"
    return tournament, byes


def _names(tournament):
    return list(
        tournament.registrations.values_list("player__display_name", flat=True).order_by("pk")
    )


@pytest.mark.parametrize("ruleset", sorted(SETUPS))
def test_every_player_is_in_the_standings_and_results_once_after_a_bye(
    director_client, anon_client, judge, club, ruleset
):
    tournament, byes = _closed_round_with_byes(director_client, judge, club, ruleset)
    names = _names(tournament)
    assert len(names) == 5

    rows = tournament_standings(tournament).rows
    assert sorted(row["name"] for row in rows) == sorted(names)
    for row in rows:
        if row["name"] in byes:
            assert row["total"] == 0 and row["rounds"] == {1: 0}

    page = anon_client.get(reverse("tournaments:standings", args=[tournament.pk]))
    assert page.status_code == 200
    text = page.content.decode()
    for name in names:
        assert text.count(name) == 1, name

    export = reverse("tournaments:standings_export", args=[tournament.pk, "csv"])
    lines = list(csv.reader(io.StringIO(anon_client.get(export).content.decode())))
    for name in names:
        assert sum(name in line for line in lines) == 1, name

    export = reverse("tournaments:standings_export", args=[tournament.pk, "xlsx"])
    workbook = load_workbook(io.BytesIO(anon_client.get(export).content))
    standings = [c for row in workbook.worksheets[0].iter_rows(values_only=True) for c in row]
    for name in names:
        assert standings.count(name) == 1, name
    round_sheet = [row for row in workbook.worksheets[1].iter_rows(values_only=True)]
    for name in names:
        assert sum(name in row for row in round_sheet) == 1, name

    export = reverse("tournaments:standings_export", args=[tournament.pk, "pdf"])
    pdf = "".join(
        p.extract_text() for p in PdfReader(io.BytesIO(anon_client.get(export).content)).pages
    )
    for name in names:
        assert pdf.count(name) == 1, name

    results = anon_client.get(reverse("tournaments:results", args=[tournament.pk]))
    text = results.content.decode()
    for name in names:
        assert text.count(name) == 1, name
    assert "(bye)" in text


def test_a_bye_scores_the_average_placement_points(director_client, judge, club):
    tournament, byes = _closed_round_with_byes(
        director_client, judge, club, "spjst", standings_method="placement"
    )
    rows = {row["name"]: row for row in tournament_standings(tournament).rows}
    # 4/3/2/1 shared by four players broken even at their table: 2.5 each; the bye the same.
    assert {row["points"] for row in rows.values()} == {Decimal("2.5")}
    assert rows[byes[0]]["points"] == Decimal("2.5")


def test_the_season_places_count_the_player_with_a_bye(director_client, judge, club):
    tournament, _byes = _closed_round_with_byes(director_client, judge, club, "spjst")
    places = final_places([tournament])[tournament.pk]
    assert sorted(row["name"] for row in places) == sorted(_names(tournament))


def test_a_bye_counts_only_once_its_round_is_closed(director_client, judge, club):
    tournament, _tables = round_in_play(director_client, judge, club, players=5)
    assert Bye.objects.exists()
    assert tournament_standings(tournament).rows == []
