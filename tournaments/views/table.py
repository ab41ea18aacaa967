"""The judge's page at a table: its hands (saved, changed, deleted, their history) and
the judge's tables. The end-of-round score sheet is in `tournaments.views.sheets`.

Every view here gets its table through `judge_of_table` (the table's judge, its private
link, or a director); anyone else gets 403 or 404.
"""

import functools
import re
import uuid

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django_htmx.http import HttpResponseClientRedirect, reswap, retarget

from accounts.roles import public, signed_in
from scoring import HandError
from scoring.forms import hand_form
from scoring.templatetags.scoring_tags import signed
from scoring.turns import Turn
from tournaments import contact, offline, recording
from tournaments.access import TableAccess, judge_of_table, remember_link, reread
from tournaments.drive import table_drive
from tournaments.feedback import service_refusals, told_phone
from tournaments.forms import (
    HandDeleteForm,
    HandSubmissionForm,
    ReasonForm,
    TableVersionForm,
)
from tournaments.models import Hand, HandRevision, Round, Table
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
    hands = table.played_hands()
    context = {
        "access": access,
        "round": table.round,
        "tournament": table.round.tournament,
        "hands": hands,
        "rows": _rows(table, hands, editable=_editable(table)),
        "sheet": next(iter(table.newest_sheets), None),
        "locked": lock_message(table),
        "to_confirm": sheets_to_confirm_beside(request, table)
        if access.user is not None and not access.via_link and not access.is_director
        else [],
        **_standing(request, table, hands, form),
        **extra,
    }
    if access.user is not None and not access.via_link:
        # The table's judge or a director: the menu's "My tables" is theirs, which the
        # page then knows without reading the user's groups (clubs.context_processors).
        context["is_judge"] = True
    return render(request, "tournaments/table.html", context)


def _standing(
    request: HttpRequest, table: Table, hands: Hands, form=None, saved: str = ""
) -> dict[str, object]:
    """What the page shows after `hands` (its seats, chips, turn, rubber or drive) and
    the form for the next hand: `form` (bound, with what the judge typed) in
    ADD_HAND_TEMPLATE, or a blank one as HTML each process keeps (`add_hand`, see
    `_blank_add_hand`) that says the hand was `saved`. Reads the prefetched seats only."""
    turn = _turn(table, hands)
    # The proposed sitter (the dealer) is filled in; the judge can change it.
    proposal = {"sitter": turn.sitter} if turn and turn.sitter else None
    standing = {
        "table": table,
        "names": table.seat_names,
        "hand_count": sum(1 for hand in hands if not hand.deleted),
        "running": _running(table, hands),
        **table_rubbers(table, hands),
        **table_drive(table, hands),
        "turn": turn,
        "deal": table.round.tournament.rules.DEAL,
    }
    if form is not None:
        return {
            **standing,
            "form": form,
            "add_url": reverse("tournaments:hand_add", args=[table.pk]),
            "submission": uuid.uuid4(),
        }
    blank = _blank_add_hand(
        table, proposal, saved=saved, submission=uuid.uuid4(), csrf_token=get_token(request)
    )
    return {**standing, "add_hand": blank}


def _rows(table: Table, hands: Hands, *, editable: bool) -> list[SafeString]:
    """Each of `hands` as a row of the table's hands, in HTML: its number, what it moved
    by seat (+3, −3, 0), and links to its history and (when `editable`) its edit page; a
    deleted hand struck through.

    Written here rather than in a template: it is the judge's page's one loop that grows,
    and template tags (or `format_html` a cell) cost some 0.1 ms a row, a quarter of the
    page at 30 hands (bench/bench_requests.py). Every text is escaped once before the
    loop; the rest are numbers. A hand's pages live under the table's hands address
    (tournaments/urls.py), so that is reversed once, not twice a row; tests check the
    addresses against `reverse`.
    """
    seats = list(table.seat_names)
    hands_url = escape(reverse("tournaments:hand_add", args=[table.pk]))
    history, edit, deleted = (escape(word) for word in (_("history"), _("edit"), _("deleted")))
    rows = []
    for hand in hands:
        number, deltas = int(hand.number), hand.deltas()
        cells = [escape(signed(deltas.get(seat, 0))) for seat in seats]
        links = f'<a href="{hands_url}{number}/history/">{history}</a>'
        if hand.deleted:
            cells = [f"<s>{cell}</s>" for cell in cells]
            links = f'<span class="muted">{deleted}</span> · {links}'
        elif editable:
            links += f' · <a href="{hands_url}{number}/edit/">{edit}</a>'
        shown = f"<s>{number}</s>" if hand.deleted else number
        row = "".join(f'<td class="num">{cell}</td>' for cell in cells)
        rows.append(
            mark_safe(  # every text in it was escaped above
                f'<tr class="{"deleted" if hand.deleted else ""}"><td>{shown}</td>{row}'
                f"<td>{links}</td></tr>\n"
            )
        )
    return rows


ADD_HAND_TEMPLATE = "tournaments/_add_hand.html"


