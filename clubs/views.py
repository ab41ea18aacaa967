"""Club, player and season pages.

Reading is public; changing a club's things is for its director (and the federation),
clubs and federation seasons are the federation's, a club's season its director's. Every view says which with a decorator from
`accounts.roles` or `clubs.permissions`.
"""

from django.contrib import messages
from django.core.paginator import Paginator
from django.db import transaction
from django.db.models import Prefetch, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django_tables2 import RequestConfig

from accounts.roles import (
    director_required,
    federation_required,
    is_director,
    is_federation,
    public,
)
from accounts.text import search_query
from clubs.db_collation import by_name
from clubs.duplicates import PlayerRow, candidate_pairs
from clubs.forms import ClubForm, MembershipForm, PlayerActiveForm, PlayerForm, SeasonForm
from clubs.models import Club, Membership, Player, PlayerMerge, Season
from clubs.pages import club_sections, player_sections
from clubs.permissions import (
    club_itself,
    director_of,
    directs_club,
    limit_club_choices,
    player_club,
    season_club,
)
from clubs.seasons import club_on
from clubs.tables import RosterTable


@public
def home(request: HttpRequest) -> HttpResponse:
    """The front page: clubs and the seasons running today."""
    return render(
        request,
        "clubs/home.html",
        {
            "clubs": Club.objects.with_member_counts(),
            "current_seasons": Season.objects.current().select_related("club"),
        },
    )


@public
def club_list(request: HttpRequest) -> HttpResponse:
    return render(request, "clubs/club_list.html", {"clubs": Club.objects.with_member_counts()})


def _player_table(request: HttpRequest, players) -> tuple[RosterTable, str]:
    query = search_query(request)
    if query:
        players = players.search(query)
    if not request.GET.get("sort"):
        # By surname as the reader's language files names; a column the reader sorts by
        # is sorted by the table (its name too: `RosterTable.order_name`).
        players = players.order_by(*by_name(get_language()))
    table = RosterTable(players)
    RequestConfig(request, paginate={"per_page": 25}).configure(table)
    return table, query


@public
def club_detail(request: HttpRequest, pk: int) -> HttpResponse:
    club = get_object_or_404(Club, pk=pk)
    roster = Player.objects.roster(club).filter(merged_into=None).select_related("home_club")
    table, query = _player_table(request, roster)
    return render(
        request,
        "clubs/club_detail.html",
        {
            "club": club,
            "table": table,
            "query": query,
            "seasons": club.seasons.all(),
            "sections": club_sections(club),
        },
    )


@public
def player_list(request: HttpRequest) -> HttpResponse:
    # A record merged into another is that player's: listed once, under the kept record.
    unmerged = Player.objects.filter(merged_into=None).select_related("home_club")
    table, query = _player_table(request, unmerged)
    return render(request, "clubs/player_list.html", {"table": table, "query": query})


# Pairs a page of possible duplicates shows.
DUPLICATES_PAGE = 50


@federation_required
def player_duplicates(request: HttpRequest) -> HttpResponse:
    """Pairs of player records that may be one person, for the federation to merge;
    `DUPLICATES_PAGE` pairs a page. The scan reads bare columns (a decade has 6,000
    players); only the page's players are loaded as records, in one query."""
    clubs_of: dict[int, set[int]] = {}
    for player_id, club_id in Membership.objects.values_list("player", "club"):
        clubs_of.setdefault(player_id, set()).add(club_id)
    columns = ("pk", "first_name", "last_name", "birth_year", "member_number", "home_club")
    rows = [
        PlayerRow(pk, first, last, year, number, frozenset({home, *clubs_of.get(pk, ())}))
        for pk, first, last, year, number, home in Player.objects.filter(
            merged_into=None
        ).values_list(*columns)
    ]
    page = Paginator(candidate_pairs(rows), DUPLICATES_PAGE).get_page(request.GET.get("page"))
    shown = {pk for pair in page.object_list for pk in (pair.first, pair.second)}
    players = Player.objects.filter(pk__in=shown).select_related("home_club")
    by_pk = {p.pk: p for p in players.only(*columns[1:], "display_name", "home_club__short_name")}
    pairs = [(by_pk[pair.first], by_pk[pair.second], pair.reason) for pair in page.object_list]
    return render(request, "clubs/player_duplicates.html", {"pairs": pairs, "page": page})


