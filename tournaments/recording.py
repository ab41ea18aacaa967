"""Recording at a table: hands (with their history) and the end-of-round score sheet.

Every write locks the table row, checks the table's version against the one the form was
built on, and bumps it; so two phones at one table can never overwrite each other, and
a double tap stores one hand. Once a table's sheet is confirmed the table is locked: its
hands and penalties stay as confirmed until a director reopens the table
(`services.reopen_table`).

The two-person rule: whoever confirms a sheet must be someone other than whoever entered
it, by any route — another account, another browser, and not through the table's link.
"""

import contextlib
import functools
import json
import uuid
from dataclasses import dataclass
from typing import Any, TypeVar

from django.db import IntegrityError, connection, transaction
from django.db.models import F, Max
from django.utils import formats, timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.roles import is_director
from scoring import score_hand
from tournaments import locks
from tournaments.access import TableAccess
from tournaments.exact_json import ExactDecoder, ExactEncoder
from tournaments.models import (
    PLAYED_HANDS,
    Hand,
    HandRevision,
    PlayedHand,
    Round,
    ScoreSheet,
    SheetLine,
    Table,
)
from tournaments.prepared import fetched_together, instance, sends_together
from tournaments.sheets import SheetCheck, check_sheet


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


def settle(table: Table, data: dict[str, Any]) -> dict[str, Any]:
    """Score a hand with the tournament's pinned house rules; JSON-ready settlement."""
    tournament = table.round.tournament
    hand = {**data, "ruleset": tournament.ruleset}
    settlement = score_hand(tournament.ruleset, hand, tournament.house_rules).to_json(words=True)
    # Through the JSON the field writes and back, so the saved hand holds what reading
    # it from the database gives (1.5, not 1.50).
    return json.loads(json.dumps(settlement, cls=ExactEncoder), cls=ExactDecoder)


def _locked(table: Table, expected_version: int | None, *, adding: bool = False) -> Table:
    """The table row, locked for this transaction, if its hands may change now."""
    # The table alone (locks.py): a round closes only once it holds every table's lock.
    locked = locks.table(table.pk)
    if locked.round.status != Round.Status.PLAYING:
        raise RecordingError(
            _("%(round)s is not in play; hands cannot be changed now.") % {"round": locked.round}
        )
    sheet = confirmed_sheet(locked)
    if sheet is not None:
        raise TableLocked(lock_message(locked, sheet))
    if adding and locked.paper_only:
        raise RecordingError(
            _("%(table)s keeps its score on paper only; no hands are recorded here.")
            % {"table": locked}
        )
    if expected_version is not None and locked.version != expected_version:
        raise StaleTable(_stale_message())
    return locked


def _stale_message() -> str:
    return _(
        "Another device changed this table while you were typing. "
        "Nothing was saved; the page now shows the latest hands, please enter it again."
    )


def _revision(hand: Hand, access: TableAccess, reason: str) -> None:
    HandRevision.objects.create(
        hand=hand,
        revision=hand.revision,
        data=hand.data,
        settlement=hand.settlement,
        deleted=hand.deleted,
        changed_by=access.user,
        actor=access.actor,
        reason=reason,
    )


_Stored = TypeVar("_Stored", Hand, ScoreSheet)


def _submitted(model: type[_Stored], submission: uuid.UUID | None, table: Table) -> _Stored | None:
    """The hand (or sheet, by `model`) an earlier submission of this form stored at
    `table`, if any; a form of another table is refused."""
    if submission is None:
        return None
    stored = model.objects.filter(submission=submission).first()
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


# The lines of a hand that is no hand played: a director's standalone ruling (penalties
# outside any scored hand), in every ruleset's words.
_NOT_PLAYED = frozenset({"adjustment", "penalty"})


def is_played(settlement: dict[str, Any]) -> bool:
    """Whether a hand's settlement is a hand played (it counts toward the round's number of
    hands), not a standalone ruling of penalties alone."""
    return any(line["item"] not in _NOT_PLAYED for line in settlement.get("lines", ()))


