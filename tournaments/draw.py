"""Seating draw for a tournament round: who sits at which table, in which seat, who has a bye.

The draw is seeded and reproducible: the same players, history and seed always give the same
draw, because all randomness comes from one ``random.Random(seed)`` and the search stops after
a fixed number of steps, never after a time limit. Only ``Random.random()`` is used, the one
stream Python promises to keep the same across versions, so a stored draw can be re-drawn.

Two flaws are minimised, in this order:

1. players meeting again: each earlier meeting of two players now at one table costs
   ``DrawWeights.repeat``, and a meeting in the immediately previous round costs
   ``DrawWeights.previous_round`` more;
2. unbalanced seats: players should avoid the seat numbers they have already had most often.
   Seats are assigned within each table, and players at different tables exchange places
   where that helps seats without adding to the cost of meeting again.

Tables are settled before seats because any table's seats can be rearranged afterwards, but a
repeated pair cannot. The local search that does both is in :mod:`tournaments.draw_search`;
this module is the public face: the plan, the byes, the costs and the director's swaps.

>>> draw = draw_round(range(1, 9), seed=7)
>>> sorted(len(table) for table in draw.tables), draw.byes
([4, 4], ())
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from tournaments import draw_search

KNOWN_TABLE_SIZES = frozenset(range(3, 9))  # three players up to the two-pack game's eight

Table = Sequence[int]
Round = Sequence[Table]
History = Sequence[Round]


class DrawError(ValueError):
    """Base class of every error raised by the draw, so callers can catch them all at once."""


class DuplicatePlayerError(DrawError):
    """A player id appears more than once."""


class TooFewPlayersError(DrawError):
    """Not enough players for even the smallest allowed table."""


class TableSizeError(DrawError):
    """A table size the draw does not support, or a preferred size that is not allowed."""


class WeightError(DrawError):
    """A cost weight that is not a non-negative integer."""


class SeedError(DrawError):
    """A seed that would not make the draw reproducible."""


class SwapError(DrawError):
    """A director's swap that names a player not in the draw, or the same player twice."""


@dataclass(frozen=True)
class DrawWeights:
    """How much meeting again costs.

    ``repeat`` is charged per earlier meeting of two players seated together, and
    ``previous_round`` on top of it when that meeting was in the previous round. Seat balance
    has no weight: it is improved only where that adds nothing to this cost.
    """

    repeat: int = 1
    previous_round: int = 5

    def __post_init__(self) -> None:
        for name in ("repeat", "previous_round"):
            value = getattr(self, name)
            if type(value) is not int or value < 0:
                raise WeightError(f"weight {name} must be a non-negative integer, got {value!r}")


@dataclass(frozen=True)
class Cost:
    """The flaws of a draw, counted against the earlier rounds.

    ``repeats``: earlier meetings of pairs now at one table (a pair that met twice counts 2).
    ``previous_round``: pairs now at one table who also sat together in the previous round.
    ``seat_balance``: over seated players, (earlier sittings in their seat number) squared;
    squared so that one player's third time in a seat counts more than two players' second.
    ``meetings``: ``repeats`` and ``previous_round`` weighted by ``DrawWeights``, the cost the
    draw minimises first; ``seat_balance`` comes second.
    """

    repeats: int
    previous_round: int
    seat_balance: int
    meetings: int


@dataclass(frozen=True)
class Draw:
    """One round's seating: tables of player ids in seat order (seat 1 first) and the byes
    (sorted).

    ``cost`` is None when it is unknown, e.g. after ``swap_players`` without the history.
    """

    tables: tuple[tuple[int, ...], ...]
    byes: tuple[int, ...]
    seed: int
    cost: Cost | None = None

    def __post_init__(self) -> None:
        _check_unique(self.players)

    @property
    def players(self) -> tuple[int, ...]:
        """Every player in the draw: the seated ones table by table, then the byes."""
        return (*itertools.chain.from_iterable(self.tables), *self.byes)


