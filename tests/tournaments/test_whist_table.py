"""A whist rubber at a tournament table, through the pages: the judge records hands with
the whist form, the table page shows the rubber's running score, games won and the result,
the next hand starts a new rubber, and the score sheet is checked against the hands.

Whist writes scores (nothing is paid): a sheet is right when each seat's count is the sum
of its hands' points; the rubber's bonuses (game +50, rubber +70) are shown, not counted.
"""

import pytest
from django.urls import reverse

from tests.tournaments.helpers import hand_post, round_in_play
from tournaments.models import Hand, ScoreSheet

pytestmark = pytest.mark.django_db

WHIST_FORM = {"variant": "standard"}
# The rubber won 2–1 of tests/scoring/test_whist_rubber.py (TWO_ONE): N–S 4; E–W 4 + four
# honours = 8; cayenne kept, E–W 3 × 4 = 12: game 1 to E–W; grand N–S 3 × 4 = 12: game 2 to
# N–S; a small slam N–S 12 (+30): game 3 and the rubber. Totals N–S 228, E–W 70.
TWO_ONE = [
    {"tricks_NS": 8, "tricks_EW": 5},
    {"tricks_NS": 5, "tricks_EW": 8, "honours_side": "EW", "honours_count": 4},
    {"variant": "cayenne", "cayenne_accepted": "on", "tricks_NS": 4, "tricks_EW": 9},
    {"variant": "grand", "tricks_NS": 9, "tricks_EW": 4},
    {"tricks_NS": 12, "tricks_EW": 1},
]


def _whist_table(director_client, club, judge, players: int = 4):
    """A whist tournament set up, registered, drawn and in play; table 1 judged by `judge`."""
    tournament, tables = round_in_play(
        director_client, judge, club, players=players, name="Whist drive", date="2026-12-05",
        ruleset="whist", rounds_planned=1, hands_per_round=12,
    )  # fmt: skip
    return tournament, tables[0]


def _add(client, table, **fields) -> None:
    table.refresh_from_db()
    response = client.post(
        reverse("tournaments:hand_add", args=[table.pk]),
        hand_post(table, form=WHIST_FORM, **fields),
    )
    assert response.status_code == 302, response.content.decode()


def _rubber(client, table) -> str:
    """The rubber section of the table page."""
    page = client.get(table.get_absolute_url()).content.decode()
    start = page.index('<section id="rubber">')
    return page[start : page.index("</section>", start)]


def test_a_rubber_won_two_one_at_a_table_and_the_next_one_started(
    director_client, judge_client, judge, club
):
    tournament, table = _whist_table(director_client, club, judge)
    assert tournament.starting_chips == 0  # written scores start at nothing
    page = judge_client.get(table.get_absolute_url()).content.decode()
    assert 'name="tricks_NS"' in page and 'id="rubber"' not in page  # no hand, no rubber

    for fields in TWO_ONE[:3]:
        _add(judge_client, table, **fields)
    rubber = _rubber(judge_client, table)
    # After the cayenne: E–W 8 + 12 = 20 in game 1 (won, +50), N–S 4.
    assert "<h2>Rubber 1</h2>" in rubber and "Game 1 to E–W: +50" in rubber
    assert rubber.count('<td class="num">') == 6
    assert [cell.split("<")[0] for cell in rubber.split('<td class="num">')[1:]] == [
        "0", "1", "4", "20", "4", "70",
    ]  # games won, the game's points, totals (E–W 8 + 12 + 50)  # fmt: skip
    assert "The rubber is won" not in rubber

    # A hand typed wrong and deleted does not count in the rubber.
    _add(judge_client, table, tricks_NS=13, tricks_EW=0)
    table.refresh_from_db()
    judge_client.post(
        reverse("tournaments:hand_delete", args=[table.pk, 4]),
        {"reason": "N–S took 9 in grand", "version": table.version},
    )
    assert Hand.objects.get(number=4).deleted
    assert "3 hands in this rubber." in _rubber(judge_client, table)

    for fields in TWO_ONE[3:]:
        _add(judge_client, table, **fields)
    rubber = _rubber(judge_client, table)
    assert "Game 3 to N–S: +50" in rubber and "Rubber to N–S (2 games): +70" in rubber
    assert [cell.split("<")[0] for cell in rubber.split('<td class="num">')[1:]] == [
        "2", "1", "12", "0", "228", "70",
    ]  # fmt: skip
    assert "The rubber is won by N–S; the difference is 158." in rubber
    assert "5 hands in this rubber." in rubber

    # The rubber has ended: the next hand starts rubber 2 from nothing.
    _add(judge_client, table, tricks_NS=6, tricks_EW=7)
    rubber = _rubber(judge_client, table)
    assert "<h2>Rubber 2</h2>" in rubber and "1 hand in this rubber." in rubber
    assert "Rubber 1: won by N–S in 5 hands, difference 158." in rubber
    assert [cell.split("<")[0] for cell in rubber.split('<td class="num">')[1:]] == [
        "0", "0", "0", "2", "0", "2",
    ]  # fmt: skip

    # The written totals are the hands' points: N–S 4 + 12 + 12 + 30, E–W 8 + 12 + 2.
    wrong = judge_client.post(
        reverse("tournaments:sheet", args=[table.pk]),
        {"seat_1": 228, "seat_2": 70, "seat_3": 228, "seat_4": 70},
    ).content.decode()
    assert "✘" in wrong and "Rubber 1: won by N–S" in wrong
    right = judge_client.post(
        reverse("tournaments:sheet", args=[table.pk]),
        {"seat_1": 58, "seat_2": 22, "seat_3": 58, "seat_4": 22},
    ).content.decode()
    assert "Every count agrees with the recorded hands" in right and "Total: 160" in right
    sheet = ScoreSheet.objects.filter(table=table).order_by("-pk").first()
    review = director_client.get(reverse("tournaments:sheet_review", args=[sheet.pk]))
    assert "<h2>Rubber 2</h2>" in review.content.decode()


def test_a_hand_of_another_kind_of_play_is_named_on_the_page(
    director_client, judge_client, judge, club
):
    _tournament, table = _whist_table(director_client, club, judge)
    _add(judge_client, table, tricks_NS=8, tricks_EW=5)
    _add(judge_client, table, variant="hussar", tricks_1=4, tricks_2=3, tricks_3=3, tricks_4=3)
    rubber = _rubber(judge_client, table)
    assert 'role="alert"' in rubber and "Hand 2: Variant: a rubber is played in one kind" in rubber


def test_tarock_tables_show_no_rubber(judge_client, table1):
    page = judge_client.get(table1.get_absolute_url()).content.decode()
    assert 'id="rubber"' not in page and "plays no" not in page


def test_the_whist_table_page_query_count_does_not_grow_with_hands(
    director_client, judge_client, judge, club, queries_of, django_assert_max_num_queries
):
    _tournament, table = _whist_table(director_client, club, judge)
    _add(judge_client, table, tricks_NS=7, tricks_EW=6)
    with_one_hand = queries_of(lambda: judge_client.get(table.get_absolute_url()))
    for n in range(12):  # rubbers end and start again on the way
        _add(judge_client, table, tricks_NS=3 + n % 8, tricks_EW=10 - n % 8)
    page = judge_client.get(table.get_absolute_url()).content.decode()
    assert "Rubber 1: won by" in page
    with django_assert_max_num_queries(with_one_hand):
        judge_client.get(table.get_absolute_url())