def _room_for_a_hand(
    table: Table, data: dict[str, Any], version: int, submission: uuid.UUID | None = None
) -> None:
    """Refuse a hand played past the round's set number of hands at `table`, built on the
    table's `version` (`RoundComplete`); a round without a set number (one played by the
    clock) takes any number.

    Every write of a table's hands bumps its version, so a table at version v holds at
    most v hands: below the set number there is nothing to read. A hand stored after
    this read changed the version the save then claims (`_claim`): it is refused stale.
    """
    tournament = table.round.tournament
    limit = tournament.hands_per_round
    if not limit or version < limit or not is_played(settle(table, data)):
        return
    settlements = Hand.objects.filter(table=table, deleted=False).values_list(
        "settlement", flat=True
    )
    if sum(is_played(settlement) for settlement in settlements) < limit:
        return
    # A resend of the form that stored the last hand is answered as a repeat, not refused.
    if _submitted(Hand, submission, table) is None:
        raise RoundComplete(
            ngettext(
                "%(table)s has played the %(count)s hand of %(round)s; no more can be saved. "
                "Correct or delete a hand instead, or ask a director.",
                "%(table)s has played all %(count)s hands of %(round)s; no more can be saved. "
                "Correct or delete a hand instead, or ask a director.",
                limit,
            )
            % {"table": table, "count": limit, "round": table.round}
        )


@dataclass(frozen=True)
class Recorded:
    """What `add_hand` did: the hand, whether this call stored it (False: an earlier
    submission of the same form had), and, when asked for, the table's hands in order,
    read under the table's lock and ending with the new one, as the table's standing
    reads them (empty when nothing was stored)."""

    hand: Hand
    created: bool
    hands: list[PlayedHand]


def update_returns() -> bool:
    """Whether the database answers an UPDATE with values (RETURNING): PostgreSQL and
    SQLite 3.35+ do, as they do an INSERT."""
    return connection.features.can_return_columns_from_insert


@functools.cache
def _claim_sql(returning: bool) -> str:
    """The UPDATE of `_claim`, its names taken from the models; with `returning`, it
    answers with the number of the table's last hand."""
    quote = connection.ops.quote_name
    table, round_, sheet, hand = (model._meta for model in (Table, Round, ScoreSheet, Hand))

    def column(meta, name: str, qualified: bool = False) -> str:
        name = quote(meta.get_field(name).column)
        return f"{quote(meta.db_table)}.{name}" if qualified else name

    sql = (
        f"UPDATE {quote(table.db_table)} SET {column(table, 'version')} = "
        f"{column(table, 'version')} + 1, {column(table, 'last_save_at')} = %s "
        f"WHERE {column(table, 'id')} = %s AND {column(table, 'version')} = %s "
        f"AND {column(table, 'paper_only')} = %s "
        f"AND EXISTS (SELECT 1 FROM {quote(round_.db_table)} "
        f"WHERE {column(round_, 'id', True)} = {column(table, 'round', True)} "
        f"AND {column(round_, 'status', True)} = %s) "
        f"AND NOT EXISTS (SELECT 1 FROM {quote(sheet.db_table)} "
        f"WHERE {column(sheet, 'table', True)} = {column(table, 'id', True)} "
        f"AND {column(sheet, 'confirmed_at', True)} IS NOT NULL)"
    )
    if returning:
        sql += (
            f" RETURNING (SELECT COALESCE(MAX({column(hand, 'number', True)}), 0) "
            f"FROM {quote(hand.db_table)} "
            f"WHERE {column(hand, 'table', True)} = {column(table, 'id', True)})"
        )
    return sql


def _claim_params(table: Table, expected_version: int, now) -> list[Any]:
    """The parameters of `_claim_sql`, in its order."""
    return [
        connection.ops.adapt_datetimefield_value(now),
        table.pk,
        expected_version,
        False,
        Round.Status.PLAYING.value,
    ]


