"""A tournament's reports: the standings (with a sheet per round in the workbook) and
every recorded hand, a row per seat."""

from django.utils.formats import date_format
from django.utils.translation import gettext as _

from scoring.translate import line_text
from tournaments.models import Hand, Seat, Tournament
from tournaments.reports.definition import CLUB, PLACE, PLAYER, Column, Kind, Report, subtitle
from tournaments.score_words import score_words
from tournaments.totals import Standings, closed_byes, confirmed_counts


def standings_report(result: Standings) -> Report:
    """Place, player, club, (points,) a column per round, penalties and chips; a drive's
    tricks instead of chips (no penalties in a drive). Marked "provisional after round N
    of M" until the tournament is finished."""
    tournament = result.tournament
    words = score_words([tournament.ruleset])
    method = tournament.get_standings_method_display()
    if tournament.standings_method == Tournament.Standings.CHIPS:
        method = words.by_total  # the choice's label says chips, whatever the game
    # A drive counts tricks, whole numbers; the tarock games count chips and penalties.
    kind = Kind.INTEGER if result.by_tricks else Kind.CHIPS
    points = (Column("points", _("Points"), Kind.AMOUNT),) if result.by_points else ()
    rounds = tuple(Column(f"r{n}", _("R%(n)s") % {"n": n}, kind) for n in result.rounds)
    penalties = () if result.by_tricks else (Column("penalties", _("Penalties"), Kind.CHIPS),)
    total = Column("total", _("Tricks") if result.by_tricks else words.total, kind)
    columns = (PLACE, PLAYER, CLUB, *points, *rounds, *penalties, total)
    rows = [
        (
            row["place"],
            row["name"],
            row["club"],
            *((row["points"],) if result.by_points else ()),
            *(row["rounds"].get(n) for n in result.rounds),
            *(() if result.by_tricks else (row["penalties"],)),
            row["total"],
        )
        for row in result.rows
    ]
    return Report(
        key="standings",
        name=_("Standings"),
        columns=columns,
        rows=rows,
        title=_("Standings: %(name)s") % {"name": tournament.name},
        subtitle=subtitle(
            date_format(tournament.date),
            tournament.host_club.name,
            method,
            result.note,
        ),
        note=result.note,
        of=tournament.name,
        empty_text=_("No confirmed score sheet yet."),
    )


def _round_columns(tournament: Tournament) -> tuple[Column, ...]:
    unit = score_words([tournament.ruleset]).unit
    return (
        Column("table", _("Table"), Kind.INTEGER),
        Column("seat", _("Seat"), Kind.INTEGER),
        PLAYER,
        Column("count", _("Count"), Kind.AMOUNT),
        Column("chips", unit, Kind.CHIPS),
    )


def round_reports(tournament: Tournament) -> list[Report]:
    """Each round's confirmed counts, table by table, and what they won; then the round's
    byes (no table or seat), broken even (two queries)."""
    by_round: dict[int, list[tuple]] = {}
    for line in confirmed_counts(tournament):
        by_round.setdefault(line.round, []).append(
            (line.table, line.seat, line.name, line.count, line.net)
        )
    for number, _player, name in closed_byes(tournament):
        by_round.setdefault(number, []).append((None, None, name, tournament.starting_chips, 0))
    columns = _round_columns(tournament)
    return [
        Report(key=f"round-{n}", name=_("Round %(n)s") % {"n": n}, columns=columns, rows=rows)
        for n, rows in sorted(by_round.items())
    ]


def _hand_columns(tournament: Tournament) -> tuple[Column, ...]:
    return (
        Column("round", _("Round"), Kind.INTEGER),
        Column("table", _("Table"), Kind.INTEGER),
        Column("hand", _("Hand"), Kind.INTEGER),
        Column("seat", _("Seat"), Kind.INTEGER),
        PLAYER,
        Column("chips", score_words([tournament.ruleset]).unit, Kind.CHIPS),
        Column("lines", _("Lines")),
        Column("deleted", _("Deleted"), Kind.FLAG),
    )


def hands_report(tournament: Tournament) -> Report:
    """One row per seat of every recorded hand, with the hand's line labels; deleted
    hands kept and marked (two queries)."""
    seats = {
        (table_id, number): name
        for table_id, number, name in Seat.objects.filter(round__tournament=tournament).values_list(
            "table_id", "number", "player__display_name"
        )
    }
    hands = (
        Hand.objects.filter(table__round__tournament=tournament)
        .select_related("table__round")
        .only("table__number", "table__round__number", "number", "settlement", "deleted")
        .order_by("table__round__number", "table__number", "number")
    )
    rows = []
    for hand in hands:
        labels = "; ".join(line_text(line) for line in hand.settlement["lines"])
        for seat, chips in hand.deltas().items():
            rows.append(
                (
                    hand.table.round.number,
                    hand.table.number,
                    hand.number,
                    seat,
                    seats.get((hand.table_id, seat)),
                    chips,
                    labels,
                    hand.deleted,
                )
            )
    return Report(
        key="hands",
        name=_("Hands"),
        columns=_hand_columns(tournament),
        rows=rows,
        of=tournament.name,
    )
