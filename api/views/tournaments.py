"""Tournaments, their rounds with the seating, standings and results: the figures of the
tournament pages (tournaments/views/setup.py, rounds.py, standings.py, director.py),
read by the same functions."""

from django.db.models import Count, Prefetch, Q
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.mixins import ListModelMixin
from rest_framework.request import Request
from rest_framework.response import Response

from api import serializers as out
from api.conditional import ReadView
from api.filters import TournamentQuery, checked
from tournaments import public_cache
from tournaments.drive import standings as tournament_standings
from tournaments.models import Round, Seat, Table, Tournament
from tournaments.totals import counts_by_player

TOURNAMENT_FILTERS = [
    OpenApiParameter("club", OpenApiTypes.INT, description="Host club id."),
    OpenApiParameter("season", OpenApiTypes.INT, description="Season id."),
    OpenApiParameter("ruleset", OpenApiTypes.STR, description="Ruleset, e.g. spjst."),
    OpenApiParameter("status", OpenApiTypes.STR, enum=Tournament.Status.values),
]


def _tournaments():
    """The tournaments as the list page reads them, with the players registered."""
    return (
        Tournament.objects.select_related("host_club")
        .annotate(
            players=Count(
                "registrations", filter=Q(registrations__waiting__isnull=True), distinct=True
            )
        )
        .order_by("-date", "name", "pk")
    )


@extend_schema(tags=["tournaments"], parameters=TOURNAMENT_FILTERS)
class TournamentList(ListModelMixin, ReadView):
    """Every tournament, newest first (as /tournaments/), filtered by the query."""

    serializer_class = out.TournamentSerializer

    def get_queryset(self):
        tournaments = _tournaments()
        query = checked(TournamentQuery, self.request)
        fields = {"club": "host_club_id", "season": "season_id"}
        return tournaments.filter(
            **{fields.get(name, name): value for name, value in query.items()}
        )

    def get(self, request: Request) -> Response:
        return self.list(request)


@extend_schema(tags=["tournaments"])
class TournamentDetail(ReadView):
    """One tournament (as its page)."""

    serializer_class = out.TournamentSerializer

    def get(self, request: Request, pk: int) -> Response:
        tournament = get_object_or_404(_tournaments(), pk=pk)
        return Response(self.get_serializer(tournament).data)


@extend_schema(tags=["tournaments"])
class RoundList(ListModelMixin, ReadView):
    """The tournament's rounds drawn so far, each with its status and number of tables."""

    serializer_class = out.RoundSerializer
    pagination_class = None

    def get_queryset(self):
        tournament = get_object_or_404(Tournament, pk=self.kwargs["pk"])
        return tournament.rounds.annotate(table_count=Count("tables")).order_by("number")

    def get(self, request: Request, pk: int) -> Response:
        return self.list(request)


@extend_schema(tags=["tournaments"])
class RoundDetail(ReadView):
    """A round's seating (as its page): each table's players by seat, and the byes."""

    serializer_class = out.RoundDetailSerializer

    def get(self, request: Request, pk: int, number: int) -> Response:
        tables = Table.objects.order_by("number").prefetch_related(
            Prefetch("seats", queryset=Seat.objects.order_by("number").select_related("player"))
        )
        round_ = get_object_or_404(
            Round.objects.prefetch_related(Prefetch("tables", queryset=tables), "byes__player"),
            tournament_id=pk,
            number=number,
        )
        return Response(self.get_serializer(round_).data)


@extend_schema(tags=["tournaments"])
class Standings(ReadView):
    """The standings as the standings page ranks them, marked provisional until the
    tournament is finished."""

    serializer_class = out.StandingsSerializer

    def get(self, request: Request, pk: int) -> Response:
        tournament = get_object_or_404(Tournament.objects.select_related("host_club"), pk=pk)
        # Kept briefly in the shared cache as the page's are: every phone polls it.
        data = public_cache.kept(request, "api-standings", lambda: _standings(tournament))
        return Response(self.get_serializer(data).data)


def _standings(tournament: Tournament) -> dict[str, object]:
    """The standings page's figures, row by row, in its order."""
    result = tournament_standings(tournament)
    rows = []
    for row in result.rows:
        line = {
            "place": row["place"],
            "player_id": row["player_id"],
            "name": row["name"],
            "club": row["club"],
            "rounds": [row["rounds"].get(n) for n in result.rounds],
            "total": row["total"],
        }
        if result.by_points:
            line["points"] = row["points"]
        if not result.by_tricks:
            line["penalties"] = row["penalties"]
        rows.append(line)
    return {
        "tournament": tournament.pk,
        "method": tournament.standings_method,
        "provisional": tournament.status != Tournament.Status.FINISHED,
        "note": result.note,
        "rounds": result.rounds,
        "rows": rows,
    }


@extend_schema(tags=["tournaments"])
class Results(ReadView):
    """Each player's count at the end of each round (confirmed sheets; a bye as the
    starting chips, marked) and their sum, as the results page."""

    serializer_class = out.ResultsSerializer

    def get(self, request: Request, pk: int) -> Response:
        tournament = get_object_or_404(Tournament, pk=pk)
        rounds = list(tournament.rounds.order_by("number").values_list("number", flat=True))
        rows = [
            {
                "player_id": row["player_id"],
                "name": row["name"],
                "rounds": [
                    {"round": n, "count": row["rounds"].get(n), "bye": n in row["byes"]}
                    for n in rounds
                ],
                "total": row["total"],
            }
            for row in counts_by_player(tournament)
        ]
        data = {"tournament": tournament.pk, "rounds": rounds, "rows": rows}
        return Response(self.get_serializer(data).data)
