"""The rows of a table's hands on the judge's page are kept in Django's cache
(views.table._rows_cache): rendered once per state of the table's hands, and never shown
for another state, whatever changed the hands (a save, an edit, a deletion, a director's
ruling) or whether they may change (a confirmed sheet, a reopened table). And the judge's page and
save read no table in the tournaments' order (issue 28: the judge's hot requests)."""

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.tournaments.helpers import hand_post
from tournaments.models import ScoreSheet

pytestmark = pytest.mark.django_db

ROWS = "tournaments/_hand_rows.html"


def _page(client, table):
    response = client.get(table.get_absolute_url())
    page = response.content.decode()
    rows = page[page.index('<tbody id="hands-body">') : page.index("</tbody>")]
    return rows, [template.name for template in response.templates]


def _rows(client, table) -> str:
    """The rows as the page shows them, checked against the rows rendered afresh (the
    cache emptied): a cached row of an older state of the table would differ."""
    shown, _ = _page(client, table)
    cache.clear()
    fresh, rendered = _page(client, table)
    assert ROWS in rendered
    assert shown == fresh
    return shown


def _add(client, table, **fields):
    table.refresh_from_db()
    data = hand_post(table, declarer=1, partner=3, **fields)
    client.post(reverse("tournaments:hand_add", args=[table.pk]), data)


def test_the_rows_are_rendered_once_for_a_table_whose_hands_stand_still(judge_client, table1):
    _add(judge_client, table1, declarer_points=59)
    cache.clear()
    first, rendered = _page(judge_client, table1)
    assert ROWS in rendered
    again, rendered = _page(judge_client, table1)
    assert again == first and ROWS not in rendered
    assert "<td>1</td>" in again and ">+3<" in again


def test_the_cached_rows_follow_every_change_of_the_tables_hands(
    judge_client, other_judge_client, director_client, table1, table2
):
    _add(judge_client, table1, declarer_points=59)
    assert ">+3<" in _rows(judge_client, table1)
    _page(judge_client, table1)  # the rows of one hand cached

    _add(judge_client, table1, declarer_points=70)
    assert "<td>2</td>" in _rows(judge_client, table1)

    table1.refresh_from_db()
    edit = hand_post(table1, declarer=1, partner=3, declarer_points=80, reason="miscounted")
    judge_client.post(reverse("tournaments:hand_edit", args=[table1.pk, 1]), edit)
    _page(judge_client, table1)
    assert '<td>1</td><td class="num">+7</td>' in _rows(judge_client, table1)

    table1.refresh_from_db()
    judge_client.post(
        reverse("tournaments:hand_delete", args=[table1.pk, 2]),
        {"reason": "misdeal", "version": table1.version},
    )
    assert '<tr class="deleted"><td><s>2</s>' in _rows(judge_client, table1)

    url = reverse("tournaments:ledger_apply", args=[table1.round.tournament_id])
    director_client.post(
        url,
        {"table": table1.pk, "hand": "1", "code": "spjst.discard_counter", "seat": "2",
         "reason": "king discarded"},
    )  # fmt: skip
    # Game ±7, and seat 2 pays 5 to each other seat.
    assert '<td>1</td><td class="num">+12</td><td class="num">−22</td>' in _rows(
        judge_client, table1
    )

    # Confirmed, the table's hands can no longer change: no row links to its edit page.
    edit_link = reverse("tournaments:hand_edit", args=[table1.pk, 1])
    assert edit_link in _rows(judge_client, table1)
    judge_client.post(reverse("tournaments:sheet", args=[table1.pk]), _counts(table1))
    sheet = ScoreSheet.objects.get(table=table1)
    # By the judge of table 2: the second person of the two-person rule.
    other_judge_client.post(reverse("tournaments:sheet_confirm", args=[sheet.pk]))
    sheet.refresh_from_db()
    assert sheet.confirmed
    assert edit_link not in _rows(judge_client, table1)

    director_client.post(
        reverse("tournaments:table_reopen", args=[table1.pk]), {"reason": "seat 2 misread"}
    )
    assert edit_link in _rows(judge_client, table1)


def _counts(table) -> dict[str, int]:
    """The score sheet's counts that the table's hands give."""
    chips = {seat: table.round.tournament.starting_chips for seat in range(1, 5)}
    for hand in table.hands.filter(deleted=False):
        for seat, amount in hand.deltas().items():
            chips[seat] += amount
    return {f"seat_{seat}": count for seat, count in chips.items()}


def test_the_cached_rows_are_in_the_language_of_the_page(judge_client, table1):
    _add(judge_client, table1, declarer_points=59)
    english, _ = _page(judge_client, table1)
    judge_client.cookies["django_language"] = "cs"
    czech, _ = _page(judge_client, table1)
    assert ">history<" in english and ">history<" not in czech


def test_the_judges_requests_read_no_table_in_the_tournaments_order(judge_client, table1):
    """The access check reads one table by its key, and the sheets waiting beside it are
    only ids: neither is ordered through the tables' default ordering (by round, so by
    tournament), whose joins and compiling every judge's request paid."""
    _add(judge_client, table1, declarer_points=59)
    with CaptureQueriesContext(connection) as context:
        judge_client.get(table1.get_absolute_url())
        _add(judge_client, table1, declarer_points=70)
    ordered = [query["sql"] for query in context.captured_queries if "ORDER BY" in query["sql"]]
    assert ordered  # the hands, the seats and the sheets are read in order
    assert not any('"tournaments_tournament"."date"' in sql for sql in ordered)
