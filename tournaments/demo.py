"""A demo SPJST tournament in play, so a newcomer sees the judge's page and the dashboard.

Built by code, not kept in `fixtures/`: the tournament is dated today and its draw, judges
and hands go through the services, as a director's and a judge's would. The clubs, players
and accounts it uses come from the fixtures (`clubs.demo.load_demo` loads them first).
Idempotent: nothing is added when the demo tournament already exists.
"""

import uuid

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from clubs.models import Club
from tournaments import recording, services
from tournaments.access import TableAccess
from tournaments.models import Round, Tournament

DEMO_NAME = "Demo SPJST Tournament"
DEMO_HANDS = [
    {"contract": "povinost", "declarer": 1, "partner": 3, "declarer_points": 59},
    {"contract": "prever", "declarer": 2, "prever_talon": 1, "declarer_points": 64},
    {
        "contract": "povinost",
        "declarer": 3,
        "partner": 4,
        "declarer_points": 48,
        "challenge": 1,
        "values": [{"seat": 1, "value": "trull"}],
    },
]


@transaction.atomic
def load_demo_tournament() -> Tournament | None:
    """Create the demo tournament with round 1 in play and three hands at table 1."""
    if Tournament.objects.filter(name=DEMO_NAME).exists():
        return None
    club = Club.objects.get(spjst_lodge=88)
    director = get_user_model().objects.get(username="director")
    judge = get_user_model().objects.get(username="judge")
    second_judge = get_user_model().objects.get(username="judge2")
    tournament = services.create_tournament(
        by=director,
        ruleset="spjst",
        name=DEMO_NAME,
        date=timezone.localdate(),
        venue="SPJST Hall",
        host_club=club,
        rounds_planned=3,
        hands_per_round=12,
    )
    for player in club.players.order_by("member_number"):
        services.register(tournament=tournament, player=player, checked_in=True)
    round_ = services.draw_next_round(tournament=tournament, by=director, seed=2026)
    services.set_round_status(round_=round_, status=Round.Status.PLAYING, by=director)
    table = round_.tables.get(number=1)
    services.set_judge(table=table, by=director, judge=judge, link="new")
    # The judge of table 2 is the second person who confirms table 1's sheet.
    services.set_judge(
        table=round_.tables.get(number=2), by=director, judge=second_judge, link="new"
    )
    access = TableAccess(table, judge, judge.username, is_director=False)
    for version, hand in enumerate(DEMO_HANDS):
        recording.record_hand(
            access=access, data=hand, submission=uuid.uuid4(), expected_version=version
        )
    return tournament
