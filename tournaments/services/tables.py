"""A table's judge, its private link and paper-only mark, and a confirmed table reopened
by the director's ruling."""

from django.db import transaction
from django.utils.translation import gettext as _

from clubs.permissions import judges_for_club
from tournaments import drive, locks, recording
from tournaments.fields import new_judge_token
from tournaments.models import Round, ScoreSheet, Table
from tournaments.services.common import TournamentError, audit


@transaction.atomic
def reopen_table(*, table: Table, by, reason: str) -> ScoreSheet:
    """Undo a table's confirmation so its hands and sheet can change again (a director's
    ruling, with a reason; audited). The round must still be in play."""
    if not reason.strip():
        raise TournamentError(_("Say why the table is reopened."))
    # Its tournament and round first (locks.py): the audit entry names the tournament.
    table = locks.table(table.pk, parents=True)
    if table.round.status != Round.Status.PLAYING:
        raise TournamentError(
            _("%(round)s is not in play; reopen the round first.") % {"round": table.round}
        )
    sheet = recording.confirmed_sheet(table)
    if sheet is None:
        raise TournamentError(_("%(table)s is not confirmed; it is open.") % {"table": table})
    confirmed_by, confirmed_at = sheet.confirmed_by, sheet.confirmed_at
    ScoreSheet.objects.filter(pk=sheet.pk).update(
        confirmed_by=None, confirmed_browser="", confirmed_at=None
    )
    audit(
        tournament=table.round.tournament,
        actor=by,
        action="table reopen",
        detail=f"{table.round} {table} (confirmed by {confirmed_by} at "
        f"{confirmed_at:%Y-%m-%d %H:%M} UTC). {reason.strip()}",
    )
    sheet.refresh_from_db()
    return sheet


@transaction.atomic
def set_judge(
    *, table: Table, by, judge=None, link: str = "keep", paper_only: bool | None = None
) -> Table:
    """Assign a judge account (one who may judge the tournament's club), create (`link="new"`) or revoke (`"revoke"`) the private
    link, and mark the table paper-only or not (None keeps it as it is)."""
    # Its tournament and round first (locks.py): the audit entry names the tournament.
    table = locks.table(table.pk, parents=True)
    if paper_only and drive.is_drive(table.round.tournament):
        # A drive counts each hand's tricks: a table writing only its totals has none.
        raise TournamentError(_("A drive's tables record their hands: none is paper-only."))
    if judge is not None and not judges_for_club(judge, table.round.tournament.host_club_id):
        # A club's judges judge its tables (and the Judges group, any club's).
        raise TournamentError(
            _("%(judge)s is not a judge of %(club)s.")
            % {"judge": judge, "club": table.round.tournament.host_club}
        )
    table.judge = judge
    if paper_only is not None:
        table.paper_only = paper_only
    if link == "new":
        table.judge_token = new_judge_token()
    elif link == "revoke":
        table.judge_token = None
    table.save(update_fields=["judge", "judge_token", "paper_only"])
    audit(
        tournament=table.round.tournament,
        actor=by,
        action="judge",
        detail=f"{table.round} {table}: judge {judge or '—'}, link {link}, "
        f"paper only {table.paper_only}",
    )
    return table
