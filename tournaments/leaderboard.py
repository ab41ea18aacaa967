"""Season leaderboards (RULES §8): cup points by final place counting the best N
tournaments, with a minimum to be ranked; or the season's chips (points in a written-score
game). And club leaderboards.

Only finished tournaments count by default: a tournament still in play has provisional
places. Asked for, the provisional ones are included and marked (`Leaderboard.provisional`).

All tournaments of the season are ranked together in a fixed number of queries
(`totals.final_places`), so the page does not slow down as the season grows.
"""

from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import QuerySet
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from clubs.models import Club, Season
from tournaments.models import Tournament
from tournaments.ranking import normalize, placement_points, rank_rows
from tournaments.score_words import ScoreWords, score_words
from tournaments.totals import final_places


@dataclass
class Entry:
    """One tournament in a player's season: place, cup points or chips, and whether it counted."""

    tournament: Tournament
    place: int
    value: Decimal | int
    counted: bool = True


@dataclass
class Leaderboard:
    season: Season
    ranked: list[dict] = field(default_factory=list)
    unranked: list[dict] = field(default_factory=list)
    tournaments: list[Tournament] = field(default_factory=list)
    # The season's tournaments not finished: counted (and marked) only when asked for.
    unfinished: list[Tournament] = field(default_factory=list)
    include_unfinished: bool = False
    # Shown for one club (tournaments.season_clubs.for_club): its players only.
    club: Club | None = None

    @property
    def by_cup(self) -> bool:
        return self.season.ranking == Season.Ranking.CUP

    @property
    def words(self) -> ScoreWords:
        """Chips or points, by the games the season's tournaments play (`score_words`)."""
        return score_words(t.ruleset for t in self.tournaments or self.unfinished)

    @property
    def provisional(self) -> list[Tournament]:
        """The tournaments counted whose places may still change."""
        return self.unfinished if self.include_unfinished else []

    @property
    def note(self) -> str:
        """What the exports say under the table when provisional results are counted."""
        if not self.provisional:
            return ""
        names = ", ".join(t.name for t in self.provisional)
        return _("Provisional: includes tournaments not finished yet (%(names)s)") % {
            "names": names
        }


def _entries(season: Season, tournaments: list[Tournament]) -> dict[int, dict]:
    """Player → name, club and one Entry per tournament they finished."""
    cup = [Decimal(p) for p in season.cup_points]
    players: dict[int, dict] = {}
    by_tournament = final_places(tournaments)
    for tournament in tournaments:
        rows = by_tournament.get(tournament.pk, [])
        sharing = defaultdict(int)
        for row in rows:
            sharing[row["place"]] += 1
        for row in rows:
            player = players.setdefault(
                row["player_id"],
                {
                    "player_id": row["player_id"],
                    "name": row["name"],
                    "club": row["club"],
                    "entries": [],
                },
            )
            value = (
                placement_points(rank=row["place"], tied=sharing[row["place"]], table=cup)
                if season.ranking == Season.Ranking.CUP
                else row["total"]
            )
            player["entries"].append(Entry(tournament, row["place"], normalize(Decimal(value))))
    return players


def _count_best(player: dict, best_of: int | None) -> None:
    """Mark which tournaments count (the best N by value, earlier first on equal value)."""
    ordered = sorted(player["entries"], key=lambda e: (-e.value, e.tournament.date))
    for index, entry in enumerate(ordered):
        entry.counted = best_of is None or index < best_of
    player["entries"].sort(key=lambda e: e.tournament.date)
    counted = [e.value for e in player["entries"] if e.counted]
    player["total"] = normalize(Decimal(sum(counted, Decimal(0))))
    player["played"] = len(player["entries"])
    player["best"] = max((e.value for e in player["entries"]), default=0)


def counted_tournaments(season: Season) -> QuerySet[Tournament]:
    """The tournaments that count toward the season, by date: those filed under it. A
    federation season (no club) counts every club's; a club's season its own club's only."""
    tournaments = season.tournaments.all()
    if season.club_id is not None:
        tournaments = tournaments.filter(host_club_id=season.club_id)
    return tournaments.order_by("date", "pk")


def season_leaderboard(season: Season, *, provisional: bool = False) -> Leaderboard:
    """The season's players ranked, and those below the minimum listed apart.

    Finished tournaments only, unless `provisional`: then those still in play count too.
    """
    every = list(counted_tournaments(season))
    unfinished = [t for t in every if t.status != Tournament.Status.FINISHED]
    tournaments = every if provisional else [t for t in every if t not in unfinished]
    board = Leaderboard(
        season, tournaments=tournaments, unfinished=unfinished, include_unfinished=provisional
    )
    players = _entries(season, tournaments)
    for player in players.values():
        _count_best(player, season.best_of if season.ranking == Season.Ranking.CUP else None)
    eligible = [p for p in players.values() if p["played"] >= season.minimum_tournaments]
    board.ranked = rank_rows(eligible, ("total", "best"), get_language())
    board.unranked = sorted(
        (p for p in players.values() if p["played"] < season.minimum_tournaments),
        key=lambda p: p["name"],
    )
    return board


def club_leaderboard(board: Leaderboard, *, average: bool = False) -> list[dict]:
    """Clubs ranked by the sum (or the average) of their ranked players' season totals."""
    clubs: dict[str, list] = defaultdict(list)
    for player in board.ranked:
        clubs[player["club"]].append(Decimal(player["total"]))
    rows = [
        {
            "name": club,
            "players": len(totals),
            "total": normalize(sum(totals, Decimal(0)) / (len(totals) if average else 1)),
        }
        for club, totals in clubs.items()
    ]
    return rank_rows(rows, ("total",), get_language())
