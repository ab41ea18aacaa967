"""The rating lists (one per game family, filtered) and the page explaining the method."""

import datetime

from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import gettext

from accounts.roles import public
from scoring import get_ruleset
from scoring.ratings import FAMILIES
from tournaments.forms.ratings import RatingFilterForm
from tournaments.rating_models import FAMILY_TITLES, Rating

PER_PAGE = 50
# What a row of the list shows: its query reads these columns only.
_SHOWN = (
    "ordinal",
    "mu",
    "sigma",
    "events",
    "last_played",
    "player__first_name",
    "player__last_name",
    "player__display_name",
    "player__home_club__short_name",
)

# The evidence the method page shows: a history `simulate_history` built (its players'
# hidden skill known), rated, and `rating_evidence` run on it (seed 1, 60 tournaments,
# 3 clubs, 72 players: about 20 tournaments a player, spread over the five games). Each
# game: players, tables a player, Spearman of the rating, of the average place.
EVIDENCE_RUN = {"seed": 1, "tournaments": 60, "clubs": 3, "players": 72}
EVIDENCE = (
    ("spjst", 71, 13.2, 0.845, 0.830),
    ("czech", 72, 23.0, 0.917, 0.934),
    ("si_double", 72, 12.5, 0.802, 0.822),
    ("whist", 71, 9.6, 0.578, 0.627),
)


def filtered_ratings(family: str, form: RatingFilterForm):
    """The game's ratings, best first, that the form's filters let through (all of them
    when the form is not valid): the list page's rows, and the API's."""
    ratings = (
        Rating.objects.filter(family=family)
        .select_related("player__home_club")
        .order_by("-ordinal", "-events", "player_id")
    )
    if not form.is_valid():
        return ratings
    data = form.cleaned_data
    if data["club"]:
        ratings = ratings.filter(player__home_club=data["club"])
    if data["country"]:
        ratings = ratings.filter(player__home_club__country=data["country"])
    if data["min_tables"]:
        ratings = ratings.filter(events__gte=data["min_tables"])
    if data["months"]:
        since = timezone.localdate() - datetime.timedelta(days=round(data["months"] * 30.44))
        ratings = ratings.filter(last_played__gte=since)
    return ratings


@public
def rating_list(request: HttpRequest, family: str = "spjst") -> HttpResponse:
    """One game's rating list, best first, with the filters of the query string."""
    if family not in FAMILIES:
        raise Http404("unknown game")
    form = RatingFilterForm(request.GET or None)
    # Drawn by the template's own loop: django-tables2 inspected each cell's renderer
    # anew, most of the page's time at 50 rows.
    ratings = filtered_ratings(family, form).only(*_SHOWN)
    page = Paginator(ratings, PER_PAGE).get_page(request.GET.get("page"))
    query = request.GET.copy()
    query.pop("page", None)
    return render(
        request,
        "tournaments/ratings.html",
        {
            "family": family,
            "families": list(FAMILY_TITLES.items()),
            "title": FAMILY_TITLES[family],
            "form": form,
            "page": page,
            "query": query.urlencode(),
        },
    )


@public
def rating_method(request: HttpRequest) -> HttpResponse:
    """How the ratings are computed, with which parameters, and how to reproduce them."""
    return render(
        request,
        "tournaments/rating_method.html",
        {
            "families": [
                (FAMILY_TITLES[name], [gettext(get_ruleset(r).TITLE) for r in rulesets])
                for name, rulesets in FAMILIES.items()
            ],
            "run": EVIDENCE_RUN,
            "evidence": [(FAMILY_TITLES[name], *figures) for name, *figures in EVIDENCE],
        },
    )
