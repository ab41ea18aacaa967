"""What every director's operation shares: the error it refuses with and the audit entry
it writes — after the check that the director directs the tournament's club."""

from clubs.permissions import require_director
from tournaments.models import AuditEntry, Tournament


class TournamentError(ValueError):
    """A director's request that the tournament's state does not allow; says why."""


def audit(*, tournament: Tournament, actor, action: str, detail: str = "") -> None:
    """Record in the tournament's audit who did what (the audit is never edited).

    Every director's operation writes in a transaction and audits it, so this is where a
    change by someone who does not direct the tournament's club is refused
    (PermissionDenied), rolling the transaction back.
    """
    require_director(actor, tournament.host_club_id)
    AuditEntry.objects.create(tournament=tournament, actor=actor, action=action, detail=detail)
