"""Rounds: the draw, the seating list, swaps, judges and the round's status (directors)."""

import qrcode
import qrcode.image.svg
from django.contrib import messages
from django.db.models import Prefetch
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs.roles import director_required, is_director, public
from tournaments import services
from tournaments.forms import JudgeForm, ReasonForm, judge_accounts
from tournaments.models import Round, Seat, Table, Tournament


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
    seated = sorted(
        (seat for table in round_.tables.all() for seat in table.seats.all()),
        key=lambda seat: (seat.player.last_name, seat.player.first_name),
    )
    context = {"round": round_, "tournament": round_.tournament, "seated": seated}
    if is_director(request.user):
        judges = list(judge_accounts())
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


@director_required
@require_POST
def round_draw(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=pk)
    seed_text = request.POST.get("seed", "").strip()
    if seed_text and not seed_text.isdigit():
        messages.error(request, _("The seed must be a whole number (or blank for a random one)."))
        return redirect(tournament)
    try:
        round_ = services.draw_next_round(
            tournament=tournament, by=request.user, seed=int(seed_text) if seed_text else None
        )
    except services.TournamentError as error:
        messages.error(request, str(error))
        return redirect(tournament)
    messages.success(
        request, _("%(round)s drawn with seed %(seed)s.") % {"round": round_, "seed": round_.seed}
    )
    return redirect(round_)


@director_required
@require_POST
def round_swap(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    round_ = get_object_or_404(Round, tournament_id=pk, number=number)
    try:
        services.swap(
            round_=round_,
            player_a=int(request.POST.get("player_a", 0)),
            player_b=int(request.POST.get("player_b", 0)),
            by=request.user,
        )
        messages.success(request, _("The two players were swapped."))
    except (services.TournamentError, ValueError) as error:
        messages.error(request, str(error))
    return redirect(round_)


@director_required
@require_POST
def round_status(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Start, close or reopen (with a reason) the round."""
    round_ = get_object_or_404(Round, tournament_id=pk, number=number)
    try:
        services.set_round_status(
            round_=round_,
            status=request.POST.get("status", ""),
            by=request.user,
            reason=request.POST.get("reason", ""),
        )
    except services.TournamentError as error:
        messages.error(request, str(error))
    return redirect(round_)


@director_required
@require_POST
def table_judge(request: HttpRequest, table_id: int) -> HttpResponse:
    """Assign the table's judge account and make or revoke its private link."""
    table = get_object_or_404(Table.objects.select_related("round__tournament"), pk=table_id)
    form = JudgeForm(request.POST)
    if form.is_valid():
        table = services.set_judge(
            table=table,
            by=request.user,
            judge=form.cleaned_data["judge"],
            link=form.cleaned_data["link"],
            paper_only=form.cleaned_data["paper_only"],
        )
        if table.paper_only:
            messages.success(
                request, _("%(table)s updated; it keeps score on paper only.") % {"table": table}
            )
        else:
            messages.success(request, _("%(table)s updated.") % {"table": table})
    else:
        messages.error(request, _("Choose a judge from the list."))
    return redirect(table.round)


@director_required
def table_qr(request: HttpRequest, table_id: int) -> HttpResponse:
    """The table's judge link as a QR code (SVG) for the table card."""
    table = get_object_or_404(Table, pk=table_id, judge_token__isnull=False)
    url = request.build_absolute_uri(reverse("tournaments:judge_link", args=[table.judge_token]))
    image = qrcode.make(url, image_factory=qrcode.image.svg.SvgPathImage, box_size=12)
    response = HttpResponse(image.to_string(encoding="unicode"), content_type="image/svg+xml")
    response["Cache-Control"] = "no-store"
    return response
