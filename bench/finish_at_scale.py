"""A tournament finished and reopened on a big history, timed (issue 32: finishing one
updates the stored figures in ≤ 1 s). From the repo root, on a history built by
`make bench-scale` (kept with `SCALE_KEEP=1`):
`DATABASE_URL=postgres://…/bench_scale_31_2000 python bench/finish_at_scale.py`.

For each game family: its newest finished tournament reopened and finished again, then
one `LATE` places older (so `LATE` tournaments of the family were rated after it), each
pair of steps in a transaction rolled back after, so the database is left as it was.
Prints the seconds of each reopen and finish (ratings, statistics and final places, as
the director's buttons run them).
"""

import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("SECRET_KEY", "bench-finish-at-scale-not-a-secret")

import django

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.db import transaction  # noqa: E402

from scoring.ratings import family_of  # noqa: E402
from tournaments.models import Tournament  # noqa: E402
from tournaments.services.rounds import finish_tournament, reopen_tournament  # noqa: E402

LATE = 10  # tournaments of the family rated after the late one


class _Undo(Exception):
    """Raised to roll the reopen and finish back."""


def reopen_and_finish(tournament: Tournament, director) -> tuple[float, float]:
    """Seconds to reopen `tournament` and to finish it again; both undone after."""
    try:
        with transaction.atomic():
            started = time.perf_counter()
            reopen_tournament(tournament=tournament, by=director, reason="bench")
            reopened = time.perf_counter()
            finish_tournament(tournament=Tournament.objects.get(pk=tournament.pk), by=director)
            finished = time.perf_counter()
            raise _Undo
    except _Undo:
        return reopened - started, finished - reopened


def main() -> None:
    # The history's director (`simulate_history` makes him), as the director's buttons act.
    director = get_user_model().objects.filter(username="sim-director").first()
    if director is None:
        raise SystemExit("no sim-director: point DATABASE_URL at a simulate_history history")
    by_family: dict[str, list[Tournament]] = {}
    finished = Tournament.objects.filter(status=Tournament.Status.FINISHED)
    for tournament in finished.order_by("-date", "-created_at", "-pk"):
        family = family_of(tournament.ruleset)
        if family is not None:
            by_family.setdefault(family, []).append(tournament)
    print(f"{'game':<10} {'which':<22} {'reopen':>8} {'finish':>8}")
    for family, newest_first in by_family.items():
        for label, tournament in (("newest", newest_first[0]), (f"{LATE} rated after", None)):
            if tournament is None:
                if len(newest_first) <= LATE:
                    continue
                tournament = newest_first[LATE]
            reopen, finish = reopen_and_finish(tournament, director)
            print(f"{family:<10} {label:<22} {reopen:7.2f}s {finish:7.2f}s")


if __name__ == "__main__":
    main()
