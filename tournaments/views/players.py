"""Public pages about players' results: the chart of chips over the rounds."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404

from accounts.roles import public
from clubs.models import Player
from tournaments.charts import chips_chart_svg
from tournaments.totals import player_history


@public
def player_chart(request: HttpRequest, pk: int) -> HttpResponse:
    """An SVG chart of the player's chips round by round, one line per tournament (last 5)."""
    player = get_object_or_404(Player, pk=pk)
    history = player_history(player.pk)[:5]
    series = {
        f"{item['tournament'].name} ({item['tournament'].date})": sorted(item["rounds"].items())
        for item in reversed(history)
    }
    response = HttpResponse(
        chips_chart_svg(series, title=player.name), content_type="image/svg+xml"
    )
    response["Cache-Control"] = "max-age=60"
    return response
