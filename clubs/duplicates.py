"""Candidate duplicates among players: two records that may be one person.

Pure Python over rows read once, so the page's queries do not grow with players.

>>> normalised("  Čermák  Jan ") == normalised("cermak jan")
True
>>> rows = [
...     PlayerRow(1, "Jan", "Čermák", 1970, "", frozenset({1})),
...     PlayerRow(2, "JAN", "Cermak", None, "", frozenset({2})),
...     PlayerRow(3, "Jan", "Čermák", 1985, "", frozenset({3})),
...     PlayerRow(4, "Eva", "Nová", None, "17", frozenset({1})),
...     PlayerRow(5, "Eva", "Novotná", None, "17", frozenset({1, 2})),
... ]
>>> [(p.first, p.second, p.reason) for p in candidate_pairs(rows)]
[(1, 2, 'name'), (2, 3, 'name'), (4, 5, 'member_number')]
"""

from __future__ import annotations

import bisect
import functools
import itertools
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import NamedTuple

__all__ = ["CandidatePairs", "Pair", "PlayerRow", "candidate_pairs", "normalised"]


@dataclass(frozen=True)
class PlayerRow:
    """What the search reads of a player: its names, birth year, member number and the
    clubs it belongs to (home club and memberships)."""

    pk: int
    first_name: str
    last_name: str
    birth_year: int | None
    member_number: str
    clubs: frozenset[int]


class Pair(NamedTuple):
    """Two records that may be one person (`first` < `second`) and why: the same name
    ("name") or the same member number in a club both belong to ("member_number").

    A tuple, not a dataclass: a federation's namesakes make hundreds of thousands of
    pairs to sort before a page of them is shown (`make bench-scale`)."""

    first: int
    second: int
    reason: str


@functools.lru_cache(maxsize=16384)
def normalised(text: str) -> str:
    """`text` without accents, case or extra spaces, to compare names (remembered: the
    duplicates page normalises every player's name on each visit, a third of its time at
    6,000 players)."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(bare.split())


def _years_agree(a: PlayerRow, b: PlayerRow) -> bool:
    # A missing birth year does not tell namesakes apart, so it agrees with any year.
    return a.birth_year is None or b.birth_year is None or a.birth_year == b.birth_year


class CandidatePairs(Sequence[Pair]):
    """The candidate pairs of `rows` in the order of their ids, made only as a page of
    them is asked for: a federation's namesakes are hundreds of thousands of pairs (6,000
    players of `make bench-scale`), of which the page shows fifty. Counting them is a pass
    over the rows; a slice makes the pairs of the records it starts in, and no others."""

    def __init__(self, rows: list[PlayerRow]) -> None:
        by_name: dict[str, list[PlayerRow]] = defaultdict(list)
        # A member number within one club: each club numbers its own members from 1, so
        # a number alone would pair every club's member 1 with every other's.
        in_club: dict[tuple[str, int], list[PlayerRow]] = defaultdict(list)
        self._name_of: dict[int, str] = {}
        for row in rows:
            self._name_of[row.pk] = name = normalised(f"{row.first_name} {row.last_name}")
            by_name[name].append(row)
            if number := row.member_number.strip():
                for club in row.clubs:
                    in_club[(number, club)].append(row)
        # Each record's namesakes with a higher id (its group, from its place on).
        self._namesakes: dict[int, tuple[list[PlayerRow], int]] = {}
        count: dict[int, int] = {}
        for group in by_name.values():
            group.sort(key=lambda row: row.pk)
            for index, row in enumerate(group):
                self._namesakes[row.pk] = (group, index)
            for row, later in zip(group, _later_agreeing(group), strict=True):
                count[row.pk] = later
        # The few pairs found by a number and not by their name, by their first record.
        self._numbered: dict[int, set[int]] = defaultdict(set)
        for group in in_club.values():
            for a, b in _pairs(group):
                if not self._is_named(a, b):
                    self._numbered[a.pk].add(b.pk)
        for pk, seconds in self._numbered.items():
            count[pk] += len(seconds)
        self._firsts = sorted(pk for pk, n in count.items() if n)
        self._starts = list(itertools.accumulate((count[pk] for pk in self._firsts), initial=0))

    def _is_named(self, a: PlayerRow, b: PlayerRow) -> bool:
        return self._name_of[a.pk] == self._name_of[b.pk] and _years_agree(a, b)

    def __len__(self) -> int:
        return self._starts[-1]

    def __getitem__(self, index):
        if isinstance(index, int):
            return self[index : index + 1 or None][0]
        start, stop, step = index.indices(len(self))
        if step != 1:
            raise ValueError("candidate pairs are sliced in order")
        # The record the slice starts in, and the place of its first pair.
        at = bisect.bisect_right(self._starts, start) - 1
        offset = self._starts[at] if at < len(self._firsts) else start
        found: list[Pair] = []
        while at < len(self._firsts) and self._starts[at] < stop:
            found += self._pairs_of(self._firsts[at])
            at += 1
        return found[start - offset : stop - offset]

    def __iter__(self) -> Iterator[Pair]:
        for pk in self._firsts:
            yield from self._pairs_of(pk)

    def _pairs_of(self, pk: int) -> list[Pair]:
        """The pairs whose lower id is `pk`, by the other's id."""
        group, index = self._namesakes[pk]
        row = group[index]
        pairs = [Pair(pk, b.pk, "name") for b in group[index + 1 :] if _years_agree(row, b)]
        pairs += (Pair(pk, b, "member_number") for b in self._numbered.get(pk, ()))
        pairs.sort()
        return pairs


def _later_agreeing(group: list[PlayerRow]) -> list[int]:
    """For each record of a name's `group` (by id), how many later ones have no differing
    birth year: counted from the end, so a name shared by many is one pass, not a pair
    at a time."""
    counts: list[int] = []
    unknown, by_year = 0, Counter()
    for row in reversed(group):
        later = unknown + sum(by_year.values()) if row.birth_year is None else unknown
        if row.birth_year is not None:
            later += by_year[row.birth_year]
        counts.append(later)
        if row.birth_year is None:
            unknown += 1
        else:
            by_year[row.birth_year] += 1
    counts.reverse()
    return counts


def candidate_pairs(rows: list[PlayerRow]) -> CandidatePairs:
    """Every pair with the same normalised name and no differing birth year, and every
    pair with the same member number sharing a club; each pair once, by its ids, made
    as a page of them is read (`CandidatePairs`)."""
    return CandidatePairs(rows)


def _pairs(group: list[PlayerRow]):
    """Each two rows of `group` once, the lower id first."""
    return itertools.combinations(sorted(group, key=lambda r: r.pk), 2)
