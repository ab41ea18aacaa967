"""The list endpoints' query filters, checked like any input: a filter that is not valid
is a 400 that names it (`{"club": ["A valid integer is required."]}`), never quietly
ignored, so a club's website that asks for `?club=abc` learns why it got everything."""

from rest_framework import serializers
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request

from scoring import RULESETS
from tournaments.models import Tournament


def checked(query: type[serializers.Serializer], request: Request) -> dict:
    """The request's query parameters that `query` describes, converted; a 400 naming
    every parameter that is not valid."""
    reading = query(data=request.query_params)
    if not reading.is_valid():
        raise ValidationError(reading.errors)
    return {name: value for name, value in reading.validated_data.items() if value is not None}


class PlayerQuery(serializers.Serializer):
    club = serializers.IntegerField(required=False, min_value=1)
    active = serializers.BooleanField(required=False, allow_null=True, default=None)


class SeasonQuery(serializers.Serializer):
    club = serializers.IntegerField(required=False, min_value=1)


class TournamentQuery(serializers.Serializer):
    club = serializers.IntegerField(required=False, min_value=1)
    season = serializers.IntegerField(required=False, min_value=1)
    ruleset = serializers.ChoiceField(
        required=False, choices=Tournament._meta.get_field("ruleset").choices
    )
    status = serializers.ChoiceField(required=False, choices=Tournament.Status.choices)


class RulingQuery(serializers.Serializer):
    ruleset = serializers.ChoiceField(required=False, choices=sorted(RULESETS))