def _claim(table: Table, expected_version: int, now) -> int | None:
    """Bump the table's version if hands may be added to it now and the form was built on
    its current version, and return the number of its last hand (0 for none); None if
    it was not bumped.

    One UPDATE is the lock, the checks, the bump and (where the database can answer an
    UPDATE with a value: PostgreSQL, SQLite 3.35+) the last number: it locks the table
    row until the transaction ends and matches it only while the round is in play, no
    sheet of the table is confirmed, the table is not paper-only and its version is the
    form's. A confirmation bumps the version too (`confirm_sheet`), so a save waiting on
    the lock behind a confirmation finds the version changed and is refused. The version
    is compared on the table row itself, so a save that waited on the lock re-checks it
    against the row as the other transaction left it; and every write of a table's hands
    bumps its version, so a save that matched after waiting is one no other hand was
    added before, and the last number it reads is still the last.

    Written as SQL because it is the judge's hot path: the same UPDATE built by the ORM
    (two `Exists` subqueries) took some 2–5 ms of Python to compile per save, more than
    the rest of the save's queries together (bench/bench_requests.py).
    """
    returning = update_returns()
    with connection.cursor() as cursor:
        cursor.execute(_claim_sql(returning), _claim_params(table, expected_version, now))
        if returning:
            row = cursor.fetchone()
            return None if row is None else row[0]
        if cursor.rowcount != 1:
            return None
    last = Hand.objects.filter(table=table).aggregate(last=Max("number"))["last"]
    return last or 0


# A new hand's columns (but its number) in the order `_store` gives them, and its first
# revision's: those copied from the hand, then who saved it, when and why.
_HAND_COLUMNS = ("table", "data", "settlement", "deleted", "revision", "submission")
_COPIED_COLUMNS = ("revision", "data", "settlement", "deleted")
_SAVED_BY_COLUMNS = ("changed_by", "actor", "changed_at", "reason")


def chains_writes() -> bool:
    """Whether the database runs an INSERT inside a WITH and takes statements together
    (`prepared.sends_together`; PostgreSQL does, SQLite does not): so the claim, the hand
    and its revision are one statement, and the table's hands read with it, one round
    trip, as one transaction."""
    return connection.vendor == "postgresql" and sends_together(connection.alias)


@dataclass(frozen=True)
class _StoreSql:
    """The SQL of `_store`: `chained`, the claim, the hand and its revision in one
    statement (where `chains_writes`), or the INSERTs of the hand and of its revision
    to follow the claim (`_claim`)."""

    chained: str
    hand: str
    revision: str


@functools.cache
def _store_sql(insert_returns: bool) -> _StoreSql:
    """`_StoreSql`, names taken from the models; the hand's INSERT answers with its id
    where the database can (`insert_returns`)."""
    quote = connection.ops.quote_name
    hand, revision = Hand._meta, HandRevision._meta

    def columns(meta, names) -> str:
        return ", ".join(quote(meta.get_field(name).column) for name in names)

    values = ", ".join(["%s"] * len(_HAND_COLUMNS))
    insert_hand = (
        f"INSERT INTO {quote(hand.db_table)} ({columns(hand, ('number', *_HAND_COLUMNS))}) "
    )
    insert_revision = (
        f"INSERT INTO {quote(revision.db_table)} "
        f"({columns(revision, ('hand', *_COPIED_COLUMNS, *_SAVED_BY_COLUMNS))}) "
        f"SELECT {columns(hand, ('id', *_COPIED_COLUMNS))}, %s, %s, %s, %s "
    )
    return _StoreSql(
        # The hand numbered after the last one the claim read, stored only if the claim
        # matched the table: else the statement answers with no row.
        chained=(
            f"WITH claimed (last) AS ({_claim_sql(True)}), "
            f"new_hand AS ({insert_hand}SELECT last + 1, {values} FROM claimed "
            f"RETURNING {columns(hand, ('id', 'number', *_COPIED_COLUMNS))}), "
            f"new_revision AS ({insert_revision}FROM new_hand) "
            f"SELECT {columns(hand, ('id', 'number'))} FROM new_hand"
        ),
        hand=(
            f"{insert_hand}VALUES (%s, {values})"
            + (f" RETURNING {columns(hand, ['id'])}" if insert_returns else "")
        ),
        revision=f"{insert_revision}FROM {quote(hand.db_table)} WHERE {columns(hand, ['id'])} = %s",
    )


