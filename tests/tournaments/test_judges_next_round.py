"""Judges stay at their table numbers from round to round, and *My tables* names each of
a judge's tables once, by tournament, round and table (issue 26)."""

import re

import pytest
from django.urls import reverse

from tests.tournaments.helpers import confirm_sheets, round_in_play
from tournaments.models import AuditEntry, Round, Table

pytestmark = pytest.mark.django_db


def _close(director_client, director, tournament, number):
    round_ = tournament.rounds.get(number=number)
    counts = {t.number: {s.number: 100 for s in t.seats.all()} for t in round_.tables.all()}
    confirm_sheets(round_, director, counts)
    director_client.post(
        reverse("tournaments:round_status", args=[tournament.pk, number]), {"status": "closed"}
    )
    round_.refresh_from_db()
    assert round_.status == Round.Status.CLOSED


def test_each_table_s_judge_carries_over_to_the_next_round(
    director_client, director, judge, other_judge, club
):
    tournament, tables = round_in_play(director_client, judge, club, players=12)
    # Table 2 is the other judge's; table 3 has none.
    director_client.post(
        reverse("tournaments:table_judge", args=[tables[1].pk]),
        {"judge": other_judge.pk, "link": "keep"},
    )
    director_client.post(
        reverse("tournaments:table_judge", args=[tables[2].pk]), {"judge": "", "link": "keep"}
    )
    _close(director_client, director, tournament, 1)
    director_client.post(reverse("tournaments:draw", args=[tournament.pk]), {"seed": "9"})
    judges = dict(Table.objects.filter(round__number=2).values_list("number", "judge__username"))
    assert judges == {1: judge.username, 2: other_judge.username, 3: None}
    carried = AuditEntry.objects.filter(action="judge").latest("pk")
    assert carried.detail == "Round 2: judges carried over from round 1 at tables 1, 2"
    page = director_client.get(reverse("tournaments:round", args=[tournament.pk, 2]))
    assert page.status_code == 200


def test_a_judge_changed_in_the_new_round_stays_changed(
    director_client, director, judge, other_judge, club
):
    tournament, _tables = round_in_play(director_client, judge, club, players=8)
    _close(director_client, director, tournament, 1)
    director_client.post(reverse("tournaments:draw", args=[tournament.pk]), {"seed": "9"})
    table = Table.objects.get(round__number=2, number=1)
    assert table.judge == judge
    director_client.post(
        reverse("tournaments:table_judge", args=[table.pk]),
        {"judge": other_judge.pk, "link": "keep"},
    )
    table.refresh_from_db()
    assert table.judge == other_judge


def test_my_tables_names_each_table_by_tournament_round_and_table_once(
    director_client, judge_client, judge, club
):
    round_in_play(director_client, judge, club, players=8, name="Spring Tarock")
    # A second tournament the same day, its tables judged by the same judge.
    round_in_play(director_client, judge, club, players=4, name="Autumn Cup")
    page = judge_client.get(reverse("tournaments:my_tables")).content.decode()
    buttons = re.findall(r'<a class="button"[^>]*>([^<]*)</a>', page)
    assert sorted(buttons) == [
        "Open Autumn Cup · Round 1 · Table 1",
        "Open Spring Tarock · Round 1 · Table 1",
        "Open Spring Tarock · Round 1 · Table 2",
    ]
    assert "In play ·" not in page
    assert page.count('<span class="badge">waiting</span>') == 3
