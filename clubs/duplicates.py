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

import itertools
import unicodedata
from collections import defaultdict
from dataclasses import dataclass
from typing import NamedTuple

__all__ = ["Pair", "PlayerRow", "candidate_pairs", "normalised"]


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


def normalised(text: str) -> str:
    """`text` without accents, case or extra spaces, to compare names."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(bare.split())


def _years_agree(a: PlayerRow, b: PlayerRow) -> bool:
    # A missing birth year does not tell namesakes apart, so it agrees with any year.
    return a.birth_year is None or b.birth_year is None or a.birth_year == b.birth_year


def candidate_pairs(rows: list[PlayerRow]) -> list[Pair]:
    """Every pair with the same normalised name and no differing birth year, and every
    pair with the same member number sharing a club; each pair once, by its ids."""
    by_name: dict[str, list[PlayerRow]] = defaultdict(list)
    # A member number within one club: each club numbers its own members from 1, so a
    # number alone would pair every club's member 1 with every other's (a federation of
    # 60 clubs: some 180,000 pairs to look at for none found).
    in_club: dict[tuple[str, int], list[PlayerRow]] = defaultdict(list)
    name_of: dict[int, str] = {}
    for row in rows:
        name_of[row.pk] = name = normalised(f"{row.first_name} {row.last_name}")
        by_name[name].append(row)
        if number := row.member_number.strip():
            for club in row.clubs:
                in_club[(number, club)].append(row)
    found = [
        Pair(a.pk, b.pk, "name")
        for group in by_name.values()
        for a, b in _pairs(group)
        if _years_agree(a, b)
    ]
    # A pair found by its name already is not listed again for its number.
    by_number = {
        (a.pk, b.pk)
        for group in in_club.values()
        for a, b in _pairs(group)
        if name_of[a.pk] != name_of[b.pk] or not _years_agree(a, b)
    }
    found += (Pair(a, b, "member_number") for a, b in by_number)
    return sorted(found)


def _pairs(group: list[PlayerRow]):
    """Each two rows of `group` once, the lower id first."""
    return itertools.combinations(sorted(group, key=lambda r: r.pk), 2)
