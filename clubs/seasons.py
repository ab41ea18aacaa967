"""Which club a player played for in each season: the membership in force on its first day.

Pure over memberships already read, so a player's page asks one query for the seasons
and none per season.
"""

import datetime
from collections.abc import Iterable
from typing import Protocol, TypeVar

__all__ = ["club_on"]


class Dated(Protocol):
    date_from: datetime.date
    date_to: datetime.date | None


M = TypeVar("M", bound=Dated)


def club_on(memberships: Iterable[M], day: datetime.date) -> M | None:
    """The membership in force on `day`; of several, the one begun last (the newest move).

    >>> from types import SimpleNamespace as M
    >>> old = M(club="A", date_from=datetime.date(2019, 1, 1), date_to=None)
    >>> new = M(club="B", date_from=datetime.date(2024, 6, 1), date_to=None)
    >>> club_on([old, new], datetime.date(2025, 1, 1)).club
    'B'
    >>> club_on([old, new], datetime.date(2020, 1, 1)).club
    'A'
    >>> club_on([new], datetime.date(2020, 1, 1)) is None
    True
    """
    running = [
        m for m in memberships if m.date_from <= day and (m.date_to is None or m.date_to >= day)
    ]
    return max(running, key=lambda m: m.date_from, default=None)
