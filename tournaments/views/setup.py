"""Tournament setup and registration (directors), and the public tournament pages."""

from django.contrib import messages
from django.core.paginator import Paginator
from django.db import transaction
from django.db.models import Count, Prefetch
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.roles import director_required, public
from accounts.text import search_query
from clubs.collation import person_key
from clubs.models import Player
from clubs.permissions import director_of, limit_club_choices, visible_seasons
from tournaments import services
from tournaments.access import registration_club, tournament_club
from tournaments.feedback import form_refused, service_refusals
from tournaments.forms.setup import (
    NewPlayerForm,
    RegisterForm,
    RegistrationActionForm,
    TournamentForm,
)
from tournaments.models import Registration, Round, Tournament
from tournaments.online_registration import online_summary

# Tournaments a page of the list shows.
LIST_PAGE = 50
# Players the registration desk's search shows at once (more: it says to type more).
FOUND_AT_MOST = 20


@public
def tournament_list(request: HttpRequest) -> HttpResponse:
    """The tournaments, newest first, a page of `LIST_PAGE` at a time: a decade of them
    on one page took 0.4 s to count and draw."""
    tournaments = Tournament.objects.select_related("host_club", "season").order_by(
        "-date", "name", "pk"
    )
    page = Paginator(tournaments, LIST_PAGE).get_page(request.GET.get("page"))
    # The page's players counted for its tournaments alone (one query).
    counted = (
        Registration.objects.filter(tournament__in=page.object_list, waiting__isnull=True)
        .values("tournament")
        .annotate(n=Count("pk"))
    )
    players = {row["tournament"]: row["n"] for row in counted}
    for tournament in page.object_list:
        tournament.players = players.get(tournament.pk, 0)
    return render(request, "tournaments/list.html", {"tournaments": page, "page": page})