def _store(
    access: TableAccess,
    data: dict[str, Any],
    submission: uuid.UUID,
    expected_version: int,
    reason: str,
    with_hands: bool,
) -> tuple[Hand, list[PlayedHand]] | None:
    """Claim the table (`_claim`) and store the hand and its first revision, and then,
    `with_hands`, read the table's hands under its lock; None, storing nothing, if the
    claim did not match the table.

    Written as SQL for the judge's hot path, as the claim is: saving the hand and its
    revision through the ORM cost some 0.6 ms of Python each, and on PostgreSQL the
    three statements and the read are one round trip (`chains_writes`)."""
    table, now = access.table, timezone.now()
    values = (table.pk, data, settle(table, data), False, 1, submission)
    hand_params = [
        Hand._meta.get_field(name).get_db_prep_save(value, connection)
        for name, value in zip(_HAND_COLUMNS, values, strict=True)
    ]
    saved_by = [
        access.user.pk if access.user else None,
        access.actor,
        connection.ops.adapt_datetimefield_value(now),
        reason,
    ]
    insert_returns = connection.features.can_return_columns_from_insert
    sql = _store_sql(insert_returns)
    hands: list[PlayedHand] = []
    if chains_writes():
        statements = [
            (sql.chained, [*_claim_params(table, expected_version, now), *hand_params, *saved_by])
        ]
        if with_hands:
            # Sent together, the statements are one transaction: the read sees the new
            # hand, and the table's row stays locked until it is done.
            statements.append(PLAYED_HANDS.statement(table.pk))
        stored, *read = fetched_together(statements)
        if not stored:
            return None
        pk, number = stored[0]
        if read:
            hands = [PlayedHand(*row) for row in PLAYED_HANDS.converted(read[0])]
    else:
        last = _claim(table, expected_version, now)
        if last is None:
            return None
        number = last + 1
        with connection.cursor() as cursor:
            cursor.execute(sql.hand, [number, *hand_params])
            if insert_returns:
                pk = cursor.fetchone()[0]
            else:
                pk = connection.ops.last_insert_id(cursor, Hand._meta.db_table, "id")
            cursor.execute(sql.revision, [*saved_by, pk])
        hands = table.played_hands() if with_hands else []
    # The hand as the ORM would read it back: its values in the model's order of fields.
    by_name = dict(zip(("id", "number", *_HAND_COLUMNS), (pk, number, *values), strict=True))
    row = [by_name[field.name] for field in Hand._meta.concrete_fields]
    return instance(Hand, row, 0, connection.alias), hands


def add_hand(
    *,
    access: TableAccess,
    data: dict[str, Any],
    submission: uuid.UUID,
    expected_version: int,
    reason: str = "",
    with_hands: bool = False,
) -> Recorded:
    """Store a new hand at `access.table` (whose round and tournament the caller has read).

    A repeated submission stores nothing and returns the hand the first one stored. A
    refused hand raises a `RecordingError` that says why (the table's round is not in
    play, it is locked, paper-only, or changed since the form was built). `with_hands`
    returns the table's hands too (for a page that shows them after the save), read
    under the table's lock.
    """
    _room_for_a_hand(access.table, data, expected_version, submission)
    # One round trip (`chains_writes`) is a transaction of its own; only in a caller's
    # transaction does it need one (a savepoint, for a repeated submission's error).
    alone = chains_writes() and not connection.in_atomic_block
    try:
        with contextlib.nullcontext() if alone else transaction.atomic():
            stored = _store(access, data, submission, expected_version, reason, with_hands)
            if stored is None:
                return Recorded(_refused(access.table, submission, expected_version), False, [])
            hand, hands = stored
    except IntegrityError:
        # The same submission won a race with itself (a retry on a bad network).
        existing = _submitted(Hand, submission, access.table)
        if existing is None:
            raise
        return Recorded(existing, False, [])
    # The caller's table as the save left it: a blank form built on it carries the new
    # version.
    hand.table = access.table
    access.table.version = expected_version + 1
    return Recorded(hand, True, hands)


