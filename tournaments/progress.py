"""Where each table of a round stands, as the dashboard, "My tables" and the judge's page
show it: waiting, in play, sheet entered (waiting for a second person), discrepancy or
confirmed; and what the judge's page and the sheet's page show of a table's play: its
rubbers and its lock.
"""

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from django.db.models import Q
from django.http import HttpRequest
from django.utils.translation import gettext_lazy

from scoring.errors import HandError
from scoring.forms import refusal_text
from scoring.hand_documents import score_rubbers
from tournaments import contact, recording, score_sheets
from tournaments.access import browser_id, holds_link
from tournaments.models import Hand, PlayedHand, Round, ScoreSheet, Table
from tournaments.sheets import SheetCheck

STATES = {
    "waiting": gettext_lazy("waiting"),
    "playing": gettext_lazy("in play"),
    "entered": gettext_lazy("sheet entered"),
    "discrepancy": gettext_lazy("discrepancy"),
    "confirmed": gettext_lazy("confirmed"),
}


@dataclass(frozen=True)
class TableState:
    """A table with its state, the number of hands that count, and its latest sheet.

    `refusal` is set by the page for its viewer: why they may not confirm the sheet
    (None when they may, or when there is nothing to confirm).
    """

    table: Table
    state: str
    label: str
    hands: int
    sheet: ScoreSheet | None
    check: SheetCheck | None
    refusal: str | None = None

    @property
    def awaiting_confirmation(self) -> bool:
        return self.state == "entered"

    @property
    def silent(self) -> bool:
        """Whether the table is still playing and its phone has not been in touch for a
        while (it may be offline with hands waiting)."""
        return self.state in {"waiting", "playing"} and contact.is_silent(self.table)


def table_state(table: Table) -> TableState:
    """Where a table stands, from its prefetched hands and sheets (`with_play`, no queries)."""
    hands = sum(1 for hand in table.hands.all() if not hand.deleted)
    sheet = next(iter(table.sheets.all()), None)
    check = None
    if sheet is None:
        state = "playing" if hands else "waiting"
    else:
        check = score_sheets.table_check(table, sheet.counts())
        state = "confirmed" if sheet.confirmed else ("entered" if check.ok else "discrepancy")
    return TableState(table, state, str(STATES[state]), hands, sheet, check)


def with_refusals(request: HttpRequest, states: list[TableState]) -> list[TableState]:
    """The states with, for each sheet awaiting confirmation, why this visitor may not
    confirm it (None when they may)."""
    if not any(state.awaiting_confirmation for state in states):
        return states  # nothing to ask about: no query for the visitor's rounds
    browser = browser_id(request)
    rounds = score_sheets.judged_rounds(request.user)
    return [
        replace(
            state,
            refusal=score_sheets.confirm_refusal(
                state.sheet,
                user=request.user,
                browser=browser,
                holds_link=holds_link(request, state.table),
                rounds_judged=rounds,
            ),
        )
        if state.awaiting_confirmation
        else state
        for state in states
    ]


def sheets_to_confirm(request: HttpRequest, rounds, exclude) -> list[TableState]:
    """The tables of `rounds` in play, but those in `exclude`, whose sheet waits for a
    second person or does not agree yet: what a judge of those rounds may confirm."""
    waiting = _unconfirmed(table__round__in=rounds).exclude(table__in=exclude)
    return _to_confirm(request, set(waiting.values_list("table_id", flat=True)))


def sheets_to_confirm_beside(request: HttpRequest, table: Table) -> list[TableState]:
    """`sheets_to_confirm` of the other tables of `table`'s round: the judge's page asks
    on every load. `table`'s own sheets come in the same query (`_sheets_beside`)."""
    return _to_confirm(request, _sheets_beside(table))


def _sheets_beside(table: Table) -> set[int]:
    """The ids of the other tables of `table`'s round in play that have an unconfirmed
    sheet; `table`'s own sheets are read by the same query into `Table.newest_sheets`
    (newest first, as it reads them), unless the table holds them already. The judge's
    page needs both: one query instead of two (bench/bench_requests.py)."""
    own_read = "newest_sheets" in table.__dict__ or "sheets" in getattr(
        table, "_prefetched_objects_cache", {}
    )
    # The round as the access check read it (with the table): a round not in play has
    # no sheet waiting, as `_unconfirmed` has it.
    if table.round.status != Round.Status.PLAYING:
        return set()
    unconfirmed = Q(table__round=table.round_id, confirmed_at__isnull=True)
    sheets = ScoreSheet.objects.filter(unconfirmed if own_read else unconfirmed | Q(table=table))
    own: list[ScoreSheet] = []
    waiting: set[int] = set()
    for sheet in sheets.order_by():
        if sheet.table_id != table.pk:
            waiting.add(sheet.table_id)
        elif not own_read:
            sheet.table = table
            own.append(sheet)
    if not own_read:
        own.sort(key=lambda sheet: (sheet.entered_at, sheet.pk), reverse=True)
        table.newest_sheets = own  # the cached property's value, as it reads it
    return waiting


def _unconfirmed(**tables):
    """The unconfirmed sheets of the tables `tables` names whose round is in play, in no
    order: only their tables' ids are read, and the sheets' default ordering (by table,
    so by round and tournament) joined two more tables to the judge's every page."""
    return ScoreSheet.objects.filter(
        confirmed_at__isnull=True, table__round__status=Round.Status.PLAYING, **tables
    ).order_by()


def _to_confirm(request: HttpRequest, waiting_ids: set[int]) -> list[TableState]:
    # Only a table with an unconfirmed sheet can wait, and one small query found them:
    # most often none, and nothing more is read; else only their tables are.
    if not waiting_ids:
        return []
    tables = (
        Table.objects.with_play().filter(pk__in=waiting_ids).order_by("round__number", "number")
    )
    waiting = [s for s in map(table_state, tables) if s.state in {"entered", "discrepancy"}]
    return with_refusals(request, waiting)


# A table's hands as its pages read them: `PlayedHand`s (the judge's page, a saved hand's
# answer) or `Hand`s (the score sheet's page, which shows their settlements too).
Hands = Sequence[PlayedHand] | Sequence[Hand]


def table_rubbers(table: Table, hands: Hands) -> dict[str, object]:
    """The rubber in play (or just ended) and those ended before it, after the saved
    hands, where the ruleset plays rubbers; nothing otherwise.

    The same reading of rubbers as the calculator's: a hand after a rubber's end starts
    the next. A hand that cannot join its rubber is named by its number.
    """
    tournament = table.round.tournament
    played = [hand for hand in hands if not hand.deleted]
    if tournament.rules.RUBBERS is None or not played:
        return {}
    try:
        rubbers = score_rubbers(
            tournament.rules, [hand.data for hand in played], tournament.house_rules
        )
    except HandError as error:
        index = re.match(r"hands\[(\d+)\]\.?", error.field)
        if index is None:
            return {"rubber": {"error": refusal_text(error, tournament.ruleset)}}
        hand = played[int(index.group(1))]
        # The hand is named by its number; the rest of the path by the form's labels.
        said = refusal_text(error, tournament.ruleset, error.field[index.end() :])
        return {"rubber": {"error": f"{hand}: {said}"}}
    return {"rubber": rubbers[-1], "rubber_number": len(rubbers), "earlier": rubbers[:-1]}


def lock_message(table: Table) -> str | None:
    """The lock message of a confirmed table (from `Table.newest_sheets`), else None."""
    sheet = next((sheet for sheet in table.newest_sheets if sheet.confirmed), None)
    return recording.lock_message(table, sheet) if sheet else None
