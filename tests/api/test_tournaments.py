"""The tournament endpoints answer the figures of the tournament pages."""

import re

import pytest
from django.urls import reverse

from tests.tournaments.helpers import confirm_sheets
from tournaments.models import Round, Tournament
from tournaments.totals import counts_by_player, tournament_standings

pytestmark = pytest.mark.django_db

# Table 2's seat 1 ends on +30, table 1's first two share second place on +10.
COUNTS = {
    1: {1: 110, 2: 110, 3: 90, 4: 90},
    2: {1: 130, 2: 100, 3: 90, 4: 80},
    3: {1: 100, 2: 100, 3: 100, 4: 100},
    4: {1: 100, 2: 100, 3: 100, 4: 100},
}


@pytest.fixture
def played(round1, director):
    """Round 1 with confirmed sheets at every table (no hands recorded), closed."""
    confirm_sheets(round1, director, COUNTS)
    Round.objects.filter(pk=round1.pk).update(status=Round.Status.CLOSED)
    return round1.tournament


def test_tournament_list_and_detail(anon_client, played):
    listed = anon_client.get(reverse("api:tournament_list")).json()
    assert listed["count"] == 1
    (item,) = listed["results"]
    assert item["id"] == played.pk and item["name"] == "Westfest Tarock"
    assert item["players"] == 16 and item["host_club"]["short_name"] == "L88"
    detail = anon_client.get(reverse("api:tournament", args=[played.pk])).json()
    assert detail == item


def test_tournament_filters(anon_client, played, club):
    url = reverse("api:tournament_list")
    assert anon_client.get(url, {"club": club.pk}).json()["count"] == 1
    assert anon_client.get(url, {"club": club.pk + 1}).json()["count"] == 0
    assert anon_client.get(url, {"status": "running"}).json()["count"] == 1
    assert anon_client.get(url, {"status": "finished"}).json()["count"] == 0
    assert anon_client.get(url, {"ruleset": "spjst"}).json()["count"] == 1
    assert anon_client.get(url, {"ruleset": "whist"}).json()["count"] == 0
    assert anon_client.get(url, {"season": 999}).json()["count"] == 0


def test_standings_are_the_pages_with_the_provisional_mark(anon_client, played):
    data = anon_client.get(reverse("api:standings", args=[played.pk])).json()
    expected = tournament_standings(played)
    assert data["provisional"] is True
    assert data["note"] == expected.note == "Provisional after round 1 of 3"
    assert data["rounds"] == [1]
    assert [(r["place"], r["player"], r["total"]) for r in data["rows"]] == [
        (r["place"], r["player_id"], r["total"]) for r in expected.rows
    ]
    assert data["rows"][0]["total"] == 30 and data["rows"][0]["rounds"] == [30]
    assert [r["place"] for r in data["rows"][:4]] == [1, 2, 2, 4]
    # The page shows the same figures: +30 for the leader, "Provisional after round 1".
    page = anon_client.get(reverse("tournaments:standings", args=[played.pk])).content.decode()
    assert data["rows"][0]["name"] in page and "+30" in page and data["note"] in page


def test_standings_by_placement_carry_the_points(anon_client, played):
    played.standings_method = "placement"
    played.placement_points = ["4", "3", "2", "1"]
    played.save()
    rows = anon_client.get(reverse("api:standings", args=[played.pk])).json()["rows"]
    expected = {row["player_id"]: row["points"] for row in tournament_standings(played).rows}
    assert {row["player"]: row["points"] for row in rows} == {
        k: float(v) if v % 1 else int(v) for k, v in expected.items()
    }
    assert 3.5 in {row["points"] for row in rows}


def test_finished_standings_are_not_provisional(anon_client, played):
    played.status = Tournament.Status.FINISHED
    played.save()
    data = anon_client.get(reverse("api:standings", args=[played.pk])).json()
    assert data["provisional"] is False and data["note"] == ""


def test_results_are_the_results_page(anon_client, played):
    data = anon_client.get(reverse("api:results", args=[played.pk])).json()
    expected = counts_by_player(played)
    assert [(r["name"], r["total"]) for r in data["rows"]] == [
        (r["name"], r["total"]) for r in expected
    ]
    assert data["rows"][0]["rounds"] == [{"round": 1, "count": 130, "bye": False}]
    page = anon_client.get(reverse("tournaments:results", args=[played.pk])).content.decode()
    assert re.search(r"130", page)


def test_rounds_and_seating(anon_client, played):
    rounds = anon_client.get(reverse("api:round_list", args=[played.pk])).json()
    assert rounds == [{"number": 1, "status": "closed", "tables": 4}]
    data = anon_client.get(reverse("api:round", args=[played.pk, 1])).json()
    assert [t["number"] for t in data["tables"]] == [1, 2, 3, 4]
    round_ = played.rounds.get()
    for table in data["tables"]:
        seats = {s.number: s.player_id for s in round_.seats.filter(table__number=table["number"])}
        assert {s["seat"]: s["player"]["id"] for s in table["seats"]} == seats
    assert anon_client.get(reverse("api:round", args=[played.pk, 9])).status_code == 404


def test_unknown_tournament_is_404(anon_client):
    assert anon_client.get(reverse("api:standings", args=[999999])).status_code == 404
