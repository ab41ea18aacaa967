import io
from decimal import Decimal

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from tests.tournaments.helpers import confirm_sheets
from tournaments import services
from tournaments.ranking import placement_points, shared_places
from tournaments.totals import tournament_standings

pytestmark = pytest.mark.django_db

# Table 1: seats 1 and 2 tie on 110; table 2 has a clear order; tables 3, 4 all at 100.
ROUND1 = {
    1: {1: 110, 2: 110, 3: 90, 4: 90},
    2: {1: 130, 2: 100, 3: 90, 4: 80},
    3: {1: 100, 2: 100, 3: 100, 4: 100},
    4: {1: 100, 2: 100, 3: 100, 4: 100},
}


def _player(round_, table, seat):
    return round_.seats.get(table__number=table, number=seat).player


def test_shared_places_and_placement_points():
    assert shared_places([(5, 1), (5, 1), (5, 0), (2, 0)]) == [1, 1, 3, 4]
    four = [Decimal(p) for p in (4, 3, 2, 1)]
    assert placement_points(rank=1, tied=2, table=four) == Decimal("3.5")
    assert placement_points(rank=1, tied=4, table=four) == Decimal("2.5")
    assert placement_points(
        rank=3, tied=1, table=[Decimal(2), Decimal(1), Decimal("0.5")]
    ) == Decimal("0.5")


def test_chip_standings_share_places_on_equal_totals(round1, director):
    confirm_sheets(round1, director, ROUND1)
    rows = tournament_standings(round1.tournament).rows
    assert rows[0]["name"] == _player(round1, 2, 1).name and rows[0]["total"] == 30
    tied = [row for row in rows if row["total"] == 10]
    assert len(tied) == 2 and {row["place"] for row in tied} == {2}
    assert rows[3]["place"] == 4  # after two sharing 2nd comes 4th (eight players on 0)


def test_placement_points_with_a_tie_at_a_table(round1, director):
    tournament = round1.tournament
    tournament.standings_method = "placement"
    tournament.placement_points = ["4", "3", "2", "1"]
    tournament.save()
    confirm_sheets(round1, director, ROUND1)
    rows = {row["player_id"]: row for row in tournament_standings(tournament).rows}
    assert rows[_player(round1, 1, 1).pk]["points"] == Decimal("3.5")
    assert rows[_player(round1, 1, 3).pk]["points"] == Decimal("1.5")
    assert rows[_player(round1, 2, 1).pk]["points"] == 4
    assert rows[_player(round1, 3, 1).pk]["points"] == Decimal("2.5")
    top = tournament_standings(tournament).rows[0]
    assert top["player_id"] == _player(round1, 2, 1).pk  # 4 points beats 3.5


def test_chips_break_a_tie_in_points_then_the_best_round(round1, director):
    tournament = round1.tournament
    tournament.standings_method = "placement"
    tournament.placement_points = ["4", "3", "2", "1"]
    tournament.save()
    counts = {**ROUND1, 3: {1: 120, 2: 100, 3: 90, 4: 90}}
    confirm_sheets(round1, director, counts)
    rows = tournament_standings(tournament).rows
    # Table 2 seat 1 (4 points, +30) and table 3 seat 1 (4 points, +20): chips decide.
    assert [rows[0]["total"], rows[1]["total"]] == [30, 20]
    assert [rows[0]["place"], rows[1]["place"]] == [1, 2]


def test_the_standings_page_and_the_xlsx_agree(anon_client, round1, director):
    confirm_sheets(round1, director, ROUND1)
    tournament = round1.tournament
    page = anon_client.get(reverse("tournaments:standings", args=[tournament.pk])).content.decode()
    assert "+30" in page and 'hx-trigger="every 30s"' in page
    response = anon_client.get(
        reverse("tournaments:standings_export", args=[tournament.pk, "xlsx"])
    )
    workbook = load_workbook(io.BytesIO(response.content))
    sheet = workbook["Standings"]
    assert [c.value for c in sheet[1]] == ["Place", "Player", "Club", "R1", "Penalties", "Chips"]
    assert sheet.freeze_panes == "A2" and sheet["A1"].font.bold
    rows = tournament_standings(tournament).rows
    excel_rows = list(sheet.iter_rows(min_row=2, max_row=len(rows) + 1, values_only=True))
    for excel_row, row in zip(excel_rows, rows, strict=True):
        assert excel_row[0] == row["place"] and excel_row[1] == row["name"]
        assert excel_row[-1] == row["total"] and isinstance(excel_row[-1], int)
    round_sheet = workbook["Round 1"]
    assert round_sheet.max_row == 17 and round_sheet["D2"].value in (110, 130, 100)


