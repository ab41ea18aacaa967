"""The tournaments' sections of the club and player pages (registered in `clubs.pages`).

The club page shows its players' results and the tournaments it hosted; the player page
the tournaments the player played, with the chart of chips after each round, and the
player's ratings. The clubs
app shows these without importing tournaments.
"""

from django.template.loader import render_to_string
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from clubs.models import Club, Player
from tournaments.charts import ChipsChart, chips_chart
from tournaments.rating_models import FAMILY_TITLES, RatingChange
from tournaments.score_words import score_words
from tournaments.totals import club_results, club_rulesets, player_history

# The most recent tournaments a club page lists as hosted.
HOSTED_SHOWN = 20
# The most recent tournaments the player's chart draws a line for.
CHARTED = 5
# The most recent tournaments the player's ratings' chart draws.
RATED_SHOWN = 20


def club_results_section(club: Club) -> SafeString:
    """The club's players' results and the tournaments it hosted."""
    return render_to_string(
        "tournaments/_club_results.html",
        {
            "club": club,
            "results": club_results(club.pk),
            "words": score_words(club_rulesets(club.pk)),
            "hosted": club.tournaments.order_by("-date")[:HOSTED_SHOWN],
        },
    )


def player_history_section(player: Player) -> SafeString:
    """The tournaments the player played: chart, chips per round, total and place."""
    history = player_history(player.pk)
    # Oldest first, so the lines take their colours in the order they were played.
    series = {
        str(item["tournament"]): sorted(item["rounds"].items())
        for item in reversed(history[:CHARTED])
    }
    return render_to_string(
        "tournaments/_player_history.html",
        {
            "player": player,
            "history": history,
            "chart": chips_chart(series),
            "words": score_words(item["tournament"].ruleset for item in history),
        },
    )


def player_ratings_section(player: Player) -> SafeString:
    """The player's rating in each game family played, and its chart (two queries)."""
    ratings = [
        (FAMILY_TITLES[rating.family], rating) for rating in player.ratings.order_by("family")
    ]
    words = {
        "chart_title": _("Rating after each tournament, per game"),
        "chart_axis": _("Rating"),
        "chart_x": _("Tournament"),
    }
    return render_to_string(
        "tournaments/_player_ratings.html",
        {
            "ratings": ratings,
            "chart": _rating_chart(player) if ratings else None,
            "chart_id": "rating-chart",
            "words": words,
        },
    )


def _rating_chart(player: Player) -> ChipsChart | None:
    """Each game's rating after each of the player's last tournaments, rounded, as lines
    over the tournaments played in order (the chips chart's drawing)."""
    steps = RatingChange.objects.filter(player=player).order_by("family", "sequence")
    after: dict[tuple[str, int], tuple] = {}  # the last step of each tournament
    for family, tournament, date, ordinal in steps.values_list(
        "family", "tournament_id", "date", "ordinal"
    ):
        after[(family, tournament)] = (date, ordinal)
    played = sorted({(date, tournament) for (_f, tournament), (date, _o) in after.items()})
    number = {tournament: n for n, (_d, tournament) in enumerate(played[-RATED_SHOWN:], 1)}
    series: dict[str, list[tuple[int, int]]] = {}
    last: dict[str, int] = {}
    for (family, tournament), (_date, ordinal) in after.items():
        if tournament in number:
            # The chart adds up what it is given: each point the change since the last.
            title = str(FAMILY_TITLES[family])
            series.setdefault(title, []).append(
                (number[tournament], round(ordinal) - last.get(title, 0))
            )
            last[title] = round(ordinal)
    return chips_chart(series)