def _refused(table: Table, submission: uuid.UUID, expected_version: int) -> Hand:
    """Why `_claim` matched no table: the hand an earlier submission of the form stored
    (returned), or the refusal (raised). Only a refused or repeated save comes here."""
    existing = _submitted(Hand, submission, table)
    if existing is not None:
        return existing
    # Its own transaction (a savepoint in the save's) for the lock: after a save that was
    # one statement there is none. It ends in a COMMIT even when it finds the refusal:
    # it wrote nothing, and a ROLLBACK makes psycopg drop every statement the connection
    # had prepared (tournaments/prepared.py), a cost on each save at a two-phone table.
    with transaction.atomic():
        try:
            _locked(table, expected_version, adding=True)
        except RecordingError as error:
            refusal = error
        else:
            # Nothing wrong any more (the round or the sheet changed meanwhile): stale.
            refusal = StaleTable(_stale_message())
    raise refusal


def record_hand(
    *,
    access: TableAccess,
    data: dict[str, Any],
    submission: uuid.UUID,
    expected_version: int,
    reason: str = "",
) -> tuple[Hand, bool]:
    """Store a new hand; returns (hand, created). A repeated submission returns the first.

    `add_hand` for callers that need only the hand.
    """
    recorded = add_hand(
        access=access,
        data=data,
        submission=submission,
        expected_version=expected_version,
        reason=reason,
    )
    return recorded.hand, recorded.created


@transaction.atomic
def revise_hand(
    *,
    access: TableAccess,
    hand: Hand,
    reason: str,
    expected_version: int,
    data: dict[str, Any] | None = None,
    delete: bool = False,
) -> Hand:
    """Change or delete a saved hand; the previous version stays in its history."""
    if not reason.strip():
        raise RecordingError(_("Say why the hand is changed."))
    table = _locked(access.table, expected_version)
    hand = Hand.objects.select_for_update().get(pk=hand.pk, table=table)
    if not delete and (hand.deleted or not is_played(hand.settlement)):
        # Brought back, or a standalone ruling changed into a game, it is one more hand of
        # the round (read under the table's lock).
        _room_for_a_hand(table, data, table.version)
    if delete:
        hand.deleted = True
    else:
        hand.data, hand.settlement, hand.deleted = data, settle(table, data), False
    hand.revision += 1
    hand.save(update_fields=["data", "settlement", "deleted", "revision"])
    _revision(hand, access, reason=reason.strip())
    table.version += 1
    table.save(update_fields=["version"])
    return hand


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
            existing = _submitted(ScoreSheet, submission, table)
            if existing is not None:
                return EnteredSheet(existing, table_check(table, existing.counts()), False)
            sheet = _new_sheet(access, table, counts, submission)
    except IntegrityError:
        # The same submission raced itself at another table's lock: never a second sheet.
        existing = _submitted(ScoreSheet, submission, access.table)
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


def enter_sheet(*, access: TableAccess, counts: dict[int, int]) -> tuple[ScoreSheet, SheetCheck]:
    """Record the counts read off the table; returns the new sheet and its check.

    `add_sheet` for callers without a submission id.
    """
    entered = add_sheet(access=access, counts=counts)
    return entered.sheet, entered.check


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
    if is_director(user):
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
