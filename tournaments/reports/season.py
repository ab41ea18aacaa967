"""A season's reports: the players' leaderboard and the clubs' leaderboard."""

from django.utils.formats import date_format
from django.utils.translation import gettext as _

from tournaments.leaderboard import Leaderboard
from tournaments.reports.definition import CLUB, PLACE, PLAYER, Column, Kind, Report, subtitle


def leaderboard_report(board: Leaderboard) -> Report:
    """One row per ranked player: a column per tournament counted (a dropped one's value in
    brackets, a provisional one's header saying so) and the season's total."""
    season = board.season
    tournaments = tuple(
        Column(
            f"t{tournament.pk}",
            _("%(name)s (provisional)") % {"name": tournament.name}
            if tournament in board.provisional
            else tournament.name,
            Kind.AMOUNT,
        )
        for tournament in board.tournaments
    )
    columns = (
        PLACE,
        PLAYER,
        CLUB,
        Column("played", _("Tournaments"), Kind.INTEGER),
        *tournaments,
        Column("total", _("Cup points") if board.by_cup else board.words.unit, Kind.AMOUNT),
    )
    rows = []
    for player in board.ranked:
        by_tournament = {entry.tournament.pk: entry for entry in player["entries"]}
        cells = []
        for tournament in board.tournaments:
            entry = by_tournament.get(tournament.pk)
            cells.append(
                None if entry is None else (entry.value if entry.counted else f"({entry.value})")
            )
        rows.append(
            (
                player["place"],
                player["name"],
                player["club"],
                player["played"],
                *cells,
                player["total"],
            )
        )
    return Report(
        key="leaderboard",
        name=_("Leaderboard"),
        columns=columns,
        rows=rows,
        title=_("Leaderboard: %(name)s") % {"name": season.name},
        subtitle=subtitle(
            season.scope,
            board.club.name if board.club else "",
            f"{date_format(season.start_date)} – {date_format(season.end_date)}",
            board.note,
        ),
        note=board.note,
        of=season.name,
    )


def club_report(board: Leaderboard, clubs: list[dict]) -> Report:
    """The clubs ranked by their players' season totals (`club_leaderboard`'s rows)."""
    return Report(
        key="clubs",
        name=_("Clubs"),
        columns=(
            PLACE,
            CLUB,
            Column("players", _("Players"), Kind.INTEGER),
            Column("total", _("Total"), Kind.AMOUNT),
        ),
        rows=[(club["place"], club["name"], club["players"], club["total"]) for club in clubs],
        note=board.note,
    )
