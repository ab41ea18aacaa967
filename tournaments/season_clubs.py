"""A season's leaderboard by club: each player under the club he played for that season
(his membership in force on the season's first day, `clubs.seasons.club_on`; his home
club when he had none), and the leaderboard of one club's players.

A federation season counts every club's tournaments; its page is shown overall and per
club. Two queries for the board's players, whatever the season's length.
"""

import dataclasses
from collections.abc import Iterable

from django.db.models import OuterRef, Q, Subquery
from django.utils.translation import get_language

from clubs.models import Club, Membership, Player, Season
from tournaments.leaderboard import Leaderboard
from tournaments.place_models import FinalPlace
from tournaments.ranking import rank_rows

__all__ = ["clubs_that_season", "for_club", "with_season_clubs"]


def clubs_that_season(season: Season, player_ids, stored: Iterable[int] = ()) -> dict[int, Club]:
    """Player id → the club he played for in `season`: the membership in force on its
    first day (of several, the one begun last, as `club_on`), else his home club.

    `player_ids` may leave out the players of `stored`, tournaments whose final places
    are stored: they are asked for by a subquery over those places instead.

    Bare columns, the memberships narrowed by the database to those in force that day:
    a season of 200 tournaments has thousands of players, and reading each with his
    memberships as records took most of the board's time; and passing their thousands of
    ids as parameters was most of what was left. Two queries: each player with the club
    of his newest membership in force, then those clubs."""
    ids = list(player_ids)
    stored = list(stored)
    day = season.start_date
    wanted = Q(pk__in=ids)
    if stored:
        placed = FinalPlace.objects.filter(tournament_id__in=stored).values("player_id")
        wanted |= Q(pk__in=placed)
    running = (
        Membership.objects.filter(player=OuterRef("pk"), date_from__lte=day)
        .filter(Q(date_to=None) | Q(date_to__gte=day))
        .order_by("-date_from", "pk")
        .values("club_id")[:1]
    )
    players = (
        Player.objects.filter(wanted)
        .annotate(season_club=Subquery(running))
        .values_list("pk", "season_club", "home_club_id")
    )
    club_of = {
        pk: home if season_club is None else season_club for pk, season_club, home in players
    }
    clubs = Club.objects.only("name", "short_name").in_bulk(set(club_of.values()) - {None})
    return {pk: clubs[club_id] for pk, club_id in club_of.items() if club_id in clubs}


def with_season_clubs(board: Leaderboard) -> list[Club]:
    """Put each of the board's players under his club of the season (`club`, `club_id`);
    answer those clubs by name, for the page's club tabs."""
    players = [*board.ranked, *board.unranked]
    # Every player with a stored place in one of the board's tournaments is on the board
    # (each stored row is an entry): only the others need naming.
    live = {t.pk for t in board.tournaments} - board.stored
    others = [
        p["player_id"]
        for p in players
        if live and any(e.tournament.pk in live for e in p["entries"])
    ]
    clubs = clubs_that_season(board.season, others, board.stored)
    for player in players:
        club = clubs.get(player["player_id"])
        if club is not None:
            player["club"], player["club_id"] = club.short_name, club.pk
    return sorted({club.pk: club for club in clubs.values()}.values(), key=lambda c: c.name)


def for_club(board: Leaderboard, club: Club) -> Leaderboard:
    """The board of `club`'s players only (after `with_season_clubs`), ranked among
    themselves: the club's own table within the federation's season."""
    own = [dict(p) for p in board.ranked if p.get("club_id") == club.pk]
    return dataclasses.replace(
        board,
        club=club,
        ranked=rank_rows(own, ("total", "best"), get_language()),
        unranked=[p for p in board.unranked if p.get("club_id") == club.pk],
    )
