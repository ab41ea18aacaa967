"""The rating lists (one per game family, as /ratings/<game>/) and the penalty rulings
lookup (as /rulings/)."""

from django.db.models import Count
from django.http import Http404
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.exceptions import ValidationError
from rest_framework.mixins import ListModelMixin
from rest_framework.request import Request
from rest_framework.response import Response

from accounts.text import search_query
from api import serializers as out
from api.conditional import ReadView
from api.filters import RulingQuery, checked
from scoring import RULESETS, catalogue, score_hand
from scoring.ratings import FAMILIES
from scoring.rulings import find
from scoring.translate import line_text, say
from tournaments.forms.ratings import RatingFilterForm
from tournaments.rating_models import FAMILY_TITLES, Rating
from tournaments.views.ratings import filtered_ratings

# The list shows each figure to two places; so does the API.
PLACES = 2


@extend_schema(tags=["ratings"])
class RatingFamilies(ReadView):
    """The games rated apart (each a family of rulesets), with how many players each rates."""

    serializer_class = out.RatingFamily
    pagination_class = None

    @extend_schema(responses=out.RatingFamily(many=True), operation_id="rating_families_list")
    def get(self, request: Request) -> Response:
        rated = dict(
            Rating.objects.order_by()
            .values("family")
            .annotate(n=Count("id"))
            .values_list("family", "n")
        )
        families = [
            {
                "family": name,
                "title": str(FAMILY_TITLES[name]),
                "rulesets": list(rulesets),
                "rated": rated.get(name, 0),
            }
            for name, rulesets in FAMILIES.items()
        ]
        return Response(self.get_serializer(families, many=True).data)


@extend_schema(
    tags=["ratings"],
    parameters=[
        OpenApiParameter("club", OpenApiTypes.INT, description="Home club id."),
        OpenApiParameter("country", OpenApiTypes.STR, description="The home club's country."),
        OpenApiParameter("min_tables", OpenApiTypes.INT, description="At least so many tables."),
        OpenApiParameter("months", OpenApiTypes.INT, description="Played in the last N months."),
    ],
)
class RatingList(ListModelMixin, ReadView):
    """One game's rating list, best first, with the list page's filters; `place` counts
    from the top of the filtered list."""

    serializer_class = out.RatingSerializer

    def get_queryset(self):
        family = self.kwargs["family"]
        if family not in FAMILIES:
            raise Http404(_("No such game."))
        form = RatingFilterForm(self.request.query_params or None)
        if form.is_bound and not form.is_valid():
            raise ValidationError(form.errors)
        return filtered_ratings(family, form)

    def get(self, request: Request, family: str) -> Response:
        page = self.paginate_queryset(self.get_queryset())
        first = self.paginator.page.start_index()
        rows = [
            {
                "place": first + index,
                "player": rating.player,
                "ordinal": round(rating.ordinal, PLACES),
                "mu": round(rating.mu, PLACES),
                "sigma": round(rating.sigma, PLACES),
                "events": rating.events,
                "last_played": rating.last_played,
            }
            for index, rating in enumerate(page)
        ]
        return self.get_paginated_response(self.get_serializer(rows, many=True).data)


@extend_schema(
    tags=["rulings"],
    parameters=[
        OpenApiParameter("q", OpenApiTypes.STR, description="Words, in any language."),
        OpenApiParameter("ruleset", OpenApiTypes.STR, enum=list(RULESETS)),
    ],
)
class Rulings(ReadView):
    """The penalty rulings lookup: every ruling the words match, best first, in the
    reader's language (Accept-Language), each with its worked example."""

    serializer_class = out.RulingSerializer
    pagination_class = None

    @extend_schema(responses=out.RulingSerializer(many=True))
    def get(self, request: Request) -> Response:
        query = search_query(request)
        ruleset = checked(RulingQuery, request).get("ruleset")
        language = get_language() or "en"
        chosen = catalogue(ruleset)
        titles = {entry.code: _(entry.title) for entry in chosen}
        rows = []
        for entry in find(chosen, query, language[:2], titles):
            settlement = score_hand(entry.ruleset, entry.example)
            rows.append(
                {
                    "code": entry.code,
                    "ruleset": entry.ruleset,
                    "title": titles[entry.code],
                    "rule": say(entry.rule_text),
                    "original_text": entry.original_text,
                    "original_language": entry.original_language,
                    "source": say(entry.evidence),
                    "effect": say(entry.effect),
                    "voids_hand": entry.voids_hand,
                    "example": {
                        "hand": dict(entry.example),
                        "deltas": settlement.deltas.to_json(),
                        "lines": [
                            {
                                "item": line.item,
                                "label": line_text(line),
                                "deltas": line.deltas.to_json(),
                            }
                            for line in settlement.lines
                        ],
                    },
                }
            )
        return Response(self.get_serializer(rows, many=True).data)