@public
def tournament_detail(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = get_object_or_404(
        Tournament.objects.select_related("host_club", "season").prefetch_related(
            Prefetch("rounds", queryset=Round.objects.annotate(table_count=Count("tables")))
        ),
        pk=pk,
    )
    last = tournament.last_round
    return render(
        request,
        "tournaments/detail.html",
        {
            "tournament": tournament,
            # Every planned round drawn: the page offers to raise the plan, not a draw.
            "plan_complete": last is not None and last.number >= tournament.rounds_planned,
            # The waiting list is counted apart (online_summary).
            "registered": tournament.registrations.filter(waiting__isnull=True).count(),
            "checked_in": tournament.registrations.filter(checked_in=True).count(),
            **online_summary(tournament, request.user),
        },
    )


def _tournament_form(request: HttpRequest, instance: Tournament | None) -> HttpResponse:
    form = TournamentForm(request.POST or None, instance=instance)
    limit_club_choices(form, request.user)
    # His clubs' seasons and the federation's; the service refuses another club's season.
    form.fields["season"].queryset = visible_seasons(request.user)
    if request.method == "POST" and form.is_valid():
        with service_refusals(request) as outcome:
            if instance is None:
                tournament = services.create_tournament(by=request.user, **form.tournament_fields())
            else:
                tournament = services.edit_tournament(
                    tournament=instance, by=request.user, **form.tournament_fields()
                )
            messages.success(request, _("Saved %(name)s.") % {"name": tournament})
        if outcome.ok:
            return redirect(tournament)
    title = _("Edit %(name)s") % {"name": instance} if instance else _("New tournament")
    return render(
        request, "tournaments/form.html", {"form": form, "title": title, "tournament": instance}
    )


@director_required
def tournament_create(request: HttpRequest) -> HttpResponse:
    return _tournament_form(request, None)


@director_of(tournament_club)
def tournament_edit(request: HttpRequest, pk: int) -> HttpResponse:
    return _tournament_form(request, get_object_or_404(Tournament, pk=pk))


@director_of(tournament_club)
def registrations(request: HttpRequest, pk: int) -> HttpResponse:
    """Registration desk: who is registered and checked in, the waiting list in its order,
    online registration's cap and deadline; search the rosters to add."""
    tournament = get_object_or_404(Tournament, pk=pk)
    query = search_query(request)
    language = get_language()
    every = list(tournament.registrations.select_related("player__home_club"))
    registered = sorted(
        (r for r in every if r.waiting is None),
        key=lambda r: person_key(r.player.last_name, r.player.first_name, language),
    )
    # The waiting list in its order: the first moves up when a place is freed.
    waiting = sorted((r for r in every if r.waiting is not None), key=lambda r: r.waiting)
    found, more_found = [], False
    if query:
        # One past the page tells whether more match than are shown (the desk then types
        # more of the name), and the page is filed in the reader's alphabet, as the
        # registered list below it is (Kříž before Kučera in Czech).
        matches = list(
            Player.objects.active()
            .search(query)
            .exclude(registrations__tournament=tournament)
            .select_related("home_club")[: FOUND_AT_MOST + 1]
        )
        more_found = len(matches) > FOUND_AT_MOST
        found = sorted(
            matches[:FOUND_AT_MOST],
            key=lambda player: person_key(player.last_name, player.first_name, language),
        )
    template = (
        "tournaments/_search_results.html" if request.htmx else "tournaments/registrations.html"
    )
    return render(
        request,
        template,
        {
            "tournament": tournament,
            "registrations": registered,
            "waiting": waiting,
            "query": query,
            "found": found,
            "more_found": more_found,
            "new_player_form": NewPlayerForm(),
            # The cap, the deadline and the places left, as the tournament's page says.
            **online_summary(tournament, request.user),
        },
    )


def _register(request: HttpRequest, tournament: Tournament, player: Player) -> None:
    with service_refusals(request):
        services.register(tournament=tournament, player=player, checked_in=True)
        messages.success(request, _("%(name)s is registered and checked in.") % {"name": player})


@director_of(tournament_club)
@require_POST
def register_player(request: HttpRequest, pk: int) -> HttpResponse:
    """Register a player from the rosters; after the draw, a late entry (next round on)."""
    tournament = get_object_or_404(Tournament, pk=pk)
    form = RegisterForm(request.POST)
    if form.is_valid():
        _register(request, tournament, form.cleaned_data["player"])
    else:
        form_refused(request, form)
    return redirect("tournaments:registrations", pk=pk)


@director_of(tournament_club)
@require_POST
def register_new_player(request: HttpRequest, pk: int) -> HttpResponse:
    """Create a player of the host club on the spot and register them."""
    tournament = get_object_or_404(Tournament, pk=pk)
    form = NewPlayerForm(request.POST)
    if not form.is_valid():
        form_refused(request, form)
        return redirect("tournaments:registrations", pk=pk)
    with service_refusals(request), transaction.atomic():
        # One transaction: a refused registration leaves no new player behind.
        player = Player.objects.create(home_club=tournament.host_club, **form.cleaned_data)
        services.register(tournament=tournament, player=player, checked_in=True)
        messages.success(request, _("%(name)s is registered and checked in.") % {"name": player})
    return redirect("tournaments:registrations", pk=pk)


@director_of(registration_club)
@require_POST
def registration_update(request: HttpRequest, pk: int) -> HttpResponse:
    """Check in, undo a check-in, or withdraw a player between rounds; give one on the
    waiting list a place."""
    registration = get_object_or_404(Registration.objects.select_related("tournament"), pk=pk)
    form = RegistrationActionForm(request.POST)
    if not form.is_valid():
        form_refused(request, form)
    elif form.cleaned_data["action"] == "withdraw":
        services.withdraw(registration=registration, by=request.user)
        messages.success(request, _("%(name)s withdrew.") % {"name": registration.player})
    elif form.cleaned_data["action"] == "promote":
        with service_refusals(request):
            services.promote(registration=registration, by=request.user)
            messages.success(
                request,
                _("%(name)s has a place now.") % {"name": registration.player},
            )
    else:
        checked_in = form.cleaned_data["action"] == "check_in"
        services.set_checked_in(registration=registration, checked_in=checked_in, by=request.user)
        done = (
            _("%(name)s is checked in.") if checked_in else _("%(name)s is no longer checked in.")
        )
        messages.success(request, done % {"name": registration.player})
    return redirect("tournaments:registrations", pk=registration.tournament_id)
