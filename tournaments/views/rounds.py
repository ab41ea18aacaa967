"""Rounds: the draw, the seating list, swaps, judges and the round's status (directors)."""

from django.contrib import messages
from django.db.models import Prefetch
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _
from django.views.decorators.http import conditional_page, require_POST

from accounts.roles import public
from clubs.collation import person_key
from clubs.permissions import director_of, directs_club
from tournaments import services
from tournaments.access import table_club, tournament_club
from tournaments.feedback import form_refused, service_refusals
from tournaments.forms.rounds import (
    DrawForm,
    JudgeForm,
    RoundStatusForm,
    SwapForm,
    judge_accounts,
)
from tournaments.forms.table import ReasonForm
from tournaments.models import Round, Seat, Table, Tournament
from tournaments.printing.qr import QUIET_MODULES, qr_matrix, svg_path


def _round(tournament_id: int, number: int):
    tables = Table.objects.select_related("judge").prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("player"))
    )
    return get_object_or_404(
        Round.objects.select_related("tournament").prefetch_related(
            Prefetch("tables", queryset=tables), "byes__player"
        ),
        tournament_id=tournament_id,
        number=number,
    )


@public
def round_detail(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """The seating list; directors also get swaps, judges and the round's controls."""
    round_ = _round(pk, number)
    language = get_language()
    seated = sorted(
        (seat for table in round_.tables.all() for seat in table.seats.all()),
        key=lambda seat: person_key(seat.player.last_name, seat.player.first_name, language),
    )
    context = {"round": round_, "tournament": round_.tournament, "seated": seated}
    if directs_club(request.user, round_.tournament.host_club_id):
        judges = list(judge_accounts(round_.tournament.host_club_id))
        context["judge_forms"] = {
            table.pk: JudgeForm(
                initial={"judge": table.judge_id, "paper_only": table.paper_only},
                judges=judges,
                auto_id=f"table{table.number}-%s",
            )
            for table in round_.tables.all()
        }
        context["reason_form"] = ReasonForm()
        context["judge_links"] = {
            table.pk: request.build_absolute_uri(
                reverse("tournaments:judge_link", args=[table.judge_token])
            )
            for table in round_.tables.all()
            if table.judge_token
        }
    return render(request, "tournaments/round.html", context)


@director_of(tournament_club)
@require_POST
def round_draw(request: HttpRequest, pk: int) -> HttpResponse:
    """Draw the next round with the seed given, or a random one when it is blank."""
    tournament = get_object_or_404(Tournament, pk=pk)
    form = DrawForm(request.POST)
    if not form.is_valid():
        form_refused(request, form)
        return redirect(tournament)
    with service_refusals(request) as outcome:
        round_ = services.draw_next_round(
            tournament=tournament, by=request.user, seed=form.cleaned_data["seed"]
        )
    if not outcome.ok:
        return redirect(tournament)
    messages.success(
        request, _("%(round)s drawn with seed %(seed)s.") % {"round": round_, "seed": round_.seed}
    )
    return redirect(round_)


@director_of(tournament_club)
@require_POST
def round_plan_add(request: HttpRequest, pk: int) -> HttpResponse:
    """Add a round to the plan, so that the next round can be drawn."""
    tournament = get_object_or_404(Tournament, pk=pk)
    with service_refusals(request):
        tournament = services.add_planned_round(tournament=tournament, by=request.user)
        messages.success(
            request,
            ngettext(
                "The plan is now %(n)s round: draw the next round when ready.",
                "The plan is now %(n)s rounds: draw the next round when ready.",
                tournament.rounds_planned,
            )
            % {"n": tournament.rounds_planned},
        )
    return redirect(tournament)


@director_of(tournament_club)
@require_POST
def round_swap(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Exchange two players' places before the round starts."""
    round_ = get_object_or_404(Round, tournament_id=pk, number=number)
    form = SwapForm(request.POST, round_=round_)
    if not form.is_valid():
        form_refused(request, form)
        return redirect(round_)
    with service_refusals(request):
        services.swap(
            round_=round_,
            player_a=form.cleaned_data["player_a"].pk,
            player_b=form.cleaned_data["player_b"].pk,
            by=request.user,
        )
        messages.success(request, _("The two players were swapped."))
    return redirect(round_)


@director_of(tournament_club)
@require_POST
def round_status(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Start, close or reopen (with a reason) the round."""
    round_ = get_object_or_404(Round, tournament_id=pk, number=number)
    form = RoundStatusForm(request.POST)
    if not form.is_valid():
        form_refused(request, form)
        return redirect(round_)
    with service_refusals(request):
        reopened = services.set_round_status(
            round_=round_,
            status=form.cleaned_data["status"],
            by=request.user,
            reason=form.cleaned_data["reason"],
        )
        round_.refresh_from_db(fields=["status"])
        done = (
            _("%(round)s is reopened: in play again.") if reopened else _("%(round)s: %(status)s.")
        )
        messages.success(
            request, done % {"round": round_, "status": round_.get_status_display().lower()}
        )
    return redirect(round_)


@director_of(table_club)
@require_POST
def table_judge(request: HttpRequest, table_id: int) -> HttpResponse:
    """Assign the table's judge account and make or revoke its private link."""
    table = get_object_or_404(Table.objects.select_related("round__tournament"), pk=table_id)
    form = JudgeForm(request.POST, judges=judge_accounts(table.round.tournament.host_club_id))
    if form.is_valid():
        with service_refusals(request):
            table = services.set_judge(
                table=table,
                by=request.user,
                judge=form.cleaned_data["judge"],
                link=form.cleaned_data["link"],
                paper_only=form.cleaned_data["paper_only"],
            )
            if table.paper_only:
                messages.success(
                    request,
                    _("%(table)s updated; it keeps score on paper only.") % {"table": table},
                )
            else:
                messages.success(request, _("%(table)s updated.") % {"table": table})
    else:
        messages.error(request, _("Choose a judge from the list."))
    return redirect(table.round)


@director_of(table_club)
@conditional_page
def table_qr(request: HttpRequest, table_id: int) -> HttpResponse:
    """The table's judge link as a QR code (SVG) for the table card."""
    table = get_object_or_404(Table, pk=table_id, judge_token__isnull=False)
    url = request.build_absolute_uri(reverse("tournaments:judge_link", args=[table.judge_token]))
    # The sheets' matrix (one mask, cached): the same code as on paper, in a few
    # milliseconds rather than the tens that choosing among eight masks takes.
    matrix = qr_matrix(url)
    side = len(matrix) + 2 * QUIET_MODULES
    response = render(
        request,
        "tournaments/table_qr.svg",
        {"path": svg_path(matrix), "side": side, "pixels": side * 8},
        content_type="image/svg+xml",
    )
    # The code holds the table's secret link, so no shared cache keeps it, and a revoked
    # link is not shown again; @conditional_page answers an unchanged code with a 304.
    response["Cache-Control"] = "private, no-cache"
    return response
