"""Season leaderboards (RULES §8): cup points by final place counting the best N
tournaments, with a minimum to be ranked; or the season's chips (points in a written-score
game). And club leaderboards.

Only finished tournaments count by default: a tournament still in play has provisional
places. Asked for, the provisional ones are included and marked (`Leaderboard.provisional`).

All tournaments of the season are ranked together in a fixed number of queries
(the stored places and the others', as `totals.final_places` reads them), so the page does not slow down as the season grows.
"""

from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import QuerySet
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from clubs.collation import collation_key
from clubs.models import Club, Season
from tournaments.models import Tournament
from tournaments.place_models import FinalPlace
from tournaments.ranking import normalize, placement_points, rank_rows
from tournaments.score_words import ScoreWords, score_words
from tournaments.totals import live_places


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
    # The tournaments whose places were read from the stored FinalPlace rows: the
    # season's clubs are looked up by a subquery over them rather than by thousands of
    # player ids (`season_clubs.clubs_that_season`).
    stored: set[int] = field(default_factory=set)

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


def _stored_rows(tournament_ids: list[int], by_cup: bool) -> dict[int, list[tuple]]:
    """Tournament → its stored places as (player, name, club, place, total), best place
    first as `place_models.stored_places` (one query; a tournament with none stored is
    absent).
    Bare tuples, and the totals read only when the season ranks by them: a season of
    200 tournaments has thousands of places, and their records were much of its time."""
    columns = ["player_id", "player__display_name", "player__home_club__short_name", "place"]
    rows = (
        FinalPlace.objects.filter(tournament_id__in=tournament_ids)
        .order_by("tournament_id", "place", "player__display_name", "player_id")
        .values_list("tournament_id", *columns, *(() if by_cup else ("total",)))
    )
    grouped: dict[int, list[tuple]] = defaultdict(list)
    for row in rows:
        grouped[row[0]].append(row[1:] if not by_cup else (*row[1:], None))
    return dict(grouped)


def _entries(season: Season, tournaments: list[Tournament], stored: set[int]) -> dict[int, dict]:
    """Player → name, club and one Entry per tournament they finished; `stored` gets the
    tournaments whose places were stored (the others are ranked from their sheets, as
    `totals.final_places` does)."""
    cup = [Decimal(p) for p in season.cup_points]
    by_cup = season.ranking == Season.Ranking.CUP
    # The cup points of a place shared by so many: a season of 200 tournaments has
    # thousands of entries but few distinct (place, tied), and the Decimal sums were
    # much of the board's time.
    points: dict[tuple[int, int], Decimal | int] = {}
    players: dict[int, dict] = {}
    finished = [t.pk for t in tournaments if t.status == Tournament.Status.FINISHED]
    by_tournament = _stored_rows(finished, by_cup) if finished else {}
    stored.update(by_tournament)
    live = [t for t in tournaments if t.pk not in by_tournament]
    for tournament_id, rows in (live_places(live) if live else {}).items():
        by_tournament[tournament_id] = [
            (r["player_id"], r["name"], r["club"], r["place"], r["total"]) for r in rows
        ]
    for tournament in tournaments:
        rows = by_tournament.get(tournament.pk, [])
        sharing: dict[int, int] = defaultdict(int)
        for row in rows:
            sharing[row[3]] += 1
        for player_id, name, club, place, total in rows:
            player = players.get(player_id)
            if player is None:
                player = players[player_id] = {
                    "player_id": player_id,
                    "name": name,
                    "club": club,
                    "entries": [],
                }
            if by_cup:
                key = (place, sharing[place])
                if key not in points:
                    points[key] = normalize(
                        Decimal(placement_points(rank=place, tied=key[1], table=cup))
                    )
                value = points[key]
            else:
                value = normalize(Decimal(total))
            player["entries"].append(Entry(tournament, place, value))
    return players


def _count_best(player: dict, best_of: int | None) -> None:
    """Mark which tournaments count (the best N by value, earlier first on equal value)."""
    entries = player["entries"]
    if len(entries) == 1:
        # Most of a long season's players played once: nothing to sort (the value is
        # normalized already, as the sum of it alone would be).
        entry = entries[0]
        entry.counted = best_of is None or best_of > 0
        player["total"] = entry.value if entry.counted else 0
        player["played"] = 1
        player["best"] = entry.value
        return
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
    players = _entries(season, tournaments, board.stored)
    for player in players.values():
        _count_best(player, season.best_of if season.ranking == Season.Ranking.CUP else None)
    eligible = [p for p in players.values() if p["played"] >= season.minimum_tournaments]
    language = get_language()
    board.ranked = rank_rows(eligible, ("total", "best"), language)
    board.unranked = sorted(
        (p for p in players.values() if p["played"] < season.minimum_tournaments),
        key=lambda p: collation_key(p["name"], language),
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
