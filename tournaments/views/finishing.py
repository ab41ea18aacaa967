"""Finishing a tournament (its standings become final) and reopening it (directors)."""

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs.permissions import director_of
from tournaments import services
from tournaments.access import tournament_club
from tournaments.forms.rounds import FinishForm
from tournaments.models import Tournament


@director_of(tournament_club)
@require_POST
def tournament_finish(request: HttpRequest, pk: int) -> HttpResponse:
    """Finish the tournament once its last round is closed, or reopen it with a reason."""
    tournament = get_object_or_404(Tournament, pk=pk)
    form = FinishForm(request.POST)
    if not form.is_valid():
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, error)
        return redirect(tournament)
    try:
        if form.cleaned_data["action"] == FinishForm.FINISH:
            services.finish_tournament(tournament=tournament, by=request.user)
            messages.success(
                request,
                _("%(name)s is finished: its standings are final.") % {"name": tournament.name},
            )
        else:
            services.reopen_tournament(
                tournament=tournament, by=request.user, reason=form.cleaned_data["reason"]
            )
            messages.success(
                request,
                _("%(name)s is reopened: its standings are provisional again.")
                % {"name": tournament.name},
            )
    except services.TournamentError as error:
        messages.error(request, str(error))
    return redirect(tournament)
