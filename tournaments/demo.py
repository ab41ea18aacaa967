"""Demo tournaments in play, so a newcomer sees the judge's page and the dashboard.

Built by code, not kept in `fixtures/`: each tournament is dated today and its draw,
judges and hands go through the services, as a director's and a judge's would. The clubs,
players and accounts they use come from the fixtures (`clubs.demo.load_demo` loads them
first). Idempotent: a demo tournament that already exists is left as it is.

* An SPJST tournament at Lodge 88: tables of four, chips paid between the players.
* A Slovenian two-pack tournament at Tarok društvo Ljubljana: ten players at a table of six
  and one of four, scores written for each player.
* A whist drive at TK Břeclav: twelve players at three tables of four, ranked by each
  player's tricks over the drive; from round 2 on the progressive movement seats them.
"""

import uuid
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from clubs.models import Club
from tournaments import hand_store, services
from tournaments.access import TableAccess
from tournaments.models import Round, Tournament


@dataclass(frozen=True)
class DemoTournament:
    """What a demo tournament is: its club, game, first table's hands and how many play."""

    name: str
    club: str  # the club's short name in fixtures/demo_clubs.json
    ruleset: str
    venue: str
    table_size: int
    hands_per_round: int
    seed: int
    hands: tuple[dict[str, Any], ...]  # recorded at table 1 by its judge
    players: int | None = None  # the club's first players by member number; None: all
    standings_method: str = "chips"


DEMO_TOURNAMENTS = (
    DemoTournament(
        name="Demo SPJST Tournament",
        club="SPJST 88",
        ruleset="spjst",
        venue="SPJST Hall",
        table_size=4,
        hands_per_round=12,
        seed=2026,
        hands=(
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
        ),
    ),
    DemoTournament(
        name="Turnir v taroku z dvema kompletoma",
        club="TD Ljubljana",
        ruleset="si_double",
        venue="Gostilna Pri Kolovratu",
        table_size=6,
        hands_per_round=12,
        seed=2027,
        players=10,  # a table of six and, for the other four, a table of four
        hands=(
            # Trojka: seat 1 called a King held by seats 3 and 5; 83 points: 30 + 15 = 45.
            {
                "players": 6,
                "contract": "trojka",
                "declarer": 1,
                "partners": [3, 5],
                "declarer_points": 83,
            },
            # Solo dvojka: seat 2 alone, 60 points, kontra: −(90 + 10) × 2 = −200.
            {
                "players": 6,
                "contract": "solo_dvojka",
                "declarer": 2,
                "declarer_points": 60,
                "kontra": 1,
            },
            # Berač by seat 4, won: 110.
            {"players": 6, "contract": "berac", "declarer": 4, "won": True},
        ),
    ),
    DemoTournament(
        name="Whist drive",
        club="TK Břeclav",
        ruleset="whist",
        venue="Sokolovna Břeclav",
        table_size=4,
        hands_per_round=8,  # the trump schedule twice: hearts, diamonds, spades, clubs
        seed=2028,
        players=12,
        standings_method="tricks",
        hands=(
            # Hearts: N–S 8 tricks (2 over the book, 4 points each), E–W 5.
            {"variant": "standard", "tricks": {"NS": 8, "EW": 5}},
            # Diamonds: E–W 7 tricks with four honours: 2 + 4 = 6 points.
            {
                "variant": "standard",
                "tricks": {"NS": 6, "EW": 7},
                "honours": {"side": "EW", "count": 4},
            },
            # Spades: N–S 9 tricks, 6 points.
            {"variant": "standard", "tricks": {"NS": 9, "EW": 4}},
        ),
    ),
)
DEMO_NAME = DEMO_TOURNAMENTS[0].name


def load_demo_tournaments() -> list[Tournament]:
    """Create each demo tournament that does not exist yet; returns the ones created."""
    return [
        tournament
        for demo in DEMO_TOURNAMENTS
        if (tournament := load_demo_tournament(demo)) is not None
    ]


@transaction.atomic
def load_demo_tournament(demo: DemoTournament = DEMO_TOURNAMENTS[0]) -> Tournament | None:
    """Create `demo` with round 1 in play and its hands at table 1 (None if it exists)."""
    if Tournament.objects.filter(name=demo.name).exists():
        return None
    club = Club.objects.get(short_name=demo.club)
    users = get_user_model().objects
    director = users.get(username="director")
    judge, second_judge = users.get(username="judge"), users.get(username="judge2")
    tournament = services.create_tournament(
        by=director,
        ruleset=demo.ruleset,
        name=demo.name,
        date=timezone.localdate(),
        venue=demo.venue,
        host_club=club,
        rounds_planned=3,
        hands_per_round=demo.hands_per_round,
        table_size=demo.table_size,
        standings_method=demo.standings_method,
    )
    for player in club.players.order_by("member_number")[: demo.players]:
        services.register(tournament=tournament, player=player, checked_in=True)
    round_ = services.draw_next_round(tournament=tournament, by=director, seed=demo.seed)
    services.set_round_status(round_=round_, status=Round.Status.PLAYING, by=director)
    table = round_.tables.get(number=1)
    services.set_judge(table=table, by=director, judge=judge, link="new")
    # The judge of table 2 is the second person who confirms table 1's sheet.
    services.set_judge(
        table=round_.tables.get(number=2), by=director, judge=second_judge, link="new"
    )
    access = TableAccess(table, judge, judge.username, is_director=False)
    for version, hand in enumerate(demo.hands):
        hand_store.add_hand(
            access=access, data=hand, submission=uuid.uuid4(), expected_version=version
        )
    return tournament
