"""A decade of a federation's tournaments, built through the services.

The clubs, players, memberships, seasons and accounts are created directly (the site
has no service for them); every tournament then goes through what a director and a judge
would do: set up, registration, each round drawn and started, a judge at each table who
saves its hands (`hand_store.add_hand`) or, at a paper-only table, only its sheet; each
sheet entered by the judge and confirmed by the director, the round closed, the
tournament finished. So the invariants the services keep hold (an SPJST sheet totals 400).

Seeded: the same seed and sizes build the same history (`digest` says so in one line).
The federation, the order of games and each tournament have generators of their own
(seeded from the run's seed and the tournament's number), so what one tournament draws
does not shift the next.
"""

import datetime
import hashlib
import json
import multiprocessing
import random
import uuid
from collections.abc import Callable
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import connections, transaction

from accounts import roles
from clubs.models import Club, Membership, Player, Season
from clubs.permissions import grant
from scoring import get_ruleset, score_hand
from tournaments import hand_store, rating_store, score_sheets, services
from tournaments.access import TableAccess
from tournaments.models import Hand, Round, SheetLine, Tournament
from tournaments.sheets import computed_counts
from tournaments.simulation.hands import GAMES, simulated_hand
from tournaments.simulation.skills import member_number, skill_of

FIRST_DAY = datetime.date(2016, 1, 1)
YEARS = 10
ROUNDS = 3
HANDS_PER_ROUND = 12
PAPER_ONLY_SHARE = 0.1  # of the tables, which keep their score on paper
# Players at a tournament: multiples of 12 seat everyone at tables of three or four.
FIELD_SIZES = (12, 24, 24, 36)
DECADE = {"tournaments": 2000, "clubs": 60, "players": 6000}
TOWNS = ("Praha", "Brno", "Ljubljana", "Maribor", "Houston", "Cleveland", "Břeclav", "Celje")
FIRST_NAMES = ("Jan", "Petr", "Marie", "Eva", "Janez", "Mojca", "John", "Anna", "Karel", "Ana")
LAST_NAMES = ("Novák", "Svoboda", "Dvořák", "Horvat", "Kovačič", "Krajnc", "Smith", "Kolar")


@dataclass(frozen=True)
class Plan:
    """How much history to build, and from which seed."""

    seed: int
    tournaments: int
    clubs: int
    players: int

    @classmethod
    def scaled(
        cls, seed: int, tournaments: int, clubs: int | None = None, players: int | None = None
    ) -> "Plan":
        """The decade's proportions (60 clubs and 6,000 players for 2,000 tournaments),
        scaled to `tournaments` unless given; never fewer players than the largest field."""
        share = tournaments / DECADE["tournaments"]
        return cls(
            seed=seed,
            tournaments=tournaments,
            clubs=clubs or max(2, round(DECADE["clubs"] * share)),
            players=players or max(2 * max(FIELD_SIZES), round(DECADE["players"] * share)),
        )


@dataclass(frozen=True)
class Federation:
    """The simulated federation's people: its director and judge, clubs and players."""

    director: object
    judge: object
    clubs: tuple[Club, ...]
    players: tuple[Player, ...]  # in simulation index order
    seasons: dict[int, Season]  # year → the federation's season


