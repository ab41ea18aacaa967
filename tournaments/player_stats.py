"""The players' statistics from their hands, stored per player per tournament.

Counted by `scoring.hand_stats` from every table of the closed rounds of a finished
tournament (its recorded hands, deleted ones left out) and written as `PlayerStats`
rows: when a tournament is finished (or imported finished), removed when it is
reopened, recounted when a merge moves its seats, and all rebuilt by
`manage.py player_stats --rebuild`. The player's page and the API read the rows
(`statistics_for`), never the hands.
"""

from collections.abc import Iterable, Iterator
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.db.models import QuerySet

from clubs.models import Player
from scoring import get_ruleset
from scoring.hand_stats import Tally, tally_table
from tournaments.models import Hand, Round, Seat, Tournament
from tournaments.stats_models import PlayerStats

BATCH = 2000  # rows an INSERT carries, and hands read at a time
_FIGURES = ("tables", "hands", "declared", "declared_won", "announced", "announced_won")


def _tallies(tournaments: QuerySet[Tournament]) -> dict[tuple[int, int], Tally]:
    """(player, tournament) → the player's tally there, over the closed rounds'
    tables of ``tournaments`` (two queries, the hands read in batches)."""
    seats = Seat.objects.filter(
        round__status=Round.Status.CLOSED, round__tournament__in=tournaments
    ).values_list("table_id", "round__tournament_id", "number", "player_id")
    tables: dict[int, tuple[int, dict[int, int]]] = {}
    for table, tournament, number, player in seats:
        tables.setdefault(table, (tournament, {}))[1][number] = player
    totals: dict[tuple[int, int], Tally] = {}
    for table, hands in _hands_by_table(tournaments):
        if table in tables:
            tournament, players = tables.pop(table)
            _add(totals, tournament, tally_table(hands, players))
    for tournament, players in tables.values():  # tables without a hand (kept on paper)
        _add(totals, tournament, tally_table((), players))
    return totals


def _hands_by_table(
    tournaments: QuerySet[Tournament],
) -> Iterator[tuple[int, list[tuple[Any, Any]]]]:
    """Each table's recorded hands in order, a table at a time, read in batches (the
    tables named by a join, not a list: the decade's tables outnumber SQLite's limit
    of parameters)."""
    hands = (
        Hand.objects.filter(
            deleted=False,
            table__round__status=Round.Status.CLOSED,
            table__round__tournament__in=tournaments,
        )
        .order_by("table_id", "number")
        .values_list("table_id", "data", "settlement")
    )
    current, recorded = None, []
    for table, data, settlement in hands.iterator(chunk_size=BATCH):
        if table != current:
            if current is not None:
                yield current, recorded
            current, recorded = table, []
        recorded.append((data, settlement))
    if current is not None:
        yield current, recorded


def _add(totals: dict, tournament: int, tallies: dict[int, Tally]) -> None:
    for player, tally in tallies.items():
        key = (player, tournament)
        totals[key] = totals[key] + tally if key in totals else tally


def _rows(totals: dict[tuple[int, int], Tally]) -> Iterator[PlayerStats]:
    for (player, tournament), tally in totals.items():
        yield PlayerStats(
            player_id=player,
            tournament_id=tournament,
            total=tally.total,
            contracts={name: list(pair) for name, pair in sorted(tally.contracts.items())},
            penalties=tally.penalties,
            **{name: getattr(tally, name) for name in _FIGURES},
        )


def _finished() -> QuerySet[Tournament]:
    return Tournament.objects.filter(status=Tournament.Status.FINISHED)


@transaction.atomic
def count_tournaments(tournaments: Iterable[int] | None = None) -> int:
    """Count the finished tournaments among ``tournaments`` (all, by default) anew and
    replace their rows; an unfinished one is left without rows. Returns rows written."""
    finished = _finished()
    stale = PlayerStats.objects.all()
    if tournaments is not None:
        ids = list(tournaments)
        finished, stale = finished.filter(pk__in=ids), stale.filter(tournament__in=ids)
    stale.delete()
    rows = PlayerStats.objects.bulk_create(_rows(_tallies(finished)), batch_size=BATCH)
    return len(rows)


def rebuild_player_stats() -> int:
    """Every finished tournament counted from scratch (``manage.py player_stats``)."""
    return count_tournaments(None)


def tournament_finished(tournament: Tournament) -> None:
    """The tournament's players' figures counted (called inside the finish)."""
    count_tournaments([tournament.pk])


def tournament_reopened(tournament: Tournament) -> None:
    """Its figures removed until it is finished again (called inside the reopen)."""
    PlayerStats.objects.filter(tournament=tournament).delete()


def players_moved(*players: Player) -> None:
    """The tournaments of ``players`` counted again: a merge moved their seats."""
    tournaments = Seat.objects.filter(player__in=players).values_list(
        "round__tournament_id", flat=True
    )
    count_tournaments(set(tournaments) | _counted_for(players))


def _counted_for(players: Iterable[Player]) -> set[int]:
    return set(PlayerStats.objects.filter(player__in=players).values_list("tournament", flat=True))


def statistics_for(player: Player) -> list[dict[str, Any]]:
    """The player's figures per game, over all seasons and season by season, as plain
    data (one query): ``[{"game", "title", "all": {...}, "seasons": [{"season",
    "name", ...}]}]``, each figure set as `Tally.to_json` gives it. Seasons newest
    first; tournaments in no season under ``"season": None``."""
    rows = (
        PlayerStats.objects.filter(player=player)
        .order_by("tournament__ruleset", "-tournament__season__start_date", "tournament__season")
        .values_list(
            "tournament__ruleset",
            "tournament__season_id",
            "tournament__season__name",
            *_FIGURES,
            "penalties",
            "total",
            "contracts",
        )
    )
    games: dict[str, dict[tuple, Tally]] = {}
    for ruleset, season, name, *figures, penalties, total, contracts in rows:
        tally = Tally(
            total=Decimal(total),
            contracts={c: (pair[0], pair[1]) for c, pair in contracts.items()},
            penalties=penalties,
            **dict(zip(_FIGURES, figures, strict=True)),
        )
        seasons = games.setdefault(ruleset, {})
        seasons[(season, name)] = (
            seasons[(season, name)] + tally if (season, name) in seasons else tally
        )
    return [
        {
            "game": ruleset,
            "title": get_ruleset(ruleset).TITLE,
            "all": sum(seasons.values(), Tally()).to_json(),
            "seasons": [
                {"season": season, "name": name, **tally.to_json()}
                for (season, name), tally in seasons.items()
            ],
        }
        for ruleset, seasons in games.items()
    ]
