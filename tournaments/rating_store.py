"""The stored ratings, from the archive: every confirmed sheet of every closed round of
every finished tournament of a game family, in order of (date, tournament, round,
table), rated by `scoring.ratings` and written as `Rating` and `RatingChange` rows.

A finished or reopened tournament has its family rated again from where it stands in
the family's order (`_replay_from`): each player starts from the rating stored just
before it, and only the tables from it on are rated anew. A tournament finished after
everything rated (the usual case) is added on top; one finished late, after a tournament
dated later had been rated, re-rates only those after it, not the decade before (27 Nov:
a Czech finish 9.4 s as a rebuild of its family, 0.2 s as a replay). A fixed number of
queries, however many tournaments there are.
"""

from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from django.db import transaction
from django.db.models import Count, Max, Min, Q

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


def table_results(family: str, *, since: Tournament | None = None) -> list[TableResult]:
    """The family's rated tables in order (those of ``since`` and after it in the
    family's order, if that is given), each keyed (table, tournament, date), with what
    each player won there: the count on the confirmed sheet less the starting chips (one
    query)."""
    lines = SheetLine.objects.filter(
        sheet__confirmed_at__isnull=False,
        sheet__table__round__status=Round.Status.CLOSED,
        sheet__table__round__tournament__status=Tournament.Status.FINISHED,
        sheet__table__round__tournament__ruleset__in=rulesets_of(family),
    )
    if since is not None:
        lines = lines.filter(_from(since, "sheet__table__round__tournament__"))
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


def _from(tournament: Tournament, path: str) -> Q:
    """The tournaments at `path` that come at or after `tournament` in the ratings'
    order: by date, then creation time, then id (`table_results`)."""
    day, created = tournament.date, tournament.created_at
    return (
        Q(**{f"{path}date__gt": day})
        | Q(**{f"{path}date": day, f"{path}created_at__gt": created})
        | Q(**{f"{path}date": day, f"{path}created_at": created, f"{path}id__gte": tournament.pk})
    )


def _replay_from(family: str, tournament: Tournament) -> None:
    """Rate the family again from `tournament`'s place in its order (it just finished,
    or just left the rated tournaments): the tables rated at or after that place are
    taken off, each player goes back to the rating stored just before it, and the
    tables from there on are rated on top, as a rebuild would have rated them."""
    after = RatingChange.objects.filter(_from(tournament, "tournament__"), family=family)
    cut = after.aggregate(first=Min("sequence"))["first"]
    moved = set(after.values_list("player_id", flat=True).distinct()) if cut is not None else set()
    tables = table_results(family, since=tournament)
    players = moved | {player for table in tables for player in table.amounts}
    if cut is None:
        # Nothing rated after it: the stored ratings are those just before it.
        last = RatingChange.objects.filter(family=family).aggregate(n=Max("sequence"))["n"]
        cut = 0 if last is None else last + 1
        stored = Rating.objects.filter(family=family, player_id__in=players)
        start = {
            r.player_id: PlayerRating(r.player_id, r.mu, r.sigma, r.events, (0, 0, r.last_played))
            for r in stored
        }
    else:
        start = _ratings_before(family, cut, players)
    ratings, steps = rate_tables(tables, start=start)
    RatingChange.objects.filter(family=family, sequence__gte=cut).delete()
    RatingChange.objects.bulk_create(_history(family, steps, cut), batch_size=BATCH)
    # Who played no table from there on is back at the rating before it (or unrated).
    final = {**start, **{rating.player: rating for rating in ratings}}
    Rating.objects.filter(family=family, player_id__in=players).delete()
    Rating.objects.bulk_create(_rows(family, list(final.values())), batch_size=BATCH)


def _ratings_before(family: str, cut: int, players: set[int]) -> dict[int, PlayerRating]:
    """Each of `players`' rating right before the family's table number `cut`, from the
    history: the last step before it, and the tables counted up to it (two queries)."""
    before = RatingChange.objects.filter(family=family, sequence__lt=cut, player_id__in=players)
    counts = {
        row["player_id"]: (row["last"], row["events"])
        for row in before.values("player_id").annotate(last=Max("sequence"), events=Count("pk"))
    }
    lasts = before.filter(sequence__in={last for last, _ in counts.values()})
    return {
        step.player_id: PlayerRating(
            step.player_id, step.mu, step.sigma, counts[step.player_id][1], (0, 0, step.date)
        )
        for step in lasts.only("player_id", "sequence", "mu", "sigma", "date")
        if counts[step.player_id][0] == step.sequence
    }


def tournament_finished(tournament: Tournament) -> None:
    """The tournament's family's ratings with it counted (called inside the finish)."""
    family = family_of(tournament.ruleset)
    if family is not None and not _deferred:
        _replay_from(family, tournament)


def tournament_reopened(tournament: Tournament) -> None:
    """Its family's ratings without it (called inside the reopen)."""
    family = family_of(tournament.ruleset)
    if family is not None and not _deferred:
        _replay_from(family, tournament)
