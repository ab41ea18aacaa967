"""The demo's federation season across two clubs: three finished cup tournaments, two at
SPJST Lodge 88 and one at TK Břeclav, each with visitors from the other club, filed under
this year's federation season (`clubs.demo`), whose leaderboard then shows both clubs,
overall and per club.

Played through the services as a director and a judge would (hands drawn by
`tournaments.simulation.hands`, sheets entered and confirmed), from a fixed seed, so every
demo shows the same season. Idempotent: a cup tournament that exists is left as it is.
"""

import datetime
import random
import uuid
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from clubs.models import Club, Season
from tournaments import hand_store, score_sheets, services
from tournaments.access import TableAccess
from tournaments.models import Round, Table, Tournament
from tournaments.sheets import computed_counts
from tournaments.simulation.hands import simulated_hand

ROUNDS = 2
HANDS_PER_ROUND = 4


@dataclass(frozen=True)
class DemoCup:
    """One finished tournament of the federation season: where, which game, how long ago."""

    name: str
    club: (
        str  # host club's short name; its first eight players and the first four of `visitors` play
    )
    visitors: str  # the other club's short name
    ruleset: str
    days_ago: int
    seed: int


DEMO_CUPS = (
    DemoCup("Federation cup 1, Lodge 88", "SPJST 88", "TK Břeclav", "spjst", 42, 31),
    DemoCup("Federation cup 2, Břeclav", "TK Břeclav", "SPJST 88", "cz_xix", 28, 32),
    DemoCup("Federation cup 3, Lodge 88", "SPJST 88", "TK Břeclav", "spjst", 14, 33),
)


def load_demo_season(today: datetime.date | None = None) -> list[Tournament]:
    """Play each demo cup not played yet into this year's federation season (its best 2
    tournaments counted, ranked from 2); returns the ones played."""
    today = today or timezone.localdate()
    season = Season.objects.get(name=f"Federation season {today.year}", club=None)
    if season.best_of is None:
        season.best_of, season.minimum_tournaments = 2, 2
        season.save(update_fields=["best_of", "minimum_tournaments"])
    played = []
    for cup in DEMO_CUPS:
        if not Tournament.objects.filter(name=cup.name).exists():
            played.append(play_cup(cup, season, today))
    return played


@transaction.atomic
def play_cup(cup: DemoCup, season: Season, today: datetime.date) -> Tournament:
    """`cup` from its setup to its finish, dated `cup.days_ago` before `today` (within
    the season)."""
    users = get_user_model().objects
    director, judge = users.get(username="director"), users.get(username="judge")
    host, visitors = (
        Club.objects.get(short_name=cup.club),
        Club.objects.get(short_name=cup.visitors),
    )
    day = max(season.start_date, today - datetime.timedelta(days=cup.days_ago))
    tournament = services.create_tournament(
        by=director,
        ruleset=cup.ruleset,
        name=cup.name,
        date=day,
        venue=host.name,
        host_club=host,
        season=season,
        rounds_planned=ROUNDS,
        hands_per_round=HANDS_PER_ROUND,
    )
    field = [
        *host.players.order_by("member_number")[:8],
        *visitors.players.order_by("member_number")[:4],
    ]
    for player in field:
        services.register(tournament=tournament, player=player, checked_in=True)
    rng = random.Random(cup.seed)
    for _ in range(ROUNDS):
        round_ = services.draw_next_round(
            tournament=tournament, by=director, seed=rng.getrandbits(31)
        )
        services.set_round_status(round_=round_, status=Round.Status.PLAYING, by=director)
        for table in round_.tables.order_by("number").prefetch_related("seats"):
            _play_table(tournament, table, director, judge, rng)
        services.set_round_status(round_=round_, status=Round.Status.CLOSED, by=director)
    return services.finish_tournament(tournament=tournament, by=director)


def _play_table(tournament: Tournament, table: Table, director, judge, rng) -> None:
    """The judge records the table's hands and enters its sheet; the director confirms it."""
    table = services.set_judge(table=table, by=director, judge=judge)
    seats = {seat.number: 0.0 for seat in table.seats.all()}
    access = TableAccess(table, judge, judge.username, False, "demo-judge-phone")
    played = []
    for version in range(HANDS_PER_ROUND):
        hand = simulated_hand(tournament.ruleset, rng, seats)
        recorded = hand_store.add_hand(
            access=access, data=hand, submission=_uuid(rng), expected_version=version
        )
        played.append(recorded.hand.deltas())
    counts = computed_counts(sorted(seats), tournament.starting_chips, played)
    entered = score_sheets.add_sheet(access=access, counts=counts, submission=_uuid(rng))
    score_sheets.confirm_sheet(sheet=entered.sheet, by=director, browser="demo-director")


def _uuid(rng: random.Random) -> uuid.UUID:
    """A submission id from the cup's generator: the same on every demo."""
    return uuid.UUID(int=rng.getrandbits(128), version=4)
