"""The judge's page at a table: its hands (saved, changed, deleted, their history) and
the judge's tables. The end-of-round score sheet is in `tournaments.views.sheets`.

Every view here gets its table through `judge_of_table` (the table's judge, its private
link, or a director); anyone else gets 403 or 404.
"""

import functools
import hashlib
import uuid
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

from django.conf import settings
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django_htmx.http import HttpResponseClientRedirect, reswap, retarget

from accounts.roles import public, signed_in
from scoring import HandError
from scoring.forms import hand_form
from scoring.turns import Turn
from tournaments import contact, hand_store, offline, recording
from tournaments.access import (
    TableAccess,
    judge_of_table,
    remember_link,
    reread,
    reread_table,
)
from tournaments.drive import table_drive
from tournaments.feedback import kept_hand_conflict, service_refusals, told_phone
from tournaments.forms.table import (
    HandDeleteForm,
    HandSubmissionForm,
    ReasonForm,
    TableVersionForm,
)
from tournaments.models import Hand, HandRevision, PlayedHand, Round, Table
from tournaments.progress import (
    Hands,
    lock_message,
    sheets_to_confirm,
    sheets_to_confirm_beside,
    table_rubbers,
    table_state,
)
from tournaments.sheets import computed_counts


@public
def judge_link(request: HttpRequest, token: str) -> HttpResponse:
    """A table card's QR code lands here: this browser becomes the table's judge."""
    table = get_object_or_404(Table, judge_token=token)
    remember_link(request, table)
    return redirect(table)


def _hand_form(table: Table, data=None, initial=None):
    form_class = hand_form(table.round.tournament.ruleset)
    return form_class(data, initial=initial, seat_names=table.seat_names)


def _turn(table: Table, hands: Hands) -> Turn | None:
    """Who deals and bids next (and sits out, where the ruleset's dealer does)."""
    played = [hand.data for hand in hands if not hand.deleted]
    return table.round.tournament.rules.DEAL.next_turn(played, len(table.seat_names))


def _running(table: Table, hands: Hands, extra: dict | None = None) -> dict[int, object]:
    """Each seat's chips after `hands` (and `extra`, a previewed hand's deltas)."""
    tournament = table.round.tournament
    deltas = [hand.deltas() for hand in hands if not hand.deleted]
    if extra:
        deltas.append(extra)
    return computed_counts(table.seat_names, tournament.starting_chips, deltas)


def _editable(table: Table) -> bool:
    """Whether the table's hands may still be changed: its round in play, not locked."""
    return table.round.status == Round.Status.PLAYING and lock_message(table) is None


def _page(request: HttpRequest, access: TableAccess, form=None, **extra) -> HttpResponse:
    table = access.table
    # First: the sheets of the round's other tables come with the table's own, which
    # the lock and the sheet's button below read (`progress.sheets_to_confirm_beside`).
    to_confirm = (
        sheets_to_confirm_beside(request, table)
        if access.user is not None and not access.via_link and not access.is_director
        else []
    )
    hands = table.played_hands()
    editable = _editable(table)
    context = {
        "access": access,
        "round": table.round,
        "tournament": table.round.tournament,
        "hands": hands,
        # Called by the template only when the rows' HTML is not in the cache.
        "rows": functools.partial(_rows, table, hands),
        "editable": editable,
        **_rows_cache(table, hands, editable),
        "sheet": next(iter(table.newest_sheets), None),
        "locked": lock_message(table),
        "to_confirm": to_confirm,
        **_standing(table, hands, form),
        **extra,
    }
    if access.user is not None and not access.via_link:
        # The table's judge or a director: the menu's "My tables" is theirs, which the
        # page then knows without reading the user's groups (clubs.context_processors).
        context["is_judge"] = True
    return render(request, "tournaments/table.html", context)


def _standing(table: Table, hands: Hands, form=None) -> dict[str, object]:
    """What the page shows after `hands` (`_board`) and the form for the next hand
    (tournaments/_add_hand.html): `form` (bound, with what the judge typed), or a blank
    one that proposes the next sitter. Reads no more than the seats' names."""
    board = _board(table, hands)
    if form is None:
        # The proposed sitter (the dealer) is filled in; the judge can change it.
        turn = board["turn"]
        proposal = {"sitter": turn.sitter} if turn and turn.sitter else None
        form = _hand_form(table, initial=proposal)
    return {**board, "form": form, **_blank_form_cache(table, form)}