def build_federation(plan: Plan) -> Federation:
    """Accounts, clubs, players (each a member of his home club) and a season a year."""
    rng = random.Random(f"federation:{plan.seed}")
    users = get_user_model().objects
    director = users.create_user(username="sim-director")
    grant(director, roles.FEDERATION, None)
    judge = users.create_user(username="sim-judge")
    grant(judge, roles.CLUB_JUDGE, None)
    clubs = tuple(
        Club.objects.create(
            name=f"{TOWNS[n % len(TOWNS)]} Tarock Club {n + 1}",
            short_name=f"SIM{n + 1:02d}",
            city=TOWNS[n % len(TOWNS)],
            country=("CZ", "SI", "US")[n % 3],
        )
        for n in range(plan.clubs)
    )
    players = Player.objects.bulk_create(
        Player(
            first_name=rng.choice(FIRST_NAMES),
            last_name=rng.choice(LAST_NAMES),
            home_club=clubs[n % plan.clubs],
            member_number=member_number(n),
        )
        for n in range(plan.players)
    )
    Membership.objects.bulk_create(
        Membership(player=player, club=player.home_club, date_from=FIRST_DAY) for player in players
    )
    seasons = {
        year: Season.objects.create(
            name=f"Federation season {year}",
            start_date=datetime.date(year, 1, 1),
            end_date=datetime.date(year, 12, 31),
        )
        for year in range(FIRST_DAY.year, FIRST_DAY.year + YEARS)
    }
    return Federation(director, judge, clubs, tuple(players), seasons)


def game_order(plan: Plan) -> list[str]:
    """Each tournament's game: every five in a row play all five games, shuffled."""
    rng = random.Random(f"games:{plan.seed}")
    order: list[str] = []
    while len(order) < plan.tournaments:
        block = list(GAMES)
        rng.shuffle(block)
        order.extend(block)
    return order[: plan.tournaments]


