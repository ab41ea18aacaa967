"""The penalty ledger as a director meets it on the day (issue 26): it offers the seats of
the chosen table alone and refuses another, each ruling shows the reason typed for it,
and its messages name the ruling in words, not by its code."""

import re

import pytest
from django.urls import reverse

from tests.tournaments.helpers import hand_post, round_in_play
from tournaments.models import Hand

pytestmark = pytest.mark.django_db


@pytest.fixture
def eight_and_six(director_client, judge, club):
    """Fourteen players of two-pack Tarok at tables of 8: a table of 8 and one of 6."""
    tournament, tables = round_in_play(
        director_client, judge, club, players=14, ruleset="si_double", starting_chips=0,
        table_size=8,
    )  # fmt: skip
    sizes = {table.seats.count(): table for table in tables}
    assert set(sizes) == {8, 6}
    return tournament, sizes[8], sizes[6]


def _ledger(client, tournament, table=None) -> str:
    url = reverse("tournaments:ledger", args=[tournament.pk])
    return client.get(url, {"table": table.pk} if table else {}).content.decode()


def _seat_options(page: str) -> list[str]:
    select = re.search(r'<select name="seat".*?</select>', page, re.S).group(0)
    return re.findall(r'<option value="(\d+)"', select)


def test_the_ledger_offers_only_the_chosen_table_s_seats(director_client, eight_and_six):
    tournament, eight, six = eight_and_six
    assert _seat_options(_ledger(director_client, tournament, six)) == list("123456")
    assert _seat_options(_ledger(director_client, tournament, eight)) == list("12345678")
    page = _ledger(director_client, tournament, six)
    assert f'<input type="hidden" name="table" value="{six.pk}"' in page
    assert "(6 seats)" in page and "(8 seats)" in page


def test_a_seat_the_table_does_not_have_is_refused(director_client, eight_and_six):
    tournament, _eight, six = eight_and_six
    page = director_client.post(
        reverse("tournaments:ledger_apply", args=[tournament.pk]),
        {"table": six.pk, "code": "si.adjustment", "seat": 7, "points": -10, "reason": "x"},
        follow=True,
    ).content.decode()
    assert f"{six} has no seat 7." in page
    assert not Hand.objects.exists()


def test_the_message_names_the_ruling_in_words_and_the_ledger_its_reason(
    director_client, eight_and_six
):
    tournament, _eight, six = eight_and_six
    page = director_client.post(
        reverse("tournaments:ledger_apply", args=[tournament.pk]),
        {"table": six.pk, "code": "si.adjustment", "seat": 2, "points": -10,
         "reason": "talking during play"},
        follow=True,
    ).content.decode()  # fmt: skip
    assert "Ruling applied: Director&#x27;s adjustment." in page
    assert "Ruling si.adjustment applied" not in page
    row = re.search(r"<tbody>.*?</tr>", page, re.S).group(0)
    assert "Director&#x27;s adjustment" in row and "talking during play" in row
    # The reason is in its own column, not repeated among the ruling's parameters.
    assert "(reason" not in row


def test_each_ruling_on_a_hand_shows_its_own_reason(director_client, judge_client, table1):
    table1.refresh_from_db()
    judge_client.post(
        reverse("tournaments:hand_add", args=[table1.pk]),
        hand_post(table1, declarer=1, partner=3, declarer_points=59),
    )
    url = reverse("tournaments:ledger_apply", args=[table1.round.tournament_id])
    for seat, reason in ((2, "king discarded"), (4, "laid a tarok unseen")):
        director_client.post(
            url,
            {"table": table1.pk, "hand": "1", "code": "spjst.discard_counter", "seat": seat,
             "reason": reason},
        )  # fmt: skip
    page = _ledger(director_client, table1.round.tournament, table1)
    rows = re.findall(r"<tr><td>Round 1.*?</tr>", page, re.S)
    assert len(rows) == 2
    assert "king discarded" in rows[0] and "laid a tarok unseen" not in rows[0]
    assert "laid a tarok unseen" in rows[1]
    assert "Discarding a King, or a trump face down" in rows[0]
