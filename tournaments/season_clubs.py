"""A season's leaderboard by club: each player under the club he played for that season
(his membership in force on the season's first day, `clubs.seasons.club_on`; his home
club when he had none), and the leaderboard of one club's players.

A federation season counts every club's tournaments; its page is shown overall and per
club. Two queries for the board's players, whatever the season's length.
"""

import dataclasses

from django.db.models import Prefetch
from django.utils.translation import get_language

from clubs.models import Club, Membership, Player, Season
from clubs.seasons import club_on
from tournaments.leaderboard import Leaderboard
from tournaments.ranking import rank_rows

__all__ = ["clubs_that_season", "for_club", "with_season_clubs"]


def clubs_that_season(season: Season, player_ids) -> dict[int, Club]:
    """Player id → the club he played for in `season`."""
    players = (
        Player.objects.filter(pk__in=player_ids)
        .select_related("home_club")
        .prefetch_related(
            Prefetch("memberships", queryset=Membership.objects.select_related("club"))
        )
    )
    clubs = {}
    for player in players:
        membership = club_on(player.memberships.all(), season.start_date)
        clubs[player.pk] = membership.club if membership else player.home_club
    return clubs


def with_season_clubs(board: Leaderboard) -> list[Club]:
    """Put each of the board's players under his club of the season (`club`, `club_id`);
    answer those clubs by name, for the page's club tabs."""
    players = [*board.ranked, *board.unranked]
    clubs = clubs_that_season(board.season, [p["player_id"] for p in players])
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
