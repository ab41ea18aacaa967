"""A round put in play, closed (every table's sheet confirmed and agreeing) or reopened;
and the tournament finished once its last round is closed, or reopened."""

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments import locks, place_store, player_stats, score_sheets
from tournaments.models import Round, Tournament
from tournaments.rating_store import tournament_finished, tournament_reopened
from tournaments.services.common import TournamentError, audit


@transaction.atomic
def set_round_status(*, round_: Round, status: str, by, reason: str = "") -> bool:
    """Start, close or reopen a round; closing needs every table's sheet confirmed.

    A finished tournament's rounds stay as they are until the tournament is reopened.
    Returns whether the round was reopened (a closed round put back in play).
    """
    # The tournament, then the round, then (closing) its tables: the order of locks.py.
    round_ = locks.round_(round_.pk)
    if round_.tournament.status == Tournament.Status.FINISHED:
        raise TournamentError(
            _("The tournament is finished; reopen the tournament before changing a round.")
        )
    allowed = {
        Round.Status.PLAYING: {Round.Status.DRAWN, Round.Status.CLOSED},
        Round.Status.CLOSED: {Round.Status.PLAYING},
    }
    if round_.status not in allowed.get(status, set()):
        raise TournamentError(
            f"{round_} is {round_.get_status_display().lower()}; cannot do that now."
        )
    if status == Round.Status.CLOSED:
        _check_tables_before_closing(round_)
    reopening = round_.status == Round.Status.CLOSED
    if reopening and not reason.strip():
        raise TournamentError(_("Say why the round is reopened."))
    round_.status = status
    round_.save(update_fields=["status"])
    action = "reopen" if reopening else status
    audit(
        tournament=round_.tournament,
        actor=by,
        action=f"round {action}",
        detail=f"{round_}. {reason}".strip(),
    )
    return reopening


def _check_tables_before_closing(round_: Round) -> None:
    """Refuse to close unless every table has a confirmed sheet that agrees with its hands
    now (the total only at a paper-only table).

    Runs inside the closing transaction with every table of the round locked, so no hand
    can slip in between the check and the close.
    """
    locks.tables(round_)
    unconfirmed, disagreeing = [], []
    for table in round_.tables.with_play():
        sheet = next((sheet for sheet in table.sheets.all() if sheet.confirmed), None)
        if sheet is None:
            unconfirmed.append(str(table.number))
        elif not score_sheets.table_check(table, sheet.counts()).ok:
            disagreeing.append(str(table.number))
    problems = []
    if unconfirmed:
        problems.append(
            _("Tables without a confirmed score sheet: %(tables)s.")
            % {"tables": ", ".join(unconfirmed)}
        )
    if disagreeing:
        problems.append(
            _("Tables whose confirmed sheet no longer agrees with their hands: %(tables)s.")
            % {"tables": ", ".join(disagreeing)}
        )
    if problems:
        raise TournamentError(" ".join(problems))


@transaction.atomic
def finish_tournament(*, tournament: Tournament, by) -> Tournament:
    """Make the standings final: allowed once the last round drawn is closed.

    A director may finish before `rounds_planned` (the day ran out of time); the standings
    then say how many rounds were played.
    """
    tournament = locks.tournament(tournament.pk)
    if tournament.status == Tournament.Status.FINISHED:
        raise TournamentError(_("The tournament is already finished."))
    # Locked, so the round cannot be reopened between this check and the finish.
    last = tournament.rounds.select_for_update().order_by("-number").first()
    if last is None:
        raise TournamentError(_("No round has been played; there is nothing to finish."))
    if last.status != Round.Status.CLOSED:
        raise TournamentError(
            _("Close %(round)s before finishing the tournament.") % {"round": last}
        )
    tournament.status = Tournament.Status.FINISHED
    tournament.save(update_fields=["status"])
    # Its game's ratings with it counted, in the same transaction as the finish.
    tournament_finished(tournament)
    player_stats.tournament_finished(tournament)
    place_store.tournament_finished(tournament)
    audit(
        tournament=tournament,
        actor=by,
        action="finish",
        detail=f"after round {last.number} of {tournament.rounds_planned}",
    )
    return tournament


@transaction.atomic
def reopen_tournament(*, tournament: Tournament, by, reason: str) -> Tournament:
    """Make a finished tournament's standings provisional again, saying why."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if tournament.status != Tournament.Status.FINISHED:
        raise TournamentError(_("The tournament is not finished; there is nothing to reopen."))
    if not reason.strip():
        raise TournamentError(_("Say why the tournament is reopened."))
    tournament.status = Tournament.Status.RUNNING
    tournament.save(update_fields=["status"])
    tournament_reopened(tournament)  # its tables leave the ratings until finished again
    player_stats.tournament_reopened(tournament)
    place_store.tournament_reopened(tournament)
    audit(tournament=tournament, actor=by, action="reopen tournament", detail=reason.strip())
    return tournament
