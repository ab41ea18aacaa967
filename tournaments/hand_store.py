"""Storing a hand at a table, and changing or deleting it: each in one transaction,
refused (`tournaments.recording`) when the table's state does not allow it.
"""

import json
import uuid
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Exists, F, Max, OuterRef
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring import score_hand
from tournaments import locks
from tournaments.access import TableAccess
from tournaments.exact_json import ExactDecoder, ExactEncoder
from tournaments.models import Hand, HandRevision, PlayedHand, Round, ScoreSheet, Table
from tournaments.recording import (
    RecordingError,
    RoundComplete,
    StaleTable,
    TableLocked,
    confirmed_sheet,
    lock_message,
    stale_message,
    submitted,
)


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
        raise StaleTable(stale_message())
    return locked


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


# The lines of a hand that is no hand played: a director's standalone ruling (penalties
# outside any scored hand) or a hand the rules void (a misdeal, a renonc: only its penalty
# is paid and the table deals again), in every ruleset's words.
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
    if submitted(Hand, submission, table) is None:
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


def _claim(table: Table, expected_version: int) -> bool:
    """Bump the table's version if hands may be added to it now and the form was built on
    its current version; whether it was bumped.

    One UPDATE is the lock, the checks and the bump: it locks the table row until the
    transaction ends and matches it only while the round is in play, no sheet of the
    table is confirmed, the table is not paper-only and its version is the form's. The
    version is compared on the table row itself, so a save that waited on the lock
    re-checks it against the row as the other transaction left it; a confirmation bumps
    the version too (`confirm_sheet`), so a save waiting behind one is refused. And every
    write of a table's hands bumps its version, so a save that matched is one no other
    hand was added before: the last number it then reads is still the last.
    """
    claimed = _CLAIMABLE.filter(pk=table.pk, version=expected_version).update(
        version=F("version") + 1, last_save_at=timezone.now()
    )
    return claimed == 1


# The claim's conditions but the table and its version, built once: they are the same
# for every save, and resolving the two `Exists` anew (each copies and resolves its
# query) was a tenth of a save's time in Python (profiled, bench/bench_requests.py; 0.6 ms
# against 0.06 ms for filtering this by the table). A queryset is never run by filtering
# it: each claim runs its own copy, and the resolved subqueries it shares are only read
# when compiled.
_CLAIMABLE = Table.objects.filter(
    Exists(Round.objects.filter(pk=OuterRef("round_id"), status=Round.Status.PLAYING)),
    ~Exists(ScoreSheet.objects.filter(table=OuterRef("pk"), confirmed_at__isnull=False)),
    paper_only=False,
)


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
    play, it is locked, paper-only, changed since the form was built, or has played the
    round's hands). `with_hands` returns the table's hands too (for a page that shows
    them after the save), read under the table's lock.
    """
    table = access.table
    _room_for_a_hand(table, data, expected_version, submission)
    settlement = settle(table, data)
    try:
        with transaction.atomic():
            if not _claim(table, expected_version):
                return Recorded(_refused(table, submission, expected_version), False, [])
            # Read under the claim's lock: the last number is still the last.
            hands = table.played_hands() if with_hands else []
            if with_hands:
                last = hands[-1].number if hands else 0
            else:
                last = Hand.objects.filter(table=table).aggregate(last=Max("number"))["last"]
            hand = Hand.objects.create(
                table=table,
                number=(last or 0) + 1,
                data=data,
                settlement=settlement,
                submission=submission,
            )
            _revision(hand, access, reason)
    except IntegrityError:
        # The same submission won a race with itself (a retry on a bad network).
        existing = submitted(Hand, submission, table)
        if existing is None:
            raise
        return Recorded(existing, False, [])
    if with_hands:
        hands.append(PlayedHand(hand.number, False, data, settlement["deltas"]))
    # The caller's table as the save left it: a blank form built on it carries the new
    # version.
    table.version = expected_version + 1
    return Recorded(hand, True, hands)


def _refused(table: Table, submission: uuid.UUID, expected_version: int) -> Hand:
    """Why `_claim` matched no table: the hand an earlier submission of the form stored
    (returned), or the refusal (raised). Only a refused or repeated save comes here."""
    existing = submitted(Hand, submission, table)
    if existing is not None:
        return existing
    _locked(table, expected_version, adding=True)
    # Nothing wrong any more (the round or the sheet changed meanwhile): stale.
    raise StaleTable(stale_message())


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
