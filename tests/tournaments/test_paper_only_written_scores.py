"""A paper-only table of a game whose scores are written for each player has no total to
reach: its sheet is checked for what such a sheet must satisfy (two-pack Tarok: every
score a multiple of 5, RULES §5.3), or the page says nothing could be checked (issue 26:
"Total: 75 (must be 75) ✔" for any counts)."""

import pytest
from django.urls import reverse

from tests.tournaments.helpers import round_in_play
from tournaments import score_sheets
from tournaments.models import ScoreSheet
from tournaments.sheets import check_sheet

pytestmark = pytest.mark.django_db


def _paper_only_table(director_client, judge, club, ruleset):
    starting = {"starting_chips": 0} if ruleset == "si_double" else {}
    _tournament, tables = round_in_play(
        director_client, judge, club, players=4, ruleset=ruleset, **starting
    )
    table = tables[0]
    director_client.post(
        reverse("tournaments:table_judge", args=[table.pk]),
        {"judge": judge.pk, "link": "keep", "paper_only": "on"},
    )
    table.refresh_from_db()
    assert table.paper_only
    return table


def _enter(client, table, counts) -> str:
    data = {f"seat_{seat}": count for seat, count in counts.items()}
    return client.post(reverse("tournaments:sheet", args=[table.pk]), data).content.decode()


def test_a_slovenian_paper_sheet_with_a_count_off_the_fives_is_refused(
    director_client, judge_client, judge, club
):
    table = _paper_only_table(director_client, judge, club, "si_double")
    page = _enter(judge_client, table, {1: 35, 2: -20, 3: 7, 4: 53})
    assert "must be" not in page and "✔" not in page
    assert "Not a multiple of 5" in page and "✘" in page
    assert "3 · " in page and ": 7" in page
    assert not score_sheets.table_check(table, {1: 35, 2: -20, 3: 7, 4: 53}).ok
    sheet = ScoreSheet.objects.get()
    director_client.post(reverse("tournaments:sheet_confirm", args=[sheet.pk]))
    sheet.refresh_from_db()
    assert not sheet.confirmed


def test_a_slovenian_paper_sheet_in_fives_is_checked_and_says_what(
    director_client, judge_client, judge, club
):
    table = _paper_only_table(director_client, judge, club, "si_double")
    page = _enter(judge_client, table, {1: 35, 2: -20, 3: 75, 4: 0})
    assert "must be" not in page
    assert "Every count is a multiple of 5" in page and "no total to reach" in page
    assert score_sheets.table_check(table, {1: 35, 2: -20, 3: 75, 4: 0}).ok


def test_a_whist_paper_sheet_says_nothing_could_be_checked(
    director_client, judge_client, judge, club
):
    table = _paper_only_table(director_client, judge, club, "whist")
    page = _enter(judge_client, table, {1: 3, 2: 1, 3: 3, 4: 1})
    assert "must be" not in page and "✔" not in page
    assert "nothing on the sheet can be checked" in page
    assert "Not checked" in page


def test_a_paper_only_chip_table_still_checks_its_total():
    assert check_sheet({1: 150, 2: 50, 3: 100, 4: 99}, start=100, paper_only=True).total_ok is False
    check = check_sheet({1: 35, 2: 7}, start=0, paper_only=True, zero_sum=False, step=5)
    assert check.expected_total is None and check.off_step == {2: 7} and not check.ok
    unchecked = check_sheet({1: 3, 2: 1}, start=0, paper_only=True, zero_sum=False)
    assert unchecked.checks_nothing and unchecked.ok
