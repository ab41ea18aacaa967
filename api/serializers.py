"""What each endpoint answers: the fields a visitor sees on the matching page, no more
(a player's e-mail, phone and notes, which his club's director sees, are never here)."""

from decimal import Decimal

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from clubs.models import Club, Player, Season
from tournaments.models import Round, Tournament


@extend_schema_field(OpenApiTypes.NUMBER)
class Amount(serializers.Field):
    """Chips, points or tricks as the page writes them: a whole number as an integer, a
    half (Taroky ve třech) as a decimal; never a string."""

    def to_representation(self, value: Decimal | int | float) -> int | float:
        value = Decimal(value)
        return int(value) if value == value.to_integral_value() else float(value)


class ClubRef(serializers.ModelSerializer):
    class Meta:
        model = Club
        fields = ["id", "short_name", "name"]


class ClubSerializer(serializers.ModelSerializer):
    members = serializers.IntegerField(
        source="active_players", read_only=True, help_text="Active players who call it home."
    )
    url = serializers.CharField(source="get_absolute_url", read_only=True)

    class Meta:
        model = Club
        fields = ["id", "name", "short_name", "city", "country", "founded", "members", "url"]


class PlayerSerializer(serializers.ModelSerializer):
    """A player's public record: his name, home club and member number."""

    name = serializers.CharField(read_only=True)
    home_club = ClubRef(read_only=True)
    url = serializers.CharField(source="get_absolute_url", read_only=True)

    class Meta:
        model = Player
        fields = [
            "id", "name", "first_name", "last_name", "home_club", "member_number", "active",
            "merged_into", "url",
        ]  # fmt: skip


class ContractFiguresSerializer(serializers.Serializer):
    declared = serializers.IntegerField(help_text="Times the player declared the contract.")
    won = serializers.IntegerField(help_text="Times he won it.")


class FiguresSerializer(serializers.Serializer):
    """One player's figures over some tables, as the player page's statistics show them."""

    tables = serializers.IntegerField()
    hands = serializers.IntegerField()
    total = serializers.CharField(
        help_text="What the hands moved for him, exact (chips or points)."
    )
    average = serializers.CharField(allow_null=True, help_text="Per hand, two places.")
    declared = serializers.IntegerField()
    declared_won = serializers.IntegerField()
    contracts = serializers.DictField(child=ContractFiguresSerializer())
    announced = serializers.IntegerField()
    announced_won = serializers.IntegerField()
    penalties = serializers.IntegerField()


class SeasonFiguresSerializer(FiguresSerializer):
    season = serializers.IntegerField(allow_null=True, help_text="None: in no season.")
    name = serializers.CharField(allow_null=True)


class GameFiguresSerializer(serializers.Serializer):
    game = serializers.CharField(help_text="The ruleset.")
    title = serializers.CharField()
    all = FiguresSerializer(help_text="Over every season.")
    seasons = SeasonFiguresSerializer(many=True, help_text="Season by season, newest first.")


class PlayerStatisticsSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    games = GameFiguresSerializer(many=True)


class SeasonSerializer(serializers.ModelSerializer):
    club = ClubRef(read_only=True, allow_null=True, help_text="None: a federation-wide season.")
    url = serializers.CharField(source="get_absolute_url", read_only=True)

    class Meta:
        model = Season
        fields = [
            "id", "name", "start_date", "end_date", "club", "ranking", "cup_points", "best_of",
            "minimum_tournaments", "url",
        ]  # fmt: skip


class TournamentSerializer(serializers.ModelSerializer):
    host_club = ClubRef(read_only=True)
    players = serializers.IntegerField(
        read_only=True, help_text="Registered players, the waiting list aside."
    )
    url = serializers.CharField(source="get_absolute_url", read_only=True)

    class Meta:
        model = Tournament
        fields = [
            "id", "name", "date", "venue", "host_club", "season", "ruleset", "status",
            "rounds_planned", "hands_per_round", "minutes_per_round", "starting_chips",
            "table_size", "standings_method", "placement_points", "registration_deadline",
            "capacity", "players", "url",
        ]  # fmt: skip


class RoundSerializer(serializers.ModelSerializer):
    tables = serializers.IntegerField(source="table_count", read_only=True)

    class Meta:
        model = Round
        fields = ["number", "status", "tables"]


