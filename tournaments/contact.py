"""When a judge's phone was last in touch with the server, for the director's dashboard.

A phone records its contact when its judge opens the table page and with a small ping
while it is online (static/js/judge/send.js), which also says how many hands or
sheets wait in its queue. The write is throttled: one UPDATE whose condition matches
only a table not touched for `CONTACT_EVERY` (or whose waiting count changed), so a
busy table costs one cheap statement per page, and at most one row write per interval.
"""

from datetime import timedelta

from django.db.models import Q
from django.utils import timezone

from tournaments.models import Round, Table

# At most one write per table in this time (the count of waiting items aside).
CONTACT_EVERY = timedelta(seconds=30)
# A table in play whose phone has been silent this long stands out on the dashboard.
SILENT_AFTER = timedelta(minutes=5)


def record_contact(table: Table, *, waiting: int | None = None) -> bool:
    """Note that the table's phone is in touch now (with `waiting` items in its queue,
    when it said); True if the row was written. One query, written at most once per
    `CONTACT_EVERY` unless the waiting count changed; none when the row as the caller
    read it was touched less than that ago and no count is said (the judge's page, which
    has just read the table)."""
    now = timezone.now()
    if waiting is None and table.last_contact_at and now - table.last_contact_at < CONTACT_EVERY:
        return False
    due = Q(last_contact_at__isnull=True) | Q(last_contact_at__lt=now - CONTACT_EVERY)
    values: dict[str, object] = {"last_contact_at": now}
    if waiting is not None:
        due |= ~Q(waiting_on_phone=waiting)
        values["waiting_on_phone"] = waiting
    return bool(Table.objects.filter(due, pk=table.pk).update(**values))


def is_silent(table: Table, *, now=None) -> bool:
    """Whether the table's phone, once in touch, has been silent for `SILENT_AFTER` while
    its round is in play (read from the table and its round, no query)."""
    if table.last_contact_at is None or table.round.status != Round.Status.PLAYING:
        return False
    return (now or timezone.now()) - table.last_contact_at > SILENT_AFTER