def _day(plan: Plan, number: int) -> datetime.date:
    span = (datetime.date(FIRST_DAY.year + YEARS, 1, 1) - FIRST_DAY).days
    return FIRST_DAY + datetime.timedelta(days=number * span // plan.tournaments)


# What a worker process plays from: set before the pool forks, so each child has it.
_shared: tuple[Federation, Plan, list[str]] | None = None


def _play_number(number: int) -> int:
    """Tournament `number` played in a worker process (on the worker's own connection)."""
    assert _shared is not None
    federation, plan, games = _shared
    play_tournament(federation, plan, number, games[number], _day(plan, number))
    return number


def simulate(
    plan: Plan, progress: Callable[[int], None] | None = None, workers: int = 1
) -> Federation:
    """Build the whole history; `progress(n)` is told after each tournament.

    With `workers` above 1 the tournaments are played in that many processes at once,
    each on its own database connection: every tournament draws from its own generator,
    so the history (`digest`) is the same whatever the number; only the ids differ. The
    ratings are rated once at the end (`rating_store.deferred`), as a finish in each
    process would rate its game again on top of the others'.
    """
    global _shared
    federation = build_federation(plan)
    games = game_order(plan)
    with rating_store.deferred():
        if workers <= 1:
            for number, game in enumerate(games):
                play_tournament(federation, plan, number, game, _day(plan, number))
                if progress is not None:
                    progress(number + 1)
        else:
            _shared = (federation, plan, games)
            # A forked child must not share the parent's connection: each opens its own.
            connections.close_all()
            pool = multiprocessing.get_context("fork").Pool(workers)
            try:
                numbers = pool.imap_unordered(_play_number, range(plan.tournaments))
                for done, _number in enumerate(numbers, 1):
                    if progress is not None:
                        progress(done)
            finally:
                pool.close()
                pool.join()
                _shared = None
    rating_store.rebuild_ratings()
    return federation


@transaction.atomic
def play_tournament(
    federation: Federation, plan: Plan, number: int, game: str, day: datetime.date
) -> Tournament:
    """One tournament from its setup to its finish, as its director and judge play it."""
    rng = random.Random(f"tournament:{plan.seed}:{number}")
    club = rng.choice(federation.clubs)
    rules = get_ruleset(game)
    tournament = services.create_tournament(
        by=federation.director,
        ruleset=game,
        name=f"{club.city} {rules.TITLE} {day:%Y} #{number + 1}",
        date=day,
        venue=f"{club.city} clubhouse",
        host_club=club,
        season=federation.seasons[day.year],
        rounds_planned=ROUNDS,
        hands_per_round=HANDS_PER_ROUND,
        table_size=rules.TABLE_SIZES[0],
    )
    field = _field(rng, plan, federation.clubs.index(club), rng.choice(FIELD_SIZES))
    for index in sorted(field):
        services.register(tournament=tournament, player=federation.players[index], checked_in=True)
    skills = {federation.players[index].pk: skill_of(plan.seed, index) for index in field}
    for _ in range(ROUNDS):
        round_ = services.draw_next_round(
            tournament=tournament, by=federation.director, seed=rng.getrandbits(31)
        )
        services.set_round_status(
            round_=round_, status=Round.Status.PLAYING, by=federation.director
        )
        for table in round_.tables.order_by("number").prefetch_related("seats"):
            _play_table(federation, tournament, table, skills, rng)
        services.set_round_status(round_=round_, status=Round.Status.CLOSED, by=federation.director)
    return services.finish_tournament(tournament=tournament, by=federation.director)


def _field(rng: random.Random, plan: Plan, club: int, size: int) -> list[int]:
    """Who plays: half the field (or all the club has) from the host club's members, the
    rest visitors from any club. Player `n` is a member of club `n mod clubs`."""
    members = range(club, plan.players, plan.clubs)
    home = rng.sample(members, min(len(members), size // 2))
    chosen = set(home)
    visitors = [n for n in rng.sample(range(plan.players), size * 2) if n not in chosen]
    return home + visitors[: size - len(home)]


def _play_table(federation, tournament, table, skills: dict[int, float], rng) -> None:
    """The table's hands saved by its judge (or kept on paper), its sheet entered by the
    judge and confirmed by the director."""
    paper = rng.random() < PAPER_ONLY_SHARE
    table = services.set_judge(
        table=table, by=federation.director, judge=federation.judge, paper_only=paper
    )
    seats = {seat.number: skills[seat.player_id] for seat in table.seats.all()}
    access = TableAccess(table, federation.judge, "sim-judge", False, "sim-judge-phone")
    played = []
    for version in range(HANDS_PER_ROUND):
        hand = simulated_hand(tournament.ruleset, rng, seats)
        if paper:
            scored = score_hand(
                tournament.ruleset, {**hand, "ruleset": tournament.ruleset}, tournament.house_rules
            )
            played.append(dict(scored.deltas))
        else:
            recorded = hand_store.add_hand(
                access=access, data=hand, submission=_uuid(rng), expected_version=version
            )
            played.append(recorded.hand.deltas())
    counts = computed_counts(sorted(seats), tournament.starting_chips, played)
    entered = score_sheets.add_sheet(access=access, counts=counts, submission=_uuid(rng))
    score_sheets.confirm_sheet(sheet=entered.sheet, by=federation.director, browser="sim-director")


def _uuid(rng: random.Random) -> uuid.UUID:
    """A submission id from the run's generator, so a rerun stores the same ids."""
    return uuid.UUID(int=rng.getrandbits(128), version=4)


def digest() -> str:
    """One line for the whole history: every tournament's hands and confirmed sheet
    lines, in play order, by names and numbers (not database ids)."""
    sha = hashlib.sha256()
    hands = Hand.objects.order_by(
        "table__round__tournament__date",
        "table__round__tournament__name",
        "table__round__number",
        "table__number",
        "number",
    ).values_list(
        "table__round__tournament__name", "table__round__number", "table__number", "number", "data"
    )
    for row in hands:
        sha.update(json.dumps(row, sort_keys=True, default=str).encode())
    lines = (
        SheetLine.objects.filter(sheet__confirmed_at__isnull=False)
        .order_by(
            "sheet__table__round__tournament__date",
            "sheet__table__round__tournament__name",
            "sheet__table__round__number",
            "sheet__table__number",
            "seat",
        )
        .values_list("sheet__table__round__tournament__name", "player__member_number", "chips")
    )
    for row in lines:
        sha.update(json.dumps(row, default=str).encode())
    return sha.hexdigest()