def _board(table: Table, hands: Hands, saved: str = "") -> dict[str, object]:
    """What the table shows after `hands`: its seats, chips, turn, rubber or drive, the
    hand count, and where the next hand posts with its submission id; `saved` says the
    hand just saved. No form: a saved hand's answer leaves the page its own (profiled,
    bench/bench_requests.py: building a blank one was a tenth of that answer)."""
    return {
        "table": table,
        "names": table.seat_names,
        "hand_count": sum(1 for hand in hands if not hand.deleted),
        "running": _running(table, hands),
        **table_rubbers(table, hands),
        **table_drive(table, hands),
        "turn": _turn(table, hands),
        "deal": table.round.tournament.rules.DEAL,
        "add_url": reverse("tournaments:hand_add", args=[table.pk]),
        "submission": uuid.uuid4(),
        "saved": saved,
    }


# How long a blank hand form's fields stay in Django's cache (tournaments/_add_hand.html):
# rendering its some 350 widgets is most of the judge's page and of a saved hand's answer
# (bench/bench_requests.py, profiled: ~10 ms of a ~12 ms page at 30 hands). The rows of a
# table's hands (tournaments/table.html) are kept as long.
BLANK_FORM_SECONDS = 24 * 60 * 60


def _fragment_seconds() -> int:
    """How long a fragment of the judge's page stays in Django's cache: not at all under
    DEBUG (`make run`), so an edited template shows at once."""
    return 0 if settings.DEBUG else BLANK_FORM_SECONDS


def _rows_cache(table: Table, hands: list[PlayedHand], editable: bool) -> dict[str, object]:
    """The `{% cache %}` arguments of the rows of the table's hands on its page: all that
    they are rendered from (the table, whether its hands may change, each hand's number,
    whether it was deleted and what it moved, the seats, the language) and the code's
    version. The rows' HTML is then rendered once per state of the table's hands, never
    shown for another state: the key holds the state itself, so no write has to
    remember to drop it, and a table whose hands stand still renders no row again."""
    key = (
        table.pk,
        editable,
        tuple(table.seat_names),
        tuple((hand.number, hand.deleted, tuple(hand.moved.items())) for hand in hands),
        get_language(),
        code_version(),
    )
    return {"rows_seconds": _fragment_seconds(), "rows_key": key}


def _blank_form_cache(table: Table, form) -> dict[str, object]:
    """The `{% cache %}` arguments of the blank form's fields: what they are rendered from
    (the ruleset, the seats' names, the proposed sitter, the language) and the code's
    version. Not kept at all under DEBUG (`make run`), so an edited template shows at
    once."""
    key = (
        table.round.tournament.ruleset,
        tuple(table.seat_names.items()),
        tuple(sorted((form.initial or {}).items())),
        get_language(),
        code_version(),
    )
    return {"blank_form_seconds": _fragment_seconds(), "blank_form_key": key}


@functools.cache
def code_version() -> str:
    """A digest of the templates, translations and the scoring package (the hand forms'
    code): a new release has a new one, so cached HTML of an older one is never shown."""
    root = Path(settings.BASE_DIR)
    digest = hashlib.sha256()
    for pattern in ("templates/**/*.html", "locale/**/*.mo", "scoring/**/*.py"):
        for path in sorted(root.glob(pattern)):
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


@dataclass(frozen=True)
class HandRow:
    """A row of the table's hands (tournaments/_hand_rows.html): the hand's number,
    whether it was deleted, and what it moved at each seat, in seat order."""

    number: int
    deleted: bool
    amounts: list[int | Decimal]


def _rows(table: Table, hands: Hands) -> list[HandRow]:
    """The rows of `hands`, each seat's amount in the order of the table's seats."""
    seats = list(table.seat_names)
    rows = []
    for hand in hands:
        deltas = hand.deltas()
        rows.append(HandRow(hand.number, hand.deleted, [deltas.get(seat, 0) for seat in seats]))
    return rows


@judge_of_table
def table_page(request: HttpRequest, access: TableAccess) -> HttpResponse:
    # The table as the access check read it (with its round and tournament); its seats'
    # names, hands and sheets are read as the page asks (`Table.seat_names`,
    # `Table.played_hands`, `Table.newest_sheets`): no second read of the table.
    # The phone may keep this page for offline use, for this session only.
    response = _page(request, access, offline_key=offline.session_cache_key(request))
    if not access.is_director:
        # The judge's phone is in touch (one throttled UPDATE; see tournaments.contact).
        contact.record_contact(access.table)
    return offline.mark_cacheable(request, response)


