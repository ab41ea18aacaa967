"""A tournament as one JSON file, to move it to another database or keep it.

`export_tournament` gathers everything of a tournament: its players and their clubs,
registrations, rounds with their seating and byes, tables, every hand with its whole
history, score sheets, audit entries and the pinned rules. Nothing refers to a database
id: clubs are named by their short name, players by an archive-local key (``p1``, ``p2``
…) with their home club and member number beside it, accounts by their username. The
judge link of a table is a secret and is left out; so are players' e-mail, phone and
notes, which are the club's business, not the tournament's.

`import_tournament` checks the whole file before writing anything, then writes it in one
transaction: a damaged, edited or incompatible file raises `ArchiveError` (one line naming
where in the file) and leaves the database as it was. The checksum only tells damage, as
anyone can compute it again; so `verify` believes nothing: every value goes through its
model field and the database's ranges, every hand is scored again by the engine, and every
confirmed sheet passes the check that confirmed it (see `verify`).

* Clubs are matched by short name, else created.
* A player with a member number is matched by home club and member number; one without
  by home club and name when exactly one such player (without a number) exists; else the
  player is created. Two candidates are a refusal: give them member numbers first.
* Accounts (the director who created it, judges, whoever entered or confirmed a sheet,
  changed a hand or is named in the audit) are matched by username; a missing one is
  created inactive, with no password and no role, so the history keeps its names while
  nobody can log in as them until an administrator says so.
* A tournament of the same name and date already in the database is a refusal.

The package does one job a module: `common` (the format, its checksum and error),
`export` (the document of a tournament), `reading` (a file's bytes into a document,
within bounds), `verify` with `fields` and `hands` (checking it all as the site would have
written it) and `importing` (writing it).
"""

from tournaments.archive.common import (
    CHECKSUM_PREFIX,
    CONTENT_TYPE,
    FORMAT,
    VERSION,
    ArchiveError,
    canonical,
    checksum,
)
from tournaments.archive.export import dump, export_tournament
from tournaments.archive.importing import import_tournament
from tournaments.archive.reading import MAX_BYTES, MAX_DEPTH, load
from tournaments.archive.verify import verify

__all__ = [
    "CHECKSUM_PREFIX",
    "CONTENT_TYPE",
    "FORMAT",
    "MAX_BYTES",
    "MAX_DEPTH",
    "VERSION",
    "ArchiveError",
    "canonical",
    "checksum",
    "dump",
    "export_tournament",
    "import_tournament",
    "load",
    "verify",
]
