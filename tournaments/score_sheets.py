"""A table's score sheet: entered (the counts read off the table, checked against the
hands) and confirmed by a second person.

The two-person rule: whoever confirms a sheet must be someone other than whoever entered
it, by any route — another account, another browser, and not through the table's link.
"""

import uuid
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.permissions import directs_club
from tournaments import locks
from tournaments.access import TableAccess
from tournaments.models import Round, ScoreSheet, SheetLine, Table
from tournaments.recording import (
    RecordingError,
    TableLocked,
    confirmed_sheet,
    lock_message,
    submitted,
)
from tournaments.sheets import SheetCheck, check_sheet


def table_check(table: Table, counts: dict[int, Any]) -> SheetCheck:
    """Check sheet counts against the rules and the table's recorded hands.

    Reads `table.hands.all()`, so a caller that prefetched the hands pays no query.
    """
    tournament = table.round.tournament
    zero_sum = tournament.rules.ZERO_SUM
    deltas = [hand.deltas() for hand in table.hands.all() if not hand.deleted]
    return check_sheet(
        counts,
        start=tournament.starting_chips,
        hand_deltas=deltas,
        paper_only=table.paper_only,
        zero_sum=zero_sum,
        step=tournament.rules.SCORE_STEP,
    )


@dataclass(frozen=True)
class EnteredSheet:
    """What `add_sheet` did: the sheet, its check, and whether this call stored it (False:
    an earlier submission of the same form had)."""

    sheet: ScoreSheet
    check: SheetCheck
    created: bool


def add_sheet(
    *, access: TableAccess, counts: dict[int, int], submission: uuid.UUID | None = None
) -> EnteredSheet:
    """Record the counts read off the table; a wrong total or difference is shown, not refused.

    A new sheet replaces an unconfirmed one; a confirmed sheet can't be replaced. A
    repeated `submission` (a phone resending its queue) stores nothing and returns the
    sheet the first one stored, even once that sheet is confirmed.
    """
    try:
        with transaction.atomic():
            table = locks.table(access.table.pk)
            # Under the table's lock: a resend of this table's sheet waits for the first.
            existing = submitted(ScoreSheet, submission, table)
            if existing is not None:
                return EnteredSheet(existing, table_check(table, existing.counts()), False)
            sheet = _new_sheet(access, table, counts, submission)
    except IntegrityError:
        # The same submission raced itself at another table's lock: never a second sheet.
        existing = submitted(ScoreSheet, submission, access.table)
        if existing is None:
            raise
        return EnteredSheet(existing, table_check(access.table, existing.counts()), False)
    return EnteredSheet(sheet, table_check(table, counts), True)


def _new_sheet(
    access: TableAccess, table: Table, counts: dict[int, int], submission: uuid.UUID | None
) -> ScoreSheet:
    if table.round.status == Round.Status.CLOSED:
        raise RecordingError(_("%(round)s is closed.") % {"round": table.round})
    confirmed = confirmed_sheet(table)
    if confirmed is not None:
        raise TableLocked(lock_message(table, confirmed))
    players = {seat.number: seat.player_id for seat in table.seats.all()}
    if set(counts) != set(players):
        raise RecordingError(_("Enter a count for every seat."))
    sheet = ScoreSheet.objects.create(
        table=table,
        entered_by=access.user,
        entered_actor=access.actor,
        entered_browser=access.browser,
        submission=submission,
    )
    SheetLine.objects.bulk_create(
        SheetLine(sheet=sheet, seat=seat, player_id=players[seat], chips=chips)
        for seat, chips in counts.items()
    )
    return sheet


def judged_rounds(user) -> set[int]:
    """The rounds in which `user` judges a table (one query; empty for anonymous)."""
    if not user.is_authenticated:
        return set()
    return set(Table.objects.filter(judge=user).values_list("round_id", flat=True))


def confirm_refusal(
    sheet: ScoreSheet,
    *,
    user,
    browser: str = "",
    holds_link: bool = False,
    rounds_judged: set[int] | None = None,
) -> str | None:
    """Why `user` (on `browser`, holding the table's link or not) may not confirm `sheet`,
    in plain words; None when they may.

    A director or the judge (account) of another table of the same round may confirm;
    never whoever entered the sheet — not the same account, not the same browser, and not
    anyone acting through the table's own link. `rounds_judged` (from `judged_rounds`)
    saves a query per sheet when a page asks about many.
    """
    if not user.is_authenticated:
        return _("Log in with a judge's or director's account to confirm a score sheet.")
    if sheet.entered_by_id == user.pk:
        return _("You entered this sheet; a second person must confirm it.")
    if sheet.entered_browser and sheet.entered_browser == browser:
        return _(
            "This sheet was entered on this device; a second person must confirm it on theirs."
        )
    table = sheet.table
    if holds_link:
        return _(
            "This device holds the judge link of %(table)s; a director or the judge of "
            "another table must confirm its sheet."
        ) % {"table": table}
    if table.judge_id == user.pk:
        return _(
            "You judge %(table)s; a director or the judge of another table must confirm it."
        ) % {"table": table}
    if directs_club(user, table.round.tournament.host_club_id):
        return None
    if rounds_judged is None:
        rounds_judged = judged_rounds(user)
    if table.round_id in rounds_judged:
        return None
    return _("Only a director or the judge of another table of this round may confirm it.")


def confirm_sheet(
    *, sheet: ScoreSheet, by, browser: str = "", holds_link: bool = False
) -> ScoreSheet:
    """Confirm the latest sheet of a table; exactly one confirmation can win."""
    refusal = confirm_refusal(sheet, user=by, browser=browser, holds_link=holds_link)
    if refusal:
        raise RecordingError(refusal)
    try:
        with transaction.atomic():
            # The table alone (locks.py), its round read after the lock: a round that
            # closed while this waited says so.
            table = locks.table(sheet.table_id)
            if table.round.status != Round.Status.PLAYING:
                raise RecordingError(
                    _("%(round)s is not in play; sheets are confirmed while it is.")
                    % {"round": table.round}
                )
            latest = table.sheets.order_by("-entered_at", "-pk").first()
            if latest.pk != sheet.pk:
                raise RecordingError(
                    _("A newer sheet was entered for this table; confirm that one.")
                )
            check = table_check(table, sheet.counts())
            if not check.ok:
                raise RecordingError(
                    _(
                        "This sheet does not agree with the rules or the hands; "
                        "correct the hands or enter the counts again before confirming."
                    )
                )
            updated = ScoreSheet.objects.filter(pk=sheet.pk, confirmed_at__isnull=True).update(
                confirmed_by=by, confirmed_browser=browser, confirmed_at=timezone.now()
            )
            if not updated:
                raise RecordingError(_("This sheet is already confirmed."))
            # A form built before the confirmation is stale now: a save that waited on
            # the table's lock is refused by its version (see `_claim`).
            Table.objects.filter(pk=table.pk).update(version=F("version") + 1)
    except IntegrityError:
        raise RecordingError(_("This table's sheet is already confirmed.")) from None
    sheet.refresh_from_db()
    return sheet