class PersonRef(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class SeatSerializer(serializers.Serializer):
    seat = serializers.IntegerField(source="number")
    player = PersonRef()


class TableSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    seats = SeatSerializer(many=True, source="seats.all")


class ByeSerializer(serializers.Serializer):
    player = PersonRef()


class RoundDetailSerializer(serializers.ModelSerializer):
    tournament = serializers.IntegerField(source="tournament_id")
    tables = TableSerializer(many=True, source="tables.all")
    byes = ByeSerializer(many=True, source="byes.all")

    class Meta:
        model = Round
        fields = ["tournament", "number", "status", "tables", "byes"]


class StandingRow(serializers.Serializer):
    place = serializers.IntegerField()
    player = serializers.IntegerField(source="player_id")
    name = serializers.CharField()
    club = serializers.CharField(help_text="The player's home club, by its short name.")
    points = Amount(required=False, help_text="Placement points (standings by placement).")
    rounds = serializers.ListField(
        child=Amount(allow_null=True),
        help_text="Per round of the standings' `rounds`, in that order (null: not played).",
    )
    penalties = Amount(required=False, help_text="Chips won or lost by penalties (not a drive).")
    total = Amount(help_text="Chips over all rounds; a drive's tricks.")


class StandingsSerializer(serializers.Serializer):
    tournament = serializers.IntegerField()
    method = serializers.ChoiceField(choices=Tournament.Standings.choices)
    provisional = serializers.BooleanField(help_text="True until the tournament is finished.")
    note = serializers.CharField(
        help_text='"Provisional after round N of M" in the reader\'s language; "" once final.'
    )
    rounds = serializers.ListField(child=serializers.IntegerField())
    rows = StandingRow(many=True)


class ResultCell(serializers.Serializer):
    round = serializers.IntegerField()
    count = Amount(allow_null=True, help_text="The count on the confirmed sheet (null: none).")
    bye = serializers.BooleanField(help_text="A bye, counted as the starting chips.")


class ResultRow(serializers.Serializer):
    player = serializers.IntegerField(source="player_id")
    name = serializers.CharField()
    rounds = ResultCell(many=True)
    total = Amount()


class ResultsSerializer(serializers.Serializer):
    tournament = serializers.IntegerField()
    rounds = serializers.ListField(child=serializers.IntegerField())
    rows = ResultRow(many=True)


class EntrySerializer(serializers.Serializer):
    tournament = serializers.IntegerField(source="tournament.pk")
    place = serializers.IntegerField()
    value = Amount(help_text="Cup points, or the chips won (a season ranked by chips).")
    counted = serializers.BooleanField(help_text="Among the best tournaments that count.")
    provisional = serializers.BooleanField(help_text="The tournament is not finished yet.")


class LeaderboardPlayer(serializers.Serializer):
    place = serializers.IntegerField(required=False, help_text="Ranked players only.")
    player = serializers.IntegerField(source="player_id")
    name = serializers.CharField()
    club = serializers.CharField()
    total = Amount()
    best = Amount()
    played = serializers.IntegerField()
    entries = EntrySerializer(many=True)


class LeaderboardClub(serializers.Serializer):
    place = serializers.IntegerField()
    name = serializers.CharField(help_text="The club's short name.")
    players = serializers.IntegerField()
    total = Amount(help_text="The sum (or with ?clubs=average the average) of its players'.")


class LeaderboardTournament(serializers.Serializer):
    id = serializers.IntegerField(source="pk")
    name = serializers.CharField()
    date = serializers.DateField()
    provisional = serializers.BooleanField()


class LeaderboardSerializer(serializers.Serializer):
    season = serializers.IntegerField()
    ranking = serializers.ChoiceField(choices=Season.Ranking.choices)
    provisional = serializers.BooleanField(
        help_text="Tournaments not finished are counted (?provisional=1), marked."
    )
    note = serializers.CharField()
    tournaments = LeaderboardTournament(many=True)
    ranked = LeaderboardPlayer(many=True)
    unranked = LeaderboardPlayer(many=True, help_text="Below the season's minimum of tournaments.")
    clubs = LeaderboardClub(many=True)


class RatingFamily(serializers.Serializer):
    family = serializers.CharField()
    title = serializers.CharField()
    rulesets = serializers.ListField(child=serializers.CharField())
    rated = serializers.IntegerField(help_text="Players with a rating in this game.")


class RatedPlayer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    club = serializers.CharField(source="home_club.short_name")


class RatingSerializer(serializers.Serializer):
    place = serializers.IntegerField()
    player = RatedPlayer()
    ordinal = serializers.FloatField(help_text="The rating, to 2 places as the list shows it.")
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    events = serializers.IntegerField(help_text="Tables rated.")
    last_played = serializers.DateField()


class LineSerializer(serializers.Serializer):
    item = serializers.CharField()
    label = serializers.CharField(help_text="In the reader's language.")
    deltas = serializers.DictField(child=Amount())


class ExampleSerializer(serializers.Serializer):
    hand = serializers.DictField(help_text="The hand, as POST /api/score/ takes it.")
    deltas = serializers.DictField(child=Amount(), help_text="Seat → chips.")
    lines = LineSerializer(many=True)


class RulingSerializer(serializers.Serializer):
    code = serializers.CharField()
    ruleset = serializers.CharField()
    title = serializers.CharField(help_text="In the reader's language.")
    rule = serializers.CharField(help_text="The rule, in the reader's language where known.")
    original_text = serializers.CharField()
    original_language = serializers.CharField()
    source = serializers.CharField()
    effect = serializers.CharField()
    voids_hand = serializers.BooleanField()
    example = ExampleSerializer(help_text="A worked example computed by the engine.")
