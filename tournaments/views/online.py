"""A signed-in player's own registrations: register or withdraw on the tournament's page,
and the list of their registrations and results (tournaments.services.signup)."""

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.roles import signed_in
from tournaments import services
from tournaments.feedback import service_refusals
from tournaments.models import Registration, Tournament
from tournaments.online_registration import own_player, waiting_ahead


@signed_in
@require_POST
def register_me(request: HttpRequest, pk: int) -> HttpResponse:
    """The signed-in player registers themselves (no one else: the player is the account's)."""
    tournament = get_object_or_404(Tournament, pk=pk)
    player = own_player(request.user)
    if player is None:
        messages.error(request, _("Your account is not linked to a player record."))
        return redirect(tournament)
    with service_refusals(request):
        registration = services.register_online(
            tournament=tournament, player=player, by=request.user
        )
        if registration.waiting is None:
            messages.success(request, _("You are registered."))
        else:
            messages.success(request, _("The tournament is full: you are on the waiting list."))
    return redirect(tournament)


@signed_in
@require_POST
def withdraw_me(request: HttpRequest, pk: int) -> HttpResponse:
    """The signed-in player withdraws their own registration."""
    tournament = get_object_or_404(Tournament, pk=pk)
    # Only the account's own player: no form field could name someone else.
    registration = Registration.objects.filter(
        tournament=tournament, player__account=request.user, last_round__isnull=True
    ).first()
    if registration is None:
        messages.error(request, _("You are not registered for this tournament."))
        return redirect(tournament)
    with service_refusals(request):
        services.withdraw_online(registration=registration, by=request.user)
        messages.success(request, _("You have withdrawn."))
    return redirect(tournament)


@signed_in
def my_registrations(request: HttpRequest) -> HttpResponse:
    """The player's registrations, with their place on a waiting list, and results."""
    player = own_player(request.user)
    registrations = []
    if player is not None:
        registrations = list(
            player.registrations.select_related("tournament__host_club")
            .annotate(position=waiting_ahead())
            .order_by("-tournament__date", "tournament__name")
        )
    context = {"player": player, "registrations": registrations}
    return render(request, "tournaments/my_registrations.html", context)