@public
def player_detail(request: HttpRequest, pk: int) -> HttpResponse:
    memberships = Membership.objects.select_related("club").order_by("-date_from")
    player = get_object_or_404(
        Player.objects.select_related("home_club", "merged_into").prefetch_related(
            Prefetch("memberships", queryset=memberships)
        ),
        pk=pk,
    )
    open_merges = PlayerMerge.objects.filter(
        Q(kept=player) | Q(duplicate=player), state=PlayerMerge.State.MERGED
    ).select_related("kept", "duplicate")
    # Each federation-wide season with the club the player was a member of on its first day.
    seasons = [
        (season, club_on(player.memberships.all(), season.start_date))
        for season in Season.objects.filter(club=None)
    ]
    return render(
        request,
        "clubs/player_detail.html",
        {
            "player": player,
            "open_merges": open_merges,
            "season_clubs": [(s, m) for s, m in seasons if m],
            "sections": player_sections(player),
        },
    )


@public
def season_list(request: HttpRequest) -> HttpResponse:
    """Every season, federation and club; each with an edit link for who may run it."""
    seasons = list(Season.objects.select_related("club"))
    return render(
        request,
        "clubs/season_list.html",
        {
            "seasons": seasons,
            "today": timezone.localdate(),
            "may_create": is_director(request.user),
            "may_edit": {s.pk for s in seasons if directs_club(request.user, s.club_id)},
        },
    )


def _edit(
    request: HttpRequest, form_class, *, title: str, instance=None, next_url=None, **form_kwargs
) -> HttpResponse:
    """Show a model form; when it is valid save it in one transaction and go on.

    `next_url` is where to go after saving (a URL name or an object); the saved object's
    own page by default.
    """
    form = form_class(request.POST or None, instance=instance, **form_kwargs)
    limit_club_choices(form, request.user)
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            obj = form.save()
        messages.success(request, _("Saved %(name)s.") % {"name": obj})
        return redirect(next_url or obj)
    return render(request, "clubs/form.html", {"form": form, "title": title})


def _edit_title(obj) -> str:
    return _("Edit %(name)s") % {"name": obj}


@federation_required
def club_create(request: HttpRequest) -> HttpResponse:
    return _edit(request, ClubForm, title=_("New club"))


@director_of(club_itself)
def club_edit(request: HttpRequest, pk: int) -> HttpResponse:
    club = get_object_or_404(Club, pk=pk)
    return _edit(request, ClubForm, instance=club, title=_edit_title(club))


@director_required
def player_create(request: HttpRequest) -> HttpResponse:
    club = request.GET.get("club", "")
    initial = {"home_club": club} if club.isdigit() else {}
    return _edit(request, PlayerForm, title=_("New player"), initial=initial)


@director_of(player_club)
def player_edit(request: HttpRequest, pk: int) -> HttpResponse:
    player = get_object_or_404(Player, pk=pk)
    return _edit(request, PlayerForm, instance=player, title=_edit_title(player))


@director_of(player_club)
@require_POST
def player_set_active(request: HttpRequest, pk: int) -> HttpResponse:
    """Deactivate or reactivate a player; nothing about the player is deleted."""
    player = get_object_or_404(Player, pk=pk)
    form = PlayerActiveForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Say whether the player is active (1) or not (0)."))
        return redirect(player)
    player.active = form.cleaned_data["active"]
    player.save(update_fields=["active"])
    if player.active:
        messages.success(request, _("%(name)s is active again.") % {"name": player})
    else:
        messages.success(request, _("%(name)s is now inactive.") % {"name": player})
    return redirect(player)


@director_of(player_club)
def membership_create(request: HttpRequest, pk: int) -> HttpResponse:
    player = get_object_or_404(Player, pk=pk)
    title = _("New membership for %(name)s") % {"name": player}
    return _edit(request, MembershipForm, title=title, next_url=player, player=player)


@director_required
def season_create(request: HttpRequest) -> HttpResponse:
    """A club's director opens a season of his club; the federation one of any club or a
    federation season across clubs."""
    return _edit(
        request,
        SeasonForm,
        title=_("New season"),
        next_url="clubs:season_list",
        federation=is_federation(request.user),
    )


@director_of(season_club)
def season_edit(request: HttpRequest, pk: int) -> HttpResponse:
    season = get_object_or_404(Season, pk=pk)
    return _edit(
        request,
        SeasonForm,
        instance=season,
        title=_edit_title(season),
        next_url="clubs:season_list",
        federation=is_federation(request.user),
    )
