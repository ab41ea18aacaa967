"""The rating lists (one per game family, filtered) and the page explaining the method."""

import datetime
import itertools

import django_tables2 as tables
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import formats, timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django_tables2 import RequestConfig

from accounts.roles import public
from scoring import get_ruleset
from scoring.ratings import FAMILIES
from tournaments.forms.ratings import RatingFilterForm
from tournaments.rating_models import FAMILY_TITLES, Rating

PER_PAGE = 50

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


# The club, the model's workings and the date give way on a phone: the place, the player
# (his page names his club), the rating and the tables rated fit 360 px in every language.
_WIDE_ONLY = {"th": {"class": "wide-only"}, "td": {"class": "wide-only"}}


class RatingTable(tables.Table):
    place = tables.Column(verbose_name="#", empty_values=(), orderable=False)
    player = tables.Column(
        verbose_name=_("Player"),
        linkify=lambda record: record.player.get_absolute_url(),
        orderable=False,
    )
    club = tables.Column(
        verbose_name=_("Home club"),
        accessor="player__home_club__short_name",
        orderable=False,
        attrs=_WIDE_ONLY,
    )
    ordinal = tables.Column(verbose_name=_("Rating"), orderable=False)
    mu = tables.Column(verbose_name="μ", orderable=False, attrs=_WIDE_ONLY)
    sigma = tables.Column(verbose_name="σ", orderable=False, attrs=_WIDE_ONLY)
    events = tables.Column(verbose_name=_("Tables"), orderable=False)
    last_played = tables.DateColumn(
        verbose_name=_("Last played"), orderable=False, attrs=_WIDE_ONLY
    )

    class Meta:
        attrs = {"class": "table"}
        empty_text = _("No rated players match.")

    def render_place(self) -> int:
        # The rows render in order: count from the page's first place.
        if not hasattr(self, "_places"):
            self._places = itertools.count(self.page.start_index() if hasattr(self, "page") else 1)
        return next(self._places)

    def render_player(self, value) -> str:
        return value.name

    def render_ordinal(self, value: float) -> str:
        return formats.number_format(value, 2)

    def render_mu(self, value: float) -> str:
        return formats.number_format(value, 2)

    def render_sigma(self, value: float) -> str:
        return formats.number_format(value, 2)


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
    table = RatingTable(filtered_ratings(family, form))
    RequestConfig(request, paginate={"per_page": PER_PAGE}).configure(table)
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
            "table": table,
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
