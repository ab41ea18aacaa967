"""What every write at a table shares: its refusals (`RecordingError` and kinds), the
message of a locked table, and the form resent after it was stored.

Every write locks the table row, checks the table's version against the one the form was
built on, and bumps it; so two phones at one table can never overwrite each other, and
a double tap stores one hand. Once a table's sheet is confirmed the table is locked: its
hands and penalties stay as confirmed until a director reopens the table
(`services.reopen_table`). The writes: a hand in `tournaments.hand_store`, a score sheet
and its confirmation in `tournaments.score_sheets`.
"""

import uuid
from typing import TypeVar

from django.utils import formats, timezone
from django.utils.translation import gettext as _

from tournaments.models import Hand, ScoreSheet, Table


class RecordingError(ValueError):
    """A write the table's state refuses; the message says why and nothing was saved."""


class StaleTable(RecordingError):
    """The form was built on an older state of the table."""


class TableLocked(RecordingError):
    """The table's sheet is confirmed, so its hands and penalties can't change."""


class RoundComplete(RecordingError):
    """The table has played the round's set number of hands (`Tournament.hands_per_round`)."""


class HandDeleted(RecordingError):
    """A form resent after the hand it stored was deleted: not stored again."""


def confirmed_sheet(table: Table) -> ScoreSheet | None:
    """The table's confirmed sheet, if any (one query)."""
    return (
        ScoreSheet.objects.filter(table=table, confirmed_at__isnull=False)
        .select_related("confirmed_by")
        .first()
    )


def lock_message(table: Table, sheet: ScoreSheet) -> str:
    """Why a confirmed table refuses a change, who confirmed it, and how to reopen it."""
    who = sheet.confirmed_by.get_full_name() or sheet.confirmed_by.get_username()
    when = formats.time_format(timezone.localtime(sheet.confirmed_at), "H:i")
    return _(
        "%(table)s is locked: its score sheet was confirmed by %(who)s at %(when)s, so its "
        "hands and penalties can no longer change. A director can reopen the table "
        "(with a reason) from its score sheet page."
    ) % {"table": table, "who": who, "when": when}


def stale_message() -> str:
    """Why a form built on an older state of the table saved nothing."""
    return _(
        "Another device changed this table while you were typing. "
        "Nothing was saved; the page now shows the latest hands, please enter it again."
    )


_Stored = TypeVar("_Stored", Hand, ScoreSheet)


def submitted(model: type[_Stored], submission: uuid.UUID | None, table: Table) -> _Stored | None:
    """The hand (or sheet, by `model`) an earlier submission of this form stored at
    `table`, if any; a form of another table is refused."""
    if submission is None:
        return None
    # By its unique key: `first()` would order by the model's default ordering, which
    # joins the table, round and tournament (on every repeat and refusal of a save).
    stored = model.objects.filter(submission=submission).order_by("pk").first()
    if stored is not None and stored.table_id != table.pk:
        raise RecordingError(_("This form belongs to another table; open the table's page again."))
    if isinstance(stored, Hand) and stored.deleted:
        # Neither stored again nor "stored before": the table's hands no longer count it.
        raise HandDeleted(
            _(
                "Hand %(number)s of this form was saved and then deleted at %(table)s; "
                "it is not saved again. Enter it anew if it was played."
            )
            % {"number": stored.number, "table": table}
        )
    return stored