def plan_tables(
    n_players: int, table_size: int = 4, allowed_sizes: Iterable[int] = (4,)
) -> tuple[tuple[int, ...], int]:
    """Table sizes (largest first) for ``n_players`` and the number of byes.

    The rule: first the fewest byes; then the most tables of ``table_size``; then the fewest
    tables. ``table_size`` must be one of ``allowed_sizes``, which may hold 3, 4 and 5.

    >>> plan_tables(18, allowed_sizes=(4, 5))
    ((5, 5, 4, 4), 0)
    >>> plan_tables(18, allowed_sizes=(3, 4))
    ((4, 4, 4, 3, 3), 0)
    >>> plan_tables(18)
    ((4, 4, 4, 4), 2)
    >>> plan_tables(5, allowed_sizes=(3, 4))
    ((4,), 1)
    """
    sizes = _check_sizes(table_size, allowed_sizes)
    if n_players < min(sizes):
        raise TooFewPlayersError(
            f"n_players {n_players!r} is fewer than the smallest allowed table ({min(sizes)})"
        )
    others = sorted(sizes - {table_size}, reverse=True)
    # Seating n - min(sizes) players is always possible, so this returns before the range ends.
    for byes in range(n_players):
        seated = n_players - byes
        for preferred in range(seated // table_size, -1, -1):
            rest = _fill(seated - preferred * table_size, others)
            if rest is not None:
                tables = sorted((table_size,) * preferred + rest, reverse=True)
                return tuple(tables), byes
    raise AssertionError("unreachable: the smallest table always fits")


def _check_sizes(table_size: int, allowed_sizes: Iterable[int]) -> frozenset[int]:
    sizes = frozenset(allowed_sizes)
    unknown = sizes - KNOWN_TABLE_SIZES
    if not sizes or unknown:
        raise TableSizeError(
            f"allowed_sizes must be some of 3 to 8, got {tuple(sorted(sizes, key=str))!r}"
        )
    if table_size not in sizes:
        raise TableSizeError(
            f"table_size {table_size!r} is not one of allowed_sizes {tuple(sorted(sizes))!r}"
        )
    return sizes


def _fill(remaining: int, sizes: Sequence[int]) -> tuple[int, ...] | None:
    """Tables of ``sizes`` (largest first) seating exactly ``remaining``, fewest tables first."""
    if remaining == 0:
        return ()
    if not sizes:
        return None
    largest, *smaller = sizes
    for count in range(remaining // largest, -1, -1):
        rest = _fill(remaining - count * largest, smaller)
        if rest is not None:
            return (largest,) * count + rest
    return None


def draw_round(
    players: Iterable[int],
    *,
    seed: int,
    history: History = (),
    bye_history: Mapping[int, int] | None = None,
    table_size: int = 4,
    allowed_sizes: Iterable[int] = (4,),
    weights: DrawWeights = DrawWeights(),
) -> Draw:
    """Draw the next round's tables, seats and byes.

    ``history`` holds the earlier rounds, oldest first; each round a sequence of tables, each
    table the players in seat order. ``bye_history`` maps players to their byes so far. Byes go
    to the players with the fewest byes, ties broken by the seed. The order of ``players``
    does not matter: the draw depends only on who plays.
    """
    if type(seed) is not int:
        # random.Random(None) would seed from the clock and the draw could not be repeated.
        raise SeedError(f"seed must be an integer, got {seed!r}")
    roster = tuple(sorted(_check_unique(players)))
    sizes, n_byes = plan_tables(len(roster), table_size, allowed_sizes)
    rng = random.Random(seed)
    byes, seated = _choose_byes(roster, n_byes, bye_history or {}, rng)
    past = _Past.from_history(history)
    tables = _arrange(seated, sizes, past, weights, rng)
    return Draw(tables=tables, byes=byes, seed=seed, cost=_evaluate(tables, past, weights))


def swap_players(
    draw: Draw,
    a: int,
    b: int,
    *,
    history: History | None = None,
    weights: DrawWeights = DrawWeights(),
) -> Draw:
    """The draw with players ``a`` and ``b`` exchanged, seats included.

    A player on a bye may be swapped with a seated one: the first takes the seat, the second
    the bye. Pass the ``history`` the draw was made with to get its new ``cost``; without it
    the cost is None, since a cost from before the swap would be wrong.
    """
    if a == b:
        raise SwapError(f"cannot swap player {a!r} with themselves")
    present = set(draw.players)
    for player in (a, b):
        if player not in present:
            raise SwapError(f"player {player!r} is not in this draw")
    exchange = {a: b, b: a}
    tables = tuple(tuple(exchange.get(p, p) for p in table) for table in draw.tables)
    byes = tuple(sorted(exchange.get(p, p) for p in draw.byes))
    swapped = Draw(tables=tables, byes=byes, seed=draw.seed)
    if history is None:
        return swapped
    return replace(swapped, cost=draw_cost(swapped, history, weights=weights))


def draw_cost(draw: Draw, history: History, *, weights: DrawWeights = DrawWeights()) -> Cost:
    """The cost of ``draw`` against the earlier rounds, e.g. after the director edited it."""
    return _evaluate(draw.tables, _Past.from_history(history), weights)


def _check_unique(players: Iterable[int]) -> list[int]:
    listed = list(players)
    twice = sorted(p for p, count in Counter(listed).items() if count > 1)
    if twice:
        raise DuplicatePlayerError(f"players appear more than once: {twice!r}")
    return listed


def _pairs(tables: Iterable[Table]) -> Iterable[tuple[int, int]]:
    for table in tables:
        yield from itertools.combinations(sorted(table), 2)


@dataclass(frozen=True)
class _Past:
    """What the draw needs to know about the earlier rounds."""

    meetings: Counter[tuple[int, int]]  # (lower id, higher id) -> rounds at one table
    last_round: frozenset[tuple[int, int]]  # pairs at one table in the previous round
    seats: Counter[tuple[int, int]]  # (player, seat number) -> rounds in that seat

    @classmethod
    def from_history(cls, history: History) -> _Past:
        meetings = Counter(_pairs(itertools.chain.from_iterable(history)))
        last_round = frozenset(_pairs(history[-1])) if history else frozenset()
        seats = Counter(
            (player, seat)
            for round_ in history
            for table in round_
            for seat, player in enumerate(table, start=1)
        )
        return cls(meetings=meetings, last_round=last_round, seats=seats)


def _choose_byes(
    roster: Sequence[int], n_byes: int, bye_history: Mapping[int, int], rng: random.Random
) -> tuple[tuple[int, ...], list[int]]:
    order = list(roster)
    _shuffle(order, rng)
    # A stable sort keeps the shuffled order among players with equally many byes.
    order.sort(key=lambda player: bye_history.get(player, 0))
    seated = order[n_byes:]
    # Reshuffle so that the starting tables do not follow the players' bye counts.
    _shuffle(seated, rng)
    return tuple(sorted(order[:n_byes])), seated


def _shuffle(items: list[int], rng: random.Random) -> None:
    """Fisher-Yates on ``rng.random()`` alone; ``Random.shuffle`` may change between versions."""
    for i in range(len(items) - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        items[i], items[j] = items[j], items[i]


def _arrange(
    seated: Sequence[int],
    sizes: Sequence[int],
    past: _Past,
    weights: DrawWeights,
    rng: random.Random,
) -> tuple[tuple[int, ...], ...]:
    """Tables in seat order for the shuffled ``seated``: few repeats first, then varied seats.

    The search (:mod:`tournaments.draw_search`) works on positions 0..m-1 in ``seated``.
    """
    links = _links(seated, past, weights)
    seat_costs = [[past.seats[p, seat] ** 2 for seat in range(1, max(sizes) + 1)] for p in seated]
    tables = draw_search.arrange(sizes, links, seat_costs, rng)
    return tuple(tuple(seated[i] for i in table) for table in tables)


def _links(seated: Sequence[int], past: _Past, weights: DrawWeights) -> draw_search.Links:
    """``links[i][j]``: the cost of seating ``seated[i]`` and ``seated[j]`` together, if any."""
    index = {player: i for i, player in enumerate(seated)}
    links: draw_search.Links = [{} for _ in seated]
    for (p, q), times in past.meetings.items():
        if p in index and q in index:
            cost = weights.repeat * times
            if (p, q) in past.last_round:
                cost += weights.previous_round
            if cost:
                links[index[p]][index[q]] = cost
                links[index[q]][index[p]] = cost
    return links


def _evaluate(tables: Sequence[Table], past: _Past, weights: DrawWeights) -> Cost:
    pairs = list(_pairs(tables))
    repeats = sum(past.meetings[pair] for pair in pairs)
    previous_round = sum(1 for pair in pairs if pair in past.last_round)
    seat_balance = sum(
        past.seats[player, seat] ** 2
        for table in tables
        for seat, player in enumerate(table, start=1)
    )
    meetings = weights.repeat * repeats + weights.previous_round * previous_round
    return Cost(repeats, previous_round, seat_balance, meetings)
