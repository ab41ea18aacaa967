"""Row locks of a tournament's play, taken in one order: the tournament, then the round,
then the round's tables by id.

A transaction waits for a row another one has locked; two that each hold what the other
waits for wait in a circle, and PostgreSQL ends one of them with `deadlock detected` (a
500 on the site: a sheet confirmed as the director closed the round). Taken in one order,
waits can't form a circle. A transaction may skip a level (a hand's write locks its table
alone: the round can't close under it, as closing locks every table of the round first)
but never locks upwards after a lower level: that includes the lock an INSERT takes on the
row its foreign key names, so a write that adds an audit entry (which names the
tournament) locks the tournament first.

Each lock is a SELECT … FOR UPDATE of one model (locked with `select_related`, a join
locks the joined rows too, in whatever order the plan reaches them), and the rows a
caller checks are read after it, so a transaction that waited reads them as the one it
waited for left them.

On SQLite, which has no row locks, a transaction takes the database's write lock when it
begins (config/settings.py): there these functions only read.
"""

from tournaments.models import Round, Table, Tournament


def tournament(pk: int) -> Tournament:
    """The tournament, locked for this transaction."""
    return Tournament.objects.select_for_update().get(pk=pk)


def round_(pk: int) -> Round:
    """The round, locked for this transaction after its tournament (`round_.tournament`)."""
    tournament_id = Round.objects.values_list("tournament_id", flat=True).get(pk=pk)
    locked_tournament = tournament(tournament_id)
    locked = Round.objects.select_for_update().get(pk=pk)
    locked.tournament = locked_tournament
    return locked


def tables(round_: Round) -> list[Table]:
    """Every table of `round_` (locked by the caller), locked for this transaction, by id."""
    return list(Table.objects.select_for_update().filter(round=round_).order_by("pk"))


def table(pk: int, *, parents: bool = False) -> Table:
    """The table, locked for this transaction, with its round and tournament read after
    the lock; with `parents` the tournament and the round are locked first (for a write
    that names them, as an audit entry names the tournament)."""
    if parents:
        locked_round = round_(Table.objects.values_list("round_id", flat=True).get(pk=pk))
    locked = Table.objects.select_for_update().get(pk=pk)
    if parents:
        locked.round = locked_round
    else:
        locked.round = Round.objects.select_related("tournament").get(pk=locked.round_id)
    return locked
