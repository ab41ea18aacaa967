"""Clubs, players (their public record only), seasons and the seasons' leaderboards: the
figures of clubs/views.py's pages and tournaments/views/seasons.py's leaderboard."""

from django.shortcuts import get_object_or_404
from django.utils.translation import get_language
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.mixins import ListModelMixin, RetrieveModelMixin
from rest_framework.request import Request
from rest_framework.response import Response

from accounts.text import search_query
from api import serializers as out
from api.conditional import ReadView
from api.filters import PlayerQuery, SeasonQuery, checked
from clubs.db_collation import by_name
from clubs.models import Club, Player, Season
from tournaments.leaderboard import club_leaderboard, season_leaderboard
from tournaments.player_stats import statistics_for


@extend_schema(tags=["clubs"])
class ClubList(ListModelMixin, ReadView):
    """Every club, with its active players (as /clubs/)."""

    serializer_class = out.ClubSerializer
    queryset = Club.objects.with_member_counts().order_by("name", "pk")

    def get(self, request: Request) -> Response:
        return self.list(request)


@extend_schema(tags=["clubs"])
class ClubDetail(RetrieveModelMixin, ReadView):
    """One club (as its page)."""

    serializer_class = out.ClubSerializer
    queryset = Club.objects.with_member_counts()

    def get(self, request: Request, pk: int) -> Response:
        return self.retrieve(request)


@extend_schema(
    tags=["clubs"],
    parameters=[
        OpenApiParameter(
            "club", OpenApiTypes.INT, description="The club's roster: home or member today."
        ),
        OpenApiParameter("active", OpenApiTypes.BOOL),
        OpenApiParameter(
            "q", OpenApiTypes.STR, description="Words of the name, as the page's search."
        ),
    ],
)
class PlayerList(ListModelMixin, ReadView):
    """The players (a record merged into another is listed under the one kept), by name
    in the reader's alphabet (Accept-Language: Czech files "ch" after "h")."""

    serializer_class = out.PlayerSerializer

    def get_queryset(self):
        players = Player.objects.filter(merged_into=None)
        query = checked(PlayerQuery, self.request)
        if "club" in query:
            players = players.roster(get_object_or_404(Club, pk=query["club"]))
        if "active" in query:
            players = players.filter(active=query["active"])
        if text := search_query(self.request):
            players = players.search(text)
        return players.select_related("home_club").order_by(*by_name(get_language()))

    def get(self, request: Request) -> Response:
        return self.list(request)


@extend_schema(tags=["clubs"])
class PlayerDetail(RetrieveModelMixin, ReadView):
    """One player's public record (as his page shows it to a visitor)."""

    serializer_class = out.PlayerSerializer
    queryset = Player.objects.select_related("home_club")

    def get(self, request: Request, pk: int) -> Response:
        return self.retrieve(request)


@extend_schema(tags=["clubs"])
class PlayerStatistics(ReadView):
    """A player's statistics from his hands, per game, over all seasons and season by
    season (as his page's section): stored when a tournament finishes."""

    serializer_class = out.PlayerStatisticsSerializer

    def get(self, request: Request, pk: int) -> Response:
        player = get_object_or_404(Player, pk=pk)
        return Response(self.get_serializer({"player": pk, "games": statistics_for(player)}).data)


@extend_schema(
    tags=["seasons"],
    parameters=[OpenApiParameter("club", OpenApiTypes.INT, description="A club's own seasons.")],
)
class SeasonList(ListModelMixin, ReadView):
    """The seasons (as /seasons/), newest first."""

    serializer_class = out.SeasonSerializer

    def get_queryset(self):
        seasons = Season.objects.select_related("club").order_by("-start_date", "name", "pk")
        if "club" in (query := checked(SeasonQuery, self.request)):
            seasons = seasons.filter(club_id=query["club"])
        return seasons

    def get(self, request: Request) -> Response:
        return self.list(request)


@extend_schema(tags=["seasons"])
class SeasonDetail(RetrieveModelMixin, ReadView):
    """One season and how its leaderboard ranks."""

    serializer_class = out.SeasonSerializer
    queryset = Season.objects.select_related("club")

    def get(self, request: Request, pk: int) -> Response:
        return self.retrieve(request)


@extend_schema(
    tags=["seasons"],
    parameters=[
        OpenApiParameter(
            "provisional",
            OpenApiTypes.STR,
            enum=["1"],
            description="1: count the tournaments still in play too (marked provisional).",
        ),
        OpenApiParameter(
            "clubs",
            OpenApiTypes.STR,
            enum=["average"],
            description="average: rank the clubs by their players' average, not the sum.",
        ),
    ],
)
class Leaderboard(ReadView):
    """The season's leaderboard as its page ranks it, and the clubs' leaderboard."""

    serializer_class = out.LeaderboardSerializer

    def get(self, request: Request, pk: int) -> Response:
        season = get_object_or_404(Season.objects.select_related("club"), pk=pk)
        # The page's own switches, read as the page reads them.
        board = season_leaderboard(season, provisional=request.GET.get("provisional") == "1")
        clubs = club_leaderboard(board, average=request.GET.get("clubs") == "average")
        unfinished = {t.pk for t in board.provisional}
        for player in (*board.ranked, *board.unranked):
            for entry in player["entries"]:
                entry.provisional = entry.tournament.pk in unfinished
        data = {
            "season": season.pk,
            "ranking": season.ranking,
            "provisional": board.include_unfinished,
            "note": board.note,
            "tournaments": [
                {"pk": t.pk, "name": t.name, "date": t.date, "provisional": t.pk in unfinished}
                for t in board.tournaments
            ],
            "ranked": board.ranked,
            "unranked": board.unranked,
            "clubs": clubs,
        }
        return Response(self.get_serializer(data).data)
