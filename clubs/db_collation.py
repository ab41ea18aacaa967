"""Names filed by the database as the reader's language files them (`clubs.collation`).

A roster is paged by the database, so it must also sort there: by byte (SQLite, and a
PostgreSQL database made with `C.UTF-8`) Čermák comes after Zupan; by a server's
English order, Chalupa before Cibulka. Django's `Collate` names a collation per
language: PostgreSQL has them from ICU (`cs-x-icu`, `sl-x-icu`, and the root order
`und-x-icu` for English), and each SQLite connection is given the same names, comparing
by `clubs.collation.collation_key`, so both databases file alike.
"""

import functools

from django.core import checks
from django.db import connections
from django.db.backends.signals import connection_created
from django.db.models import F, OrderBy
from django.db.models.functions import Collate
from django.dispatch import receiver

from clubs.collation import collation_key

# The reader's language → the collation that files names as that language does.
COLLATIONS = {"cs": "cs-x-icu", "sl": "sl-x-icu"}
ROOT = "und-x-icu"  # every accent with its base letter, as English files names
_LANGUAGE_OF = {**{name: language for language, name in COLLATIONS.items()}, ROOT: "en"}


def collation_for(language: str) -> str:
    """The collation that files names as `language` ("cs-cz" as "cs") does."""
    return COLLATIONS.get(language.split("-")[0], ROOT)


def by_name(language: str, *, descending: bool = False) -> list[OrderBy]:
    """An `order_by` for players: surname, then given name, in `language`'s order, then
    the record's id (so that a page of namesakes is the same page every time)."""
    collation = collation_for(language)
    fields = [Collate(F("last_name"), collation), Collate(F("first_name"), collation), F("pk")]
    return [OrderBy(field, descending=descending) for field in fields]


def _compare(language: str, left: str, right: str) -> int:
    one, other = collation_key(left, language), collation_key(right, language)
    return (one > other) - (one < other)


@receiver(connection_created, dispatch_uid="clubs.db_collation.sqlite_collations")
def give_sqlite_the_collations(sender, connection, **kwargs) -> None:
    """Each new SQLite connection learns the collations PostgreSQL has from ICU."""
    if connection.vendor != "sqlite":
        return
    for name, language in _LANGUAGE_OF.items():
        connection.connection.create_collation(name, functools.partial(_compare, language))


@checks.register(checks.Tags.database)
def postgresql_has_the_collations(app_configs, databases=None, **kwargs) -> list:
    """A system check (`check --database default`, `migrate`): a PostgreSQL server built
    without ICU has no `cs-x-icu`, and every roster would fail on it."""
    errors = []
    for alias in databases or ():
        connection = connections[alias]
        if connection.vendor != "postgresql":
            continue
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT collname FROM pg_collation WHERE collname = ANY(%s)", [list(_LANGUAGE_OF)]
            )
            found = {name for (name,) in cursor.fetchall()}
        missing = sorted(set(_LANGUAGE_OF) - found)
        if missing:
            errors.append(
                checks.Error(
                    f"The PostgreSQL database {alias!r} lacks the collations {', '.join(missing)}",
                    hint="Use a PostgreSQL built with ICU (Debian's, Ubuntu's and the official "
                    "images are); see docs/deploy.md.",
                    id="clubs.E001",
                )
            )
    return errors