def test_the_csv_has_a_row_per_player(anon_client, round1, director):
    confirm_sheets(round1, director, ROUND1)
    response = anon_client.get(
        reverse("tournaments:standings_export", args=[round1.tournament_id, "csv"])
    )
    lines = response.content.decode().strip().splitlines()
    assert lines[0] == "Place,Player,Club,R1,Penalties,Chips" and len(lines) == 18
    assert lines[-1] == "Provisional: no round closed yet (3 planned)"


def test_penalty_lines_show_in_the_standings(judge_client, round1, table1, director):
    from tests.tournaments.helpers import hand_post

    table1.refresh_from_db()
    judge_client.post(
        reverse("tournaments:hand_add", args=[table1.pk]),
        hand_post(
            table1,
            declarer=1,
            partner=3,
            declarer_points=59,
            penalty_0_code="spjst.discard_counter",
            penalty_0_seat=2,
        ),
    )
    confirm_sheets(round1, director, ROUND1)
    rows = {row["player_id"]: row for row in tournament_standings(round1.tournament).rows}
    assert rows[_player(round1, 1, 2).pk]["penalties"] == -15
    assert rows[_player(round1, 1, 1).pk]["penalties"] == 5


def test_standings_queries_do_not_grow_with_players_or_rounds(
    anon_client, tournament, players, director, club, queries_of, django_assert_max_num_queries
):
    from clubs.models import Player

    url = reverse("tournaments:standings", args=[tournament.pk])
    for player in players:
        services.register(tournament=tournament, player=player, checked_in=True)
    round1 = services.draw_next_round(tournament=tournament, by=director, seed=1)
    confirm_sheets(round1, director, {n: {s: 100 for s in range(1, 5)} for n in range(1, 5)})
    baseline = queries_of(lambda: anon_client.get(url))
    round1.status = "closed"
    round1.save()
    for n in range(16):
        player = Player.objects.create(first_name=f"X{n}", last_name="More", home_club=club)
        services.register(tournament=tournament, player=player, checked_in=True)
    for _ in range(2):
        round_ = services.draw_next_round(tournament=tournament, by=director)
        confirm_sheets(round_, director, {n: {1: 110, 2: 100, 3: 95, 4: 95} for n in range(1, 9)})
        round_.status = "closed"
        round_.save()
    with django_assert_max_num_queries(baseline):
        page = anon_client.get(url).content.decode()
    assert "R3" in page


def test_the_hands_export_has_a_row_per_seat_of_every_hand(director_client, judge_client, table1):
    from tests.tournaments.helpers import hand_post

    table1.refresh_from_db()
    judge_client.post(
        reverse("tournaments:hand_add", args=[table1.pk]),
        hand_post(table1, declarer=1, partner=3, declarer_points=59),
    )
    url = reverse("tournaments:hands_export", args=[table1.round.tournament_id, "xlsx"])
    sheet = load_workbook(io.BytesIO(director_client.get(url).content))["Hands"]
    rows = list(sheet.iter_rows(min_row=2, values_only=True))
    assert len(rows) == 4
    assert [row[5] for row in rows] == [3, -3, 3, -3]
    assert rows[0][4] == table1.seats.get(number=1).player.name
    assert "|59−53|=6" in rows[0][6]
    csv_url = reverse("tournaments:hands_export", args=[table1.round.tournament_id, "csv"])
    assert director_client.get(csv_url).content.decode().count("\n") == 5


def test_the_standings_page_gives_the_snippet_for_a_clubs_site(anon_client, round1):
    pk = round1.tournament.pk
    page = anon_client.get(reverse("tournaments:standings", args=[pk])).content.decode()
    assert "Put these standings on your club's site" in page
    # Absolute addresses, the script under its name that outlives a deploy.
    assert (
        f'&lt;div data-tarock-standings="http://testserver/api/v1/tournaments/{pk}/standings/"'
        "&gt;&lt;/div&gt;\n"
        '&lt;script src="http://testserver/static/js/widget/standings.js" defer&gt;'
    ) in page
