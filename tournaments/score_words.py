"""What a game's scores are called: chips where they are paid between the players (SPJST,
`SCORES_IN_CHIPS`), points where they are written for each player (body, točke).

The one place the pages, the exports and the club and player sections ask, so no template
chooses the word itself.
"""

from collections.abc import Iterable
from dataclasses import dataclass

from django.utils.translation import gettext as _

from scoring.registry import get_ruleset


@dataclass(frozen=True)
class ScoreWords:
    """The words for a game's scores, translated into the active language."""

    # A column's heading: what a seat won or lost (a round's, a hand's, a tournament's).
    unit: str
    # The standings' last column: the total over the rounds.
    total: str
    # Under the results page's heading.
    results_note: str
    # A player's chart: its title and its upright axis.
    chart_title: str
    chart_axis: str
    # The standings method that ranks by the total over the rounds.
    by_total: str
    # A season's leaderboard that sums the tournaments' totals: what it sums.
    over_season: str


def score_words(rulesets: Iterable[str]) -> ScoreWords:
    """The words for the scores of games played by `rulesets` (their names): chips when
    every one of them pays chips at the table, else points (a club's results may sum both)."""
    names = set(rulesets)
    if names and all(get_ruleset(name).SCORES_IN_CHIPS for name in names):
        return ScoreWords(
            unit=_("Chips"),
            total=_("Chips"),
            results_note=_("Chips at the end of each round from the confirmed score sheets."),
            chart_title=_("Chips won so far after each round, per tournament"),
            chart_axis=_("Chips won so far"),
            by_total=_("Total chips over all rounds"),
            over_season=_("chips won over the season"),
        )
    return ScoreWords(
        unit=_("Points"),
        total=_("Total points"),
        results_note=_("Points at the end of each round from the confirmed score sheets."),
        chart_title=_("Points scored so far after each round, per tournament"),
        chart_axis=_("Points scored so far"),
        by_total=_("Total points over all rounds"),
        over_season=_("points scored over the season"),
    )
