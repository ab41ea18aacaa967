"""The stored ratings, from the archive: every confirmed sheet of every closed round of
every finished tournament of a game family, in order of (date, tournament, round,
table), rated by `scoring.ratings` and written as `Rating` and `RatingChange` rows.

A finished tournament that comes after everything rated in its family (the usual case)
is added on top of the stored ratings; one dated earlier, or a reopened one, has its
family rebuilt from scratch. Either way a fixed number of queries, however many
tournaments there are.
"""

from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from django.db import transaction
from django.db.models import Max, Q

from scoring.ratings import (
    FAMILIES,
    PlayerRating,
    RatingStep,
    TableResult,
    family_of,
    rate_tables,
    rulesets_of,
)
from tournaments.models import Round, SheetLine, Tournament
from tournaments.rating_models import Rating, RatingChange

BATCH = 2000  # rows an INSERT carries (far under PostgreSQL's limit of parameters)

# Set while a bulk build (`simulate_history`) finishes many tournaments, perhaps in
# several processes at once: each finish would rate its family again (or on top), so the
# build rates everything once at its end instead (`deferred`).
_deferred = False


@contextmanager
def deferred() -> Iterator[None]:
    """Finishes and reopens inside leave the ratings alone; the caller rebuilds them
    (`rebuild_ratings`) once after."""
    global _deferred
    before, _deferred = _deferred, True
    try:
        yield
    finally:
        _deferred = before


def table_results(family: str, tournament: Tournament | None = None) -> list[TableResult]:
    """The family's rated tables in order (only ``tournament``'s, if given), each keyed
    (table, tournament, date), with what each player won there: the count on the
    confirmed sheet less the starting chips (one query)."""
    lines = SheetLine.objects.filter(
        sheet__confirmed_at__isnull=False,
        sheet__table__round__status=Round.Status.CLOSED,
        sheet__table__round__tournament__status=Tournament.Status.FINISHED,
        sheet__table__round__tournament__ruleset__in=rulesets_of(family),
    )
    if tournament is not None:
        lines = lines.filter(sheet__table__round__tournament=tournament)
    lines = lines.order_by(
        # The tournament by its creation time, which its archive carries, not its id,
        # which an import changes: the archives give the same order in any site.
        "sheet__table__round__tournament__date",
        "sheet__table__round__tournament__created_at",
        "sheet__table__round__tournament_id",
        "sheet__table__round__number",
        "sheet__table__number",
        "seat",
    ).values_list(
        "sheet__table_id",
        "sheet__table__round__tournament_id",
        "sheet__table__round__tournament__date",
        "player_id",
        "chips",
        "sheet__table__round__tournament__starting_chips",
    )
    tables: dict[tuple, dict[int, object]] = {}
    for table_id, tournament_id, date, player_id, chips, start in lines:
        tables.setdefault((table_id, tournament_id, date), {})[player_id] = chips - start
    return [TableResult(key, amounts) for key, amounts in tables.items()]


def _history(family: str, steps: list[RatingStep], first: int) -> list[RatingChange]:
    """The steps as rows, numbered in the family's sequence of tables from ``first``."""
    sequence = {key: first + n for n, key in enumerate(dict.fromkeys(s.key for s in steps))}
    return [
        RatingChange(
            player_id=step.player,
            family=family,
            sequence=sequence[step.key],
            table_id=step.key[0],
            tournament_id=step.key[1],
            date=step.key[2],
            rank=step.rank,
            mu=step.mu,
            sigma=step.sigma,
            ordinal=step.ordinal,
        )
        for step in steps
    ]


def _rows(family: str, ratings: list[PlayerRating]) -> list[Rating]:
    return [
        Rating(
            player_id=rating.player,
            family=family,
            mu=rating.mu,
            sigma=rating.sigma,
            ordinal=rating.ordinal,
            events=rating.events,
            last_played=rating.last[2],
        )
        for rating in ratings
    ]


@transaction.atomic
def rebuild_ratings(families: Iterable[str] | None = None) -> dict[str, int]:
    """Rate the families (all by default) from scratch and replace their stored rows.

    Returns family → players rated. Five queries a family.
    """
    counts = {}
    for family in families if families is not None else FAMILIES:
        ratings, steps = rate_tables(table_results(family))
        Rating.objects.filter(family=family).delete()
        RatingChange.objects.filter(family=family).delete()
        RatingChange.objects.bulk_create(_history(family, steps, 0), batch_size=BATCH)
        Rating.objects.bulk_create(_rows(family, ratings), batch_size=BATCH)
        counts[family] = len(ratings)
    return counts


def _add_on_top(family: str, tournament: Tournament) -> bool:
    """Rate a just-finished tournament on top of its family's stored ratings, if nothing
    rated comes after it; False (and nothing written) otherwise."""
    day, created = tournament.date, tournament.created_at
    later = (
        Q(date__gt=day)
        | Q(date=day, tournament__created_at__gt=created)
        | Q(date=day, tournament__created_at=created, tournament_id__gt=tournament.pk)
    )
    if RatingChange.objects.filter(later, family=family).exists():
        return False
    tables = table_results(family, tournament)
    players = {player for table in tables for player in table.amounts}
    stored = Rating.objects.filter(family=family, player_id__in=players)
    start = {r.player_id: PlayerRating(r.player_id, r.mu, r.sigma, r.events) for r in stored}
    ratings, steps = rate_tables(tables, start=start)
    first = RatingChange.objects.filter(family=family).aggregate(last=Max("sequence"))["last"]
    RatingChange.objects.bulk_create(
        _history(family, steps, 0 if first is None else first + 1), batch_size=BATCH
    )
    stored.delete()
    Rating.objects.bulk_create(_rows(family, ratings), batch_size=BATCH)
    return True


def tournament_finished(tournament: Tournament) -> None:
    """The tournament's family's ratings with it counted (called inside the finish)."""
    family = family_of(tournament.ruleset)
    if _deferred:
        return
    if family is not None and not _add_on_top(family, tournament):
        rebuild_ratings([family])


def tournament_reopened(tournament: Tournament) -> None:
    """Its family's ratings without it: rebuilt from scratch (called inside the reopen)."""
    family = family_of(tournament.ruleset)
    if family is not None and not _deferred:
        rebuild_ratings([family])
