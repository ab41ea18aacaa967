"""Players' ratings per game family: openskill's Plackett–Luce over the tables played.

Pure Python (no database): the site hands it every rated table in order (date,
tournament, round, table) and stores what it returns. Each table is one match: its
players ranked by what they won there (equal amounts share a rank), each player a team
of one, rated with openskill's :class:`PlackettLuce` at its default parameters
(mu 25, sigma 25/3, beta 25/6, kappa 0.0001, tau 25/300). The published figure is the
ordinal, mu − 3·sigma.

>>> ratings, steps = rate_tables([TableResult(key=1, amounts={10: 30, 20: -10, 30: -20})])
>>> [(r.player, round(r.mu, 3), r.events) for r in ratings]
[(10, 27.869, 1), (20, 25.717, 1), (30, 21.414, 1)]
>>> len(steps)
3
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal

from openskill.models import PlackettLuce, PlackettLuceRating

# The game families rated apart, and the rulesets each gathers: the one place that
# says which games share a rating (Czech Taroky: the XIX and ve třech).
FAMILIES: Mapping[str, tuple[str, ...]] = {
    "spjst": ("spjst",),
    "czech": ("cz_xix", "cz_three"),
    "si_double": ("si_double",),
    "whist": ("whist",),
}


class UnknownFamily(ValueError):
    """A game family that is not rated."""

    def __init__(self, name: object) -> None:
        super().__init__(f"unknown game {name!r}; known: {', '.join(FAMILIES)}")
        self.name = name


def rulesets_of(family: str) -> tuple[str, ...]:
    """The rulesets rated together as ``family``; :class:`UnknownFamily` otherwise."""
    try:
        return FAMILIES[family]
    except KeyError:
        raise UnknownFamily(family) from None


def family_of(ruleset: str) -> str | None:
    """The family a ruleset's tournaments are rated in (None: not rated)."""
    return next((name for name, members in FAMILIES.items() if ruleset in members), None)


Amount = int | Decimal


@dataclass(frozen=True)
class TableResult:
    """One table played: what each player (by id) won there, in seat order (the order
    the model takes them in); ``key`` names the table for the history (the caller's,
    passed through)."""

    key: Hashable
    amounts: Mapping[int, Amount]


@dataclass(frozen=True)
class PlayerRating:
    """A player's rating after every table: mu, sigma, ordinal and tables rated."""

    player: int
    mu: float
    sigma: float
    events: int
    last: Hashable = None  # the key of the last table rated

    @property
    def ordinal(self) -> float:
        """The published figure: mu − 3·sigma (openskill's default ordinal)."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True)
class RatingStep:
    """A player's rating right after one table (the history)."""

    key: Hashable
    player: int
    rank: int
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


def table_ranks(amounts: Mapping[int, Amount]) -> dict[int, int]:
    """Each player's place at the table by what they won, equal amounts sharing one
    (1, 2, 2, 4).

    >>> table_ranks({1: 5, 2: 0, 3: 0, 4: -5})
    {1: 1, 2: 2, 3: 2, 4: 4}
    """
    return {
        player: 1 + sum(other > won for other in amounts.values())
        for player, won in amounts.items()
    }


def best_first(ratings: Iterable[PlayerRating]) -> list[PlayerRating]:
    """The highest ordinal first; equal ones by more tables, then by player id."""
    return sorted(ratings, key=lambda r: (-r.ordinal, -r.events, r.player))


def rate_tables(
    tables: Iterable[TableResult], start: Mapping[int, PlayerRating] | None = None
) -> tuple[list[PlayerRating], list[RatingStep]]:
    """Rate ``tables`` in the order given, each player starting from ``start`` (the
    ratings before these tables, when they continue a rated history) or else from the
    model's default.

    Returns the final rating of every player at these tables (best first) and the
    history, one step per player per table, in order. A table of fewer than two players
    changes nothing and is skipped. The same tables in the same order give the same
    figures, and rating them in two parts (the second starting from the first's
    ratings) gives what rating them at once does.
    """
    model = PlackettLuce()
    current: dict[int, PlayerRating] = {}
    before_all = start or {}
    steps: list[RatingStep] = []
    for table in tables:
        if len(table.amounts) < 2:
            continue
        # In the order given (the site's: by seat), not by id: the floating-point sums
        # run in that order, and ids change when the archives are imported elsewhere.
        players = list(table.amounts)
        ranks = table_ranks(table.amounts)
        before = {player: current.get(player) or before_all.get(player) for player in players}
        teams = [[_model_rating(model, before[player])] for player in players]
        rated = model.rate(teams, ranks=[ranks[player] for player in players])
        for player, (new,) in zip(players, rated, strict=True):
            previous = before[player]
            current[player] = PlayerRating(
                player, new.mu, new.sigma, (previous.events if previous else 0) + 1, table.key
            )
            steps.append(RatingStep(table.key, player, ranks[player], new.mu, new.sigma))
    return best_first(current.values()), steps


def _model_rating(model: PlackettLuce, rating: PlayerRating | None) -> PlackettLuceRating:
    """openskill's rating object for a player (the model's default for a newcomer)."""
    if rating is None:
        return model.rating()
    return model.rating(mu=rating.mu, sigma=rating.sigma)
