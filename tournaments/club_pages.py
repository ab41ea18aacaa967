"""The tournaments' sections of the club and player pages (registered in `clubs.pages`).

The club page shows its players' results and the tournaments it hosted; the player page
the tournaments the player played, with the chart of chips after each round, the
player's ratings and what the player's hands say (statistics). The clubs app shows these
without importing tournaments.
"""

from decimal import Decimal

from django.template.loader import render_to_string
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from clubs.models import Club, Player
from scoring.labels import CZECH_CONTRACTS
from tournaments.charts import ChipsChart, chips_chart
from tournaments.player_stats import statistics_for
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


def player_stats_section(player: Player) -> SafeString:
    """What the player's hands say, per game and season (one query, on the stored
    per-tournament figures)."""
    games = [
        {
            "title": _(game["title"]),
            "contracts": [
                (_contract_name(name), each["declared"], each["won"])
                for name, each in game["all"]["contracts"].items()
            ],
            "rows": [
                (_("All seasons"), _figures(game["all"])),
                *((s["name"] or _("No season"), _figures(s)) for s in game["seasons"]),
            ]
            if len(game["seasons"]) > 1
            else [(game["seasons"][0]["name"] or _("No season"), _figures(game["all"]))],
        }
        for game in statistics_for(player)
    ]
    return render_to_string("tournaments/_player_stats.html", {"games": games})


def _figures(tally: dict) -> dict:
    """A figure set as the table shows it: the average as an exact number."""
    average = tally["average"]
    return tally | {"average": None if average is None else Decimal(average)}


def _contract_name(code: str) -> str:
    """A contract as players say it (the Czech ones by their names), else its code."""
    if code in CZECH_CONTRACTS:
        return _(CZECH_CONTRACTS[code])
    return code.replace("_", " ").capitalize()


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
