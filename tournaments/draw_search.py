"""The local search behind the seating draw (:mod:`tournaments.draw`).

It works on positions 0..m-1, the draw's shuffled seated players, so that it can use lists,
not dicts, and it knows nothing of player ids, earlier rounds or weights: the draw turns those
into ``links`` (what two positions cost at one table) and ``seat_costs`` (what a position
costs in each seat). All randomness comes from the ``random.Random`` it is given, through
``random()`` alone, and the budget is counted in steps, never in seconds, so the same input
gives the same tables on any machine.

>>> links = [{1: 1}, {0: 1}, {}, {}]  # positions 0 and 1 sat together before
>>> arrange((2, 2), links, [[0, 0]] * 4, random.Random(0))
[[2, 1], [0, 3]]
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

__all__ = ["EVALUATIONS_PER_PLAYER", "Links", "SeatCosts", "arrange"]

# How many swaps each of the two searches (fewer repeats, then seats) may weigh per seated
# player. A budget counted in steps, not seconds, keeps the draw the same on any machine.
EVALUATIONS_PER_PLAYER = 400

Links = list[dict[int, int]]  # links[i][j]: the cost of positions i and j at one table, if any
SeatCosts = Sequence[Sequence[int]]  # seat_costs[i][s]: the cost of position i in seat s + 1


def arrange(
    sizes: Sequence[int], links: Links, seat_costs: SeatCosts, rng: random.Random
) -> list[list[int]]:
    """Tables of positions in seat order: few repeats first, then varied seats.

    The positions start in order, table by table (the caller has shuffled its players).
    """
    starts = itertools.accumulate(sizes, initial=0)
    tables = [list(range(start, start + size)) for start, size in zip(starts, sizes, strict=False)]
    budget = EVALUATIONS_PER_PLAYER * len(links)
    grouped = _TableSearch(tables, links, rng).run(budget)
    seating = _TableSearch([_best_seating(t, seat_costs) for t in grouped], links, rng)
    seating.balance_seats(seat_costs, budget)
    return [_best_seating(t, seat_costs) for t in seating.tables]


def _pick(items: Sequence[int], rng: random.Random) -> int:
    """A seeded choice that, unlike ``Random.choice``, is stable between Python versions."""
    return items[int(rng.random() * len(items))]


def _best_seating(table: list[int], seat_costs: SeatCosts) -> list[int]:
    """``table`` reordered to the lowest seat cost; the current order wins ties."""
    if not any(seat_costs[p][seat] for seat, p in enumerate(table)):
        return table
    # itertools yields the identity first and min keeps the first of equals, so an order is
    # only changed for a real gain and the seeded order survives otherwise.
    best = min(
        itertools.permutations(table),
        key=lambda order: sum(seat_costs[p][seat] for seat, p in enumerate(order)),
    )
    return list(best)


class _TableSearch:
    """Local search over tables of positions: swap two players at different tables (each takes
    the other's seat) while that lowers the cost.

    Mutable for speed in the inner loops; it never escapes :func:`arrange`. ``pull[p][t]`` is
    what player p costs, or would cost, at table t.
    """

    def __init__(self, tables: list[list[int]], links: Links, rng: random.Random):
        self.tables = [list(table) for table in tables]
        self.links = links
        self.rng = rng
        self.where = [0] * len(links)
        self.seat = [0] * len(links)
        for t, table in enumerate(self.tables):
            for seat, p in enumerate(table):
                self.where[p], self.seat[p] = t, seat
        self.pull: list[dict[int, int]] = [{} for _ in links]
        for p, neighbours in enumerate(links):
            for q, cost in neighbours.items():
                t = self.where[q]
                self.pull[p][t] = self.pull[p].get(t, 0) + cost
        self.cost = sum(self._own(p) for p in range(len(links))) // 2

    def _own(self, p: int) -> int:
        return self.pull[p].get(self.where[p], 0)

    def run(self, budget: int) -> list[list[int]]:
        """The tables with the fewest repeats found within ``budget`` swap evaluations.

        When a pass finds no improving swap, a random swap shakes the search out of the local
        minimum; the best tables seen are kept.
        """
        best_cost, best_tables = self.cost, [list(t) for t in self.tables]
        while self.cost > 0 and budget > 0 and len(self.tables) > 1:
            improved, budget = self._descend(budget)
            if self.cost < best_cost:
                best_cost, best_tables = self.cost, [list(t) for t in self.tables]
            if not improved and self.cost > 0:
                self._kick()
        return best_tables if best_cost < self.cost else self.tables

    def _descend(self, budget: int) -> tuple[bool, int]:
        """One pass over the players with a cost; each makes its best improving swap."""
        improved = False
        for p in [p for p in range(len(self.links)) if self._own(p) > 0]:
            if budget <= 0:
                break
            if self._own(p) == 0:
                continue  # an earlier swap in this pass already helped p
            budget -= len(self.links)
            q, delta = self._best_partner(p)
            if delta < 0:
                self._swap(p, q, delta)
                improved = True
        return improved, budget

    def _best_partner(self, p: int) -> tuple[int, int]:
        """The player at another table whose swap with p lowers the cost most, and by how much."""
        home = self.where[p]
        deltas = ((self._delta(p, q), q) for q, table in enumerate(self.where) if table != home)
        delta, q = min(deltas, default=(0, -1))
        return q, delta

    def _delta(self, p: int, q: int) -> int:
        home, away = self.where[p], self.where[q]
        pull_p, pull_q = self.pull[p], self.pull[q]
        gain = pull_q.get(home, 0) + pull_p.get(away, 0) - 2 * self.links[p].get(q, 0)
        return gain - pull_p.get(home, 0) - pull_q.get(away, 0)

    def _kick(self) -> None:
        """Swap a random player who has a cost with a random player at another table."""
        p = _pick([p for p in range(len(self.links)) if self._own(p) > 0], self.rng)
        q = _pick([q for q, t in enumerate(self.where) if t != self.where[p]], self.rng)
        self._swap(p, q, self._delta(p, q))

    def balance_seats(self, seat_costs: SeatCosts, budget: int) -> None:
        """Swap players between tables where that lowers the seat cost and adds no repeats."""
        smallest = min(len(table) for table in self.tables)
        improved = True
        while improved and budget > 0:
            improved = False
            for p, costs in enumerate(seat_costs):
                if budget <= 0:
                    break
                if costs[self.seat[p]] <= min(costs[:smallest]):
                    continue  # p already has one of their best seats
                budget -= len(self.links)
                q, delta = self._best_seat_partner(p, seat_costs)
                if q >= 0:
                    self._swap(p, q, delta)
                    improved = True

    def _best_seat_partner(self, p: int, seat_costs: SeatCosts) -> tuple[int, int]:
        """The partner giving the lowest (meeting delta <= 0, seat delta < 0), with its delta."""
        costs_p, mine = seat_costs[p], self.seat[p]
        best_q, best_meeting, best_seat = -1, 0, 0
        for q, away in enumerate(self.where):
            theirs = self.seat[q]
            # Swaps where p gains nothing are left for q's own turn.
            if costs_p[theirs] >= costs_p[mine] or away == self.where[p]:
                continue
            meeting = self._delta(p, q)
            if meeting > best_meeting:
                continue
            seat = costs_p[theirs] + seat_costs[q][mine] - costs_p[mine] - seat_costs[q][theirs]
            if (meeting, seat) < (best_meeting, best_seat):
                best_q, best_meeting, best_seat = q, meeting, seat
        return best_q, best_meeting

    def _swap(self, p: int, q: int, delta: int) -> None:
        home, away = self.where[p], self.where[q]
        for mover, old, new in ((p, home, away), (q, away, home)):
            for x, cost in self.links[mover].items():
                pull_x = self.pull[x]
                pull_x[old] -= cost
                pull_x[new] = pull_x.get(new, 0) + cost
        self.tables[home][self.seat[p]] = q
        self.tables[away][self.seat[q]] = p
        self.where[p], self.where[q] = away, home
        self.seat[p], self.seat[q] = self.seat[q], self.seat[p]
        self.cost += delta