@judge_of_table
@require_POST
def hand_add(request: HttpRequest, access: TableAccess) -> HttpResponse:
    """Preview (htmx, nothing saved) or save a new hand.

    A save reads only the table's seats (for the form) before recording, and answers the
    phone's queue (an htmx request) with only what changed: the new hand's row, the chips
    and the next version (`_saved`); without JavaScript it redirects to the table's page. An htmx save's
    answer says in `feedback.OUTCOME_HEADER` what became of the hand, for the phone's queue of
    hands saved offline (static/js/judge/). A form built on an older state of
    the table comes back with what was typed (`_conflict`).
    """
    posted = HandSubmissionForm(request.POST)
    if not posted.saving():
        return _preview(request, access)
    table = access.table
    form = _hand_form(table, request.POST)
    if not form.is_valid():
        return _not_saved(request, access, form)
    if not posted.is_valid():
        message = _("The form is incomplete; open the table page again.")
        messages.error(request, message)
        return told_phone(_back(request, table), "refused", message)
    with service_refusals(request) as outcome:
        try:
            recorded = hand_store.add_hand(
                access=access,
                data=_without_ruleset(form.hand_json()),
                submission=posted.cleaned_data["submission"],
                expected_version=posted.cleaned_data["version"],
                with_hands=bool(request.htmx),  # the htmx answer shows the chips after them
            )
        except HandError as error:
            # The rules refuse the hand (the service scores it, once): shown at its field.
            form.refuse(error)
            return _not_saved(request, access, form)
        except recording.StaleTable:
            # Caught before `service_refusals`: the form says it, not a page message.
            return told_phone(_conflict(request, access, form), "conflict", kept_hand_conflict())
    if not outcome.ok:
        return told_phone(_back(request, table), outcome.refusal, outcome.message)
    number = recorded.hand.number
    if not recorded.created:
        messages.info(
            request, _("Hand %(n)s was already saved; it is stored once.") % {"n": number}
        )
        return told_phone(_back(request, table), "stored-before", number=number)
    if request.htmx:
        return told_phone(_saved(request, access, recorded), "saved", number=number)
    messages.success(request, _("Hand %(n)s saved.") % {"n": number})
    return redirect(table)


def _not_saved(request: HttpRequest, access: TableAccess, form) -> HttpResponse:
    """A refused save shows the form's errors: in the preview (htmx) or on the whole page."""
    if request.htmx:
        response = _preview(request, access, form=form)
        response = reswap(retarget(response, "#preview"), "innerHTML")
        return told_phone(response, "invalid", _("The hand's form has errors: nothing saved."))
    return _page(request, reread_table(access), form=form)


def _conflict(request: HttpRequest, access: TableAccess, form) -> HttpResponse:
    """A save refused because another device changed the table since the form was built
    (nothing was saved): the form again with what the judge typed, on the table's new
    version and saying so, its preview on the table as it is now, and the table itself
    (for htmx out of band, else the whole page), so the judge checks it and saves again."""
    access = reread_table(access)
    table = access.table
    hands = table.played_hands()
    settlement = form.settle(table.round.tournament.house_rules)
    after = _running(table, hands, dict(settlement.deltas)) if settlement else None
    conflict = _(
        "Another device changed this table while you were typing: nothing was saved. "
        "The table above is as it is now; your hand is still in the form: check it and "
        "save it again."
    )
    extra = {"preview": settlement, "after": after, "conflict": conflict}
    if not request.htmx:
        return _page(request, access, form=form, **extra)
    editable = _editable(table)
    context = {
        # As on the page: rendered only when not in the cache (`_rows_cache`).
        "rows": functools.partial(_rows, table, hands),
        "editable": editable,
        **_rows_cache(table, hands, editable),
        "hands": hands,
        **_standing(table, hands, form),
        **extra,
    }
    return render(request, "tournaments/_hand_conflict.html", context)


def _preview(request: HttpRequest, access: TableAccess, form=None) -> HttpResponse:
    """The settlement of the hand typed so far and the chips after it (nothing saved):
    the preview fragment for htmx, else the whole page with the preview."""
    table = access.table
    form = form or _hand_form(table, request.POST)
    settlement = form.settle(table.round.tournament.house_rules)
    context = {"form": form, "settlement": settlement, "table": table, "names": table.seat_names}
    if settlement:
        context["after"] = _running(table, table.played_hands(), dict(settlement.deltas))
    if request.htmx:
        return render(request, "tournaments/_hand_preview.html", context)
    # The whole page (no JavaScript), read as `table_page` reads it (its sheet too).
    return _page(
        request, reread_table(access), form=form, preview=settlement, after=context.get("after")
    )


