"""A table's end-of-round score sheet: the judge enters the counts, a second person (a
director or the judge of another table of the round) reads and confirms them, and a
director can reopen a confirmed table.

The judge's view gets its table through `judge_of_table` (the table's judge, its private
link, or a director); the sheet's page for the second person is for directors and the
judges of the round.
"""

import uuid

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django_htmx.http import HttpResponseClientRedirect

from accounts.roles import signed_in
from clubs.permissions import director_of, directs_club
from tournaments import offline, score_sheets, services
from tournaments.access import (
    TableAccess,
    browser_id,
    holds_link,
    judge_of_table,
    reread,
    table_access,
    table_club,
)
from tournaments.feedback import service_refusals, told_phone
from tournaments.forms.table import ReasonForm, SheetForm
from tournaments.models import Round, ScoreSheet, Table
from tournaments.progress import lock_message, table_rubbers

# The id of the part of the sheet's page its own save asks for (htmx's HX-Target).
SHEET_PART = "sheet-entry"


@judge_of_table
def sheet_enter(request: HttpRequest, access: TableAccess) -> HttpResponse:
    """The end-of-round chip counts, checked against the total and the recorded hands.

    A POST answers with `feedback.OUTCOME_HEADER` as a hand's save does, for the phone's queue
    (a sheet entered offline is sent after the hands); a repeated submission stores
    nothing. The page may be kept on the phone like the table's page.
    """
    access = reread(access)
    table = access.table
    seats = table.seats.all()
    form = SheetForm(request.POST or None, seats=seats)
    if request.method != "POST":
        response = _sheet_page(request, table, form=form, may_enter=True)
        return offline.mark_cacheable(request, response)
    in_page = _in_page(request)
    if not form.is_valid():
        response = _sheet_page(request, table, form=form, may_enter=True, part=in_page)
        return told_phone(response, "invalid", _("The sheet's form has errors: nothing saved."))
    with service_refusals(request) as outcome:
        entered = score_sheets.add_sheet(
            access=access, counts=form.counts(), submission=form.cleaned_data["submission"]
        )
    if not outcome.ok and in_page:
        # Said in place, the counts kept in the form as typed.
        response = _sheet_page(request, table, form=form, may_enter=True, part=True)
        return told_phone(response, outcome.refusal, outcome.message)
    if not outcome.ok:
        url = reverse("tournaments:sheet", args=[table.pk])
        # The phone's queue reads the outcome: an htmx-style answer, not a redirect it
        # would follow.
        response = HttpResponseClientRedirect(url) if request.htmx else redirect(url)
        return told_phone(response, outcome.refusal, outcome.message)
    if not entered.created:
        messages.info(request, _("This sheet was already saved; it is stored once."))
    elif entered.check.ok:
        messages.success(
            request, _("The sheet agrees; it now needs a second person to confirm it.")
        )
    else:
        messages.warning(request, _("The sheet was saved but does not agree; see below."))
    # The counts again in a form with a new submission id: entering them again is a new sheet.
    again = SheetForm(initial=form.cleaned_data | {"submission": uuid.uuid4()}, seats=seats)
    response = _sheet_page(
        request, table, form=again, check=entered.check, may_enter=True, part=in_page
    )
    return told_phone(response, "saved" if entered.created else "stored-before")


def _in_page(request: HttpRequest) -> bool:
    """The sheet page's own save (static/js/judge/capture.js), which swaps the parts of
    the page the answer carries; the phone's queue and the plain form get the page."""
    return bool(request.htmx) and request.htmx.target == SHEET_PART


def _sheet_page(
    request: HttpRequest,
    table: Table,
    *,
    form=None,
    check=None,
    may_enter: bool,
    part: bool = False,
) -> HttpResponse:
    """A table's latest sheet with its check, the Confirm button (or why not), the form
    to enter the counts (for the table's judge) and the reopen form (for a director);
    with `part`, only what a save changes (a few KB rather than the page and its hands)."""
    latest = table.sheets.order_by("-entered_at", "-pk").first()
    hands = list(table.hands.all())
    if latest and check is None:
        check = score_sheets.table_check(table, latest.counts())
    refusal = None
    if latest and not latest.confirmed:
        refusal = score_sheets.confirm_refusal(
            latest,
            user=request.user,
            browser=browser_id(request),
            holds_link=holds_link(request, table),
        )
    return render(
        request,
        "tournaments/_sheet_answer.html" if part else "tournaments/sheet.html",
        {
            "form": form,
            "table": table,
            "round": table.round,
            "check": check,
            "sheet": latest,
            "names": table.seat_names,
            "hands": hands,
            **table_rubbers(table, hands),
            "seats": table.seats.all(),
            "refusal": refusal,
            "may_enter": may_enter and table.round.status != Round.Status.CLOSED,
            "locked": lock_message(table),
            "reopen_form": ReasonForm()
            if directs_club(request.user, table.round.tournament.host_club_id)
            else None,
            "offline_key": offline.session_cache_key(request) if may_enter else None,
        },
    )


def _may_review(request: HttpRequest, table: Table) -> bool:
    """The table's own judge and directors, and the judges of the round's other tables."""
    if table_access(request, table) is not None:
        return True
    user = request.user
    return user.is_authenticated and Table.objects.filter(round=table.round, judge=user).exists()


@signed_in
def sheet_review(request: HttpRequest, sheet_id: int) -> HttpResponse:
    """A sheet read-only with the table's hands, for the second person who confirms it:
    directors and the judges of the round's tables may read it."""
    sheet = get_object_or_404(ScoreSheet.objects.only("table_id"), pk=sheet_id)
    table = Table.objects.with_play().get(pk=sheet.table_id)
    if not _may_review(request, table):
        raise PermissionDenied(
            _("Only a director or the judges of this round may read this score sheet.")
        )
    return _sheet_page(request, table, may_enter=False)


@signed_in
@require_POST
def sheet_confirm(request: HttpRequest, sheet_id: int) -> HttpResponse:
    """Confirm a sheet: a director or the judge of another table, never who entered it.

    A refusal comes back as a message on the sheet's page, in plain words.
    """
    sheet = get_object_or_404(ScoreSheet.objects.select_related("table__round"), pk=sheet_id)
    with service_refusals(request):
        score_sheets.confirm_sheet(
            sheet=sheet,
            by=request.user,
            browser=browser_id(request),
            holds_link=holds_link(request, sheet.table),
        )
        messages.success(request, _("%(table)s confirmed.") % {"table": sheet.table})
    if not _may_review(request, sheet.table):
        return redirect("tournaments:my_tables")
    return redirect("tournaments:sheet_review", sheet_id=sheet.pk)


@director_of(table_club)
@require_POST
def table_reopen(request: HttpRequest, table_id: int) -> HttpResponse:
    """Undo a table's confirmation (a director, with a reason) so it can be corrected."""
    table = get_object_or_404(Table.objects.select_related("round__tournament"), pk=table_id)
    form = ReasonForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Say why the table is reopened."))
    else:
        with service_refusals(request):
            services.reopen_table(table=table, by=request.user, reason=form.cleaned_data["reason"])
            messages.success(
                request,
                _("%(table)s is open again: its judge can change hands and enter the sheet.")
                % {"table": table},
            )
    return redirect("tournaments:sheet", table_id=table.pk)
