"""What every director's operation shares: the error it refuses with and the audit entry
it writes."""

from tournaments.models import AuditEntry, Tournament


class TournamentError(ValueError):
    """A director's request that the tournament's state does not allow; says why."""


def audit(*, tournament: Tournament, actor, action: str, detail: str = "") -> None:
    """Record in the tournament's audit who did what (the audit is never edited)."""
    AuditEntry.objects.create(tournament=tournament, actor=actor, action=action, detail=detail)