def _back(request: HttpRequest, table: Table) -> HttpResponse:
    """To the table's page, whose messages say what happened: an htmx request reloads it
    whole (the table changed under the form, or the form was refused)."""
    if request.htmx:
        return HttpResponseClientRedirect(table.get_absolute_url())
    return redirect(table)


def _saved(
    request: HttpRequest, access: TableAccess, recorded: hand_store.Recorded
) -> HttpResponse:
    """The answer to a save sent by the phone's queue: only what changed. "Hand n saved.",
    the new hand's row, the hand count, the seats with their chips and the next turn, the
    rubber or drive, and the table's new version with a submission id for the next hand;
    the page resets its own form (tournaments/_hand_saved.html). Built from the hands the
    save read under the table's lock."""
    table, hands = access.table, recorded.hands
    context = {
        "access": access,
        "round": table.round,
        "tournament": table.round.tournament,
        "new_rows": _rows(table, [recorded.hand]),
        "editable": True,
        **_board(table, hands, saved=_("Hand %(n)s saved.") % {"n": recorded.hand.number}),
    }
    return render(request, "tournaments/_hand_saved.html", context)


def _without_ruleset(data: dict) -> dict:
    # The tournament supplies the ruleset; the stored hand is the rest of the JSON.
    return {key: value for key, value in data.items() if key != "ruleset"}


def _own_hand(access: TableAccess, number: int) -> Hand:
    return get_object_or_404(Hand, table=access.table, number=number)


@judge_of_table
def hand_edit(request: HttpRequest, access: TableAccess, number: int) -> HttpResponse:
    """Change a saved hand with a reason; the previous version is kept in its history."""
    access = reread(access)
    table, hand = access.table, _own_hand(access, number)
    reason_form = ReasonForm(request.POST or None)
    version_form = TableVersionForm(request.POST or None)
    if lock_message(table):
        messages.error(request, _("This table is locked; its hands can no longer change."))
        return redirect(table)
    if request.method == "POST":
        form = _hand_form(table, request.POST)
        settlement = form.settle(table.round.tournament.house_rules)
        if not version_form.is_valid():
            messages.error(request, _("The form is incomplete; open the table page again."))
            return redirect(table)
        if settlement is not None and reason_form.is_valid():
            with service_refusals(request):
                hand_store.revise_hand(
                    access=access,
                    hand=hand,
                    data=_without_ruleset(form.hand_json()),
                    reason=reason_form.cleaned_data["reason"],
                    expected_version=version_form.cleaned_data["version"],
                )
                messages.success(request, _("Hand %(n)s changed.") % {"n": hand.number})
            return redirect(table)
    else:
        form = _hand_form(
            table, initial=hand_form(table.round.tournament.ruleset).initial_from_hand(hand.data)
        )
    return render(
        request,
        "tournaments/hand_edit.html",
        {
            "form": form,
            "reason_form": reason_form,
            "hand": hand,
            "table": table,
        },
    )


@judge_of_table
@require_POST
def hand_delete(request: HttpRequest, access: TableAccess, number: int) -> HttpResponse:
    access = reread(access)
    hand = _own_hand(access, number)
    form = HandDeleteForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Say why the hand is deleted."))
        return redirect("tournaments:hand_edit", access.table.pk, hand.number)
    with service_refusals(request):
        hand_store.revise_hand(
            access=access,
            hand=hand,
            delete=True,
            reason=form.cleaned_data["reason"],
            expected_version=form.cleaned_data["version"],
        )
        messages.success(
            request, _("Hand %(n)s deleted; its history keeps it.") % {"n": hand.number}
        )
    return redirect(access.table)


@judge_of_table
def hand_history(request: HttpRequest, access: TableAccess, number: int) -> HttpResponse:
    hand = _own_hand(access, number)
    revisions = HandRevision.objects.filter(hand=hand).order_by("revision")
    return render(
        request,
        "tournaments/hand_history.html",
        {"hand": hand, "revisions": revisions, "table": access.table},
    )


@signed_in
def my_tables(request: HttpRequest) -> HttpResponse:
    """A logged-in judge's tables in rounds not yet closed, and the sheets of the other
    tables of those rounds that wait for a second person."""
    tables = list(
        Table.objects.with_play()
        .filter(judge=request.user, round__status__in=[Round.Status.DRAWN, Round.Status.PLAYING])
        .order_by("-round__tournament__date", "round__number", "number")
    )
    rounds = {table.round_id for table in tables}
    return render(
        request,
        "tournaments/my_tables.html",
        {
            "states": [table_state(table) for table in tables],
            "to_confirm": sheets_to_confirm(request, rounds, exclude=[t.pk for t in tables]),
        },
    )
