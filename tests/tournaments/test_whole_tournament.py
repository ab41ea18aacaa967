"""A small tournament played from start to finish through the pages, as on the day."""

from collections import Counter

import pytest
from django.contrib.auth.models import Group
from django.test import Client
from django.urls import reverse

from accounts.roles import JUDGES
from clubs.models import Player
from tests.tournaments.helpers import hand_post
from tournaments.models import Bye, Round, ScoreSheet, Tournament

pytestmark = pytest.mark.django_db

# Two hands per table: Povinost 1+3 with 59 (±3), then Prever 2, first three, 64:
# (11+10)×3 = 63 → 6, seat 2 +18, the others −6. Chips: 97, 115, 97, 91.
HANDS = [
    {"declarer": 1, "partner": 3, "declarer_points": 59},
    {"contract": "prever", "declarer": 2, "prever_talon": 1, "declarer_points": 64},
]
EXPECTED = {1: 97, 2: 115, 3: 97, 4: 91}


def _judges(django_user_model, n: int) -> list[Client]:
    group = Group.objects.get(name=JUDGES)
    clients = []
    for i in range(n):
        user = django_user_model.objects.create_user(username=f"judge{i + 1}", password="pw")
        user.groups.add(group)
        client = Client()
        client.force_login(user)
        client.user = user
        clients.append(client)
    return clients


def _setup(director_client, club) -> Tournament:
    response = director_client.post(
        reverse("tournaments:create"),
        {
            "name": "Fall Tarock Tournament",
            "date": "2026-10-03",
            "host_club": club.pk,
            "ruleset": "spjst",
            "rounds_planned": 3,
            "hands_per_round": 2,
            "starting_chips": 100,
            "table_size": 4,
            "standings_method": "chips",
            "placement_points_text": "4, 3, 2, 1",
        },
    )
    tournament = Tournament.objects.get()
    assert response.url == tournament.get_absolute_url()
    assert tournament.house_rules["prever_back_multiplier"] == 3
    return tournament


def _register(director_client, tournament, club) -> None:
    for n in range(17):
        player = Player.objects.create(
            first_name=f"F{n:02d}", last_name=f"L{n:02d}", home_club=club
        )
        director_client.post(
            reverse("tournaments:register", args=[tournament.pk]), {"player": player.pk}
        )
    # The eighteenth walks in on the day and is created on the spot.
    director_client.post(
        reverse("tournaments:register_new", args=[tournament.pk]),
        {"first_name": "Walk", "last_name": "In"},
    )
    assert tournament.registrations.filter(checked_in=True).count() == 18


def _play_round(director_client, judges, tournament, number: int) -> Round:
    director_client.post(
        reverse("tournaments:draw", args=[tournament.pk]), {"seed": str(100 + number)}
    )
    round_ = tournament.rounds.get(number=number)
    assert round_.tables.count() == 4 and round_.byes.count() == 2
    for table, judge in zip(round_.tables.order_by("number"), judges, strict=True):
        director_client.post(
            reverse("tournaments:table_judge", args=[table.pk]),
            {"judge": judge.user.pk, "link": "keep"},
        )
    director_client.post(
        reverse("tournaments:round_status", args=[tournament.pk, number]), {"status": "playing"}
    )
    for table, judge in zip(round_.tables.order_by("number"), judges, strict=True):
        for fields in HANDS:
            table.refresh_from_db()
            response = judge.post(
                reverse("tournaments:hand_add", args=[table.pk]), hand_post(table, **fields)
            )
            assert response.status_code == 302
    return round_


def _enter_sheet(judge, table, counts: dict[int, int]) -> str:
    data = {f"seat_{seat}": chips for seat, chips in counts.items()}
    return judge.post(reverse("tournaments:sheet", args=[table.pk]), data).content.decode()


def test_a_whole_tournament_through_the_pages(director_client, django_user_model, club):
    judges = _judges(django_user_model, 4)
    tournament = _setup(director_client, club)
    _register(director_client, tournament, club)
    for number in (1, 2, 3):
        round_ = _play_round(director_client, judges, tournament, number)
        tables = list(round_.tables.order_by("number"))
        if number == 1:
            # Table 1's sheet totals 401; table 2's totals 400 but disagrees with the hands.
            wrong_total = _enter_sheet(judges[0], tables[0], {**EXPECTED, 4: 92})
            assert "Total: 401" in wrong_total and "must be 400" in wrong_total
            disagrees = _enter_sheet(judges[1], tables[1], {**EXPECTED, 1: 98, 3: 96})
            assert "Total: 400" in disagrees and "+1" in disagrees and "−1" in disagrees
            dashboard = director_client.get(
                reverse("tournaments:dashboard", args=[tournament.pk])
            ).content.decode()
            assert dashboard.count("state-discrepancy") == 2
            # A disagreeing sheet cannot be confirmed.
            sheet = ScoreSheet.objects.get(table=tables[1])
            judges[2].post(reverse("tournaments:sheet_confirm", args=[sheet.pk]))
            assert not ScoreSheet.objects.filter(confirmed_at__isnull=False).exists()
        for i, table in enumerate(tables):
            _enter_sheet(judges[i], table, EXPECTED)
        # Closing with unconfirmed sheets is refused.
        director_client.post(
            reverse("tournaments:round_status", args=[tournament.pk, number]), {"status": "closed"}
        )
        round_.refresh_from_db()
        assert round_.status == Round.Status.PLAYING
        for i, table in enumerate(tables):
            sheet = table.sheets.order_by("-entered_at", "-pk").first()
            own = judges[i].post(reverse("tournaments:sheet_confirm", args=[sheet.pk]))
            assert own.status_code == 302  # the one who entered it may not confirm it
            sheet.refresh_from_db()
            assert not sheet.confirmed
            judges[(i + 1) % 4].post(reverse("tournaments:sheet_confirm", args=[sheet.pk]))
        director_client.post(
            reverse("tournaments:round_status", args=[tournament.pk, number]), {"status": "closed"}
        )
        round_.refresh_from_db()
        assert round_.status == Round.Status.CLOSED

    byes = Counter(Bye.objects.values_list("player_id", flat=True))
    assert sorted(byes.values()) == [1] * 6  # six different players sat out once each

    results = Client().get(reverse("tournaments:results", args=[tournament.pk])).content.decode()
    played = Counter(tournament.rounds.values_list("seats__player__display_name", "seats__number"))
    assert "R1" in results and "R3" in results
    for player in Player.objects.all():
        assert player.name in results
    # Each player's total is what their seats paid (97, 115, 97 or 91 a round), and their
    # bye's 100 starting chips (a bye breaks even).
    totals = {}
    for name, seat in played:
        totals[name] = totals.get(name, 0) + EXPECTED[seat]
    for name in Bye.objects.values_list("player__display_name", flat=True):
        totals[name] += 100
    for total in set(totals.values()):
        assert f"<strong>{total}</strong>" in results
    assert tournament.audit.filter(action="draw").count() == 3