def _blank_add_hand(
    table: Table, initial: dict | None, *, saved: str, submission: uuid.UUID, csrf_token: str
) -> SafeString:
    """The form for the next hand (ADD_HAND_TEMPLATE) with the table's blank hand form
    (some 350 widgets: values, penalties, the card picker), rendered once per ruleset,
    table size, proposal, language and whether it says a hand was `saved`
    (`_add_hand_parts`), with this table's names, address and version, the form's
    `submission` id, the `csrf_token` and the `saved` notice put in.

    It is rendered with a mark (`_mark`) for each of those, which escaping leaves as it
    is, and each mark is replaced by its value, escaped, on the way out: so a server
    renders it once for all its tables of a size, not once per table and request (the
    first page of each table on each worker cost some 50 ms, and the template itself some
    0.5 ms a save), and a changed name needs nothing cleared. Tests check the result
    against the template rendered with the values themselves.
    """
    names = table.seat_names
    parts = _add_hand_parts(
        table.round.tournament.ruleset,
        tuple(sorted(names)),
        tuple(sorted((initial or {}).items())),
        get_language(),
        bool(saved),
    )
    shown = {str(seat): escape(name.replace(MARK, "")) for seat, name in names.items()}
    shown |= {
        "version": str(int(table.version)),
        "add_url": escape(reverse("tournaments:hand_add", args=[table.pk])),
        "submission": escape(submission),
        "csrf_token": escape(csrf_token),
        "saved": escape(saved),
    }
    html = "".join(shown[part] if i % 2 else part for i, part in enumerate(parts))
    # The site's own template output, escaped as it was rendered, and values escaped here.
    return mark_safe(html)


@functools.lru_cache(maxsize=64)
def _add_hand_parts(
    ruleset: str, seats: tuple[int, ...], initial: tuple, language: str, saved: bool
) -> tuple[str, ...]:
    """ADD_HAND_TEMPLATE with a blank form, rendered in `language` (the active one) with
    marks, cut at them: HTML, key, HTML, key, …, HTML, so putting the values in is one
    join rather than a pass over the whole form per value.

    Kept in each process's memory, not in Django's cache: it is a function of its
    arguments and the code alone, so it can never be stale, and a shared cache (Redis)
    would cost a round trip for some 40 KB on every save and judge's page. 64 of them
    (rulesets × table sizes × proposals × languages) are 3 MB at most."""
    form_class = hand_form(ruleset)
    seat_names = {seat: _mark(seat) for seat in seats}
    form = form_class(initial=dict(initial) or None, seat_names=seat_names)
    context = {
        "blank_form": mark_safe(render_to_string(form.template_name, {"form": form})),
        "table": {"version": _mark("version")},
        "add_url": _mark("add_url"),
        "submission": _mark("submission"),
        "csrf_token": _mark("csrf_token"),
        "saved": _mark("saved") if saved else "",
    }
    return tuple(_MARKS.split(render_to_string(ADD_HAND_TEMPLATE, context)))


# A character of Unicode's private use area: no name has it (it is taken out of any that
# did), and HTML escaping leaves it alone.
MARK = "\ue000"


def _mark(key: int | str) -> str:
    return f"{MARK}{key}{MARK}"


_MARKS = re.compile(f"{MARK}(\\w+){MARK}")


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

    A save reads only the table's seats (for the form) before recording, and answers an
    htmx request with the new hand's row, the chips and a blank form for the next hand
    (`_saved`); without JavaScript it redirects to the table's page. An htmx save's
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
            recorded = recording.add_hand(
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
        except recording.StaleTable as error:
            # Caught before `service_refusals`: the form says it, not a page message.
            return told_phone(_conflict(request, access, form), "conflict", str(error))
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
    return _page(request, reread(access), form=form)


def _conflict(request: HttpRequest, access: TableAccess, form) -> HttpResponse:
    """A save refused because another device changed the table since the form was built
    (nothing was saved): the form again with what the judge typed, on the table's new
    version and saying so, its preview on the table as it is now, and the table itself
    (for htmx out of band, else the whole page), so the judge checks it and saves again."""
    access = reread(access)
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
    context = {
        "rows": _rows(table, hands, editable=_editable(table)),
        "hands": hands,
        **_standing(request, table, hands, form),
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
    # The whole page (no JavaScript) shows the table's sheet too: the table read with it.
    return _page(request, reread(access), form=form, preview=settlement, after=context.get("after"))


def _back(request: HttpRequest, table: Table) -> HttpResponse:
    """To the table's page, whose messages say what happened: an htmx request reloads it
    whole (the table changed under the form, or the form was refused)."""
    if request.htmx:
        return HttpResponseClientRedirect(table.get_absolute_url())
    return redirect(table)


def _saved(request: HttpRequest, access: TableAccess, recorded: recording.Recorded) -> HttpResponse:
    """The htmx answer to a save: a blank form for the next hand (with a new submission
    id and the table's new version) saying the hand was saved, and out of band the new
    hand's row, the hand count, the seats with their chips and the next turn, and the
    rubber or drive. Built from the hands the save read under the table's lock."""
    table, hands = access.table, recorded.hands
    context = {
        "access": access,
        "round": table.round,
        "tournament": table.round.tournament,
        "hand": recorded.hand,
        "new_rows": _rows(table, [recorded.hand], editable=True),
        **_standing(
            request, table, hands, saved=_("Hand %(n)s saved.") % {"n": recorded.hand.number}
        ),
    }
    # Rendered without the request: the fragment shows nothing the context processors
    # give (the user, the messages, the roles), which cost some 0.1 ms to set up.
    return HttpResponse(render_to_string("tournaments/_hand_saved.html", context))


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
                recording.revise_hand(
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
        recording.revise_hand(
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
