"""The stored final places (`place_models.FinalPlace`), kept as the ratings are
(`rating_store`): written inside the finish of a tournament (or the import of a finished
one), removed inside its reopening, moved with the player by a merge (every row that
points at a player follows it) and rebuilt from the sheets by
`manage.py final_places --rebuild`. A fixed number of queries for each.
"""

from django.conf import settings
from django.db import transaction
from django.utils import translation

from tournaments.models import Tournament
from tournaments.place_models import FinalPlace
from tournaments.totals import live_places, won

BATCH = 2000  # rows an INSERT carries
CHUNK = 100  # tournaments ranked together by a rebuild


def _rows(tournaments: list[Tournament]) -> list[FinalPlace]:
    """The tournaments' places ranked from their sheets, with each player's chips won."""
    chips = won(tournaments)
    return [
        FinalPlace(
            tournament_id=tournament_id,
            player_id=row["player_id"],
            place=row["place"],
            field=len(rows),
            total=row["total"],
            chips=chips.get((tournament_id, row["player_id"])),
        )
        for tournament_id, rows in live_places(tournaments).items()
        for row in rows
    ]


def _a_language():
    """The active language, or the site's: ranking orders equal rows by name in one (the
    places do not depend on it), and a migration or a script runs with none active."""
    return translation.override(translation.get_language() or settings.LANGUAGE_CODE)


def tournament_finished(tournament: Tournament) -> None:
    """Store the tournament's final places (called inside the finish)."""
    FinalPlace.objects.filter(tournament=tournament).delete()
    with _a_language():
        FinalPlace.objects.bulk_create(_rows([tournament]), batch_size=BATCH)


def tournament_reopened(tournament: Tournament) -> None:
    """Its places are provisional again: not stored (called inside the reopen)."""
    FinalPlace.objects.filter(tournament=tournament).delete()


@transaction.atomic
def rebuild_places() -> int:
    """Every finished tournament's places ranked anew from the sheets, replacing what is
    stored; the rows written. Five queries for every `CHUNK` tournaments."""
    with _a_language():
        return _rebuild()


def _rebuild() -> int:
    FinalPlace.objects.all().delete()
    finished = list(Tournament.objects.filter(status=Tournament.Status.FINISHED).order_by("pk"))
    written = 0
    for start in range(0, len(finished), CHUNK):
        rows = _rows(finished[start : start + CHUNK])
        FinalPlace.objects.bulk_create(rows, batch_size=BATCH)
        written += len(rows)
    return written
