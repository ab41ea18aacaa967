"""Per-player totals from the confirmed score sheets (and the penalty lines of the
hands), summed in SQL: the one module that adds up chips by player and round, for the
standings, the results page, the round sheets of the workbook, a player's history and a
club's results. Each reads a fixed number of queries, however many players there are.
A drive (standings by tricks) is ranked by its players' tricks instead (`trick_rows`).

Chips for a round are the confirmed sheet's count minus the starting chips; a bye (no
sheet) counts as breaking even once its round is closed (0 chips, the average placement
points), so a player who sat out a round is in the standings and not punished;
totals and the best round are SQL aggregates, places at a table SQL window functions.
Ranking the rows is `tournaments.ranking`'s (pure functions over plain rows).
"""

from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import (
    Count,
    Exists,
    ExpressionWrapper,
    F,
    Max,
    Min,
    OuterRef,
    Q,
    Sum,
    Window,
)
from django.db.models.functions import Rank
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from scoring import drive
from tournaments.models import (
    AmountField,
    Bye,
    Hand,
    Round,
    ScoreSheet,
    Seat,
    SheetLine,
    Tournament,
)
from tournaments.place_models import FinalPlace, stored_places
from tournaments.ranking import best_first, bye_points, normalize, placement_points, rank_rows
from tournaments.sheets import Amount


@dataclass
class Standings:
    """A tournament's ranked rows and the round numbers they have columns for."""

    tournament: Tournament
    rounds: list[int]
    rows: list[dict] = field(default_factory=list)
    # "Provisional after round 2 of 3" until the director finishes the tournament; "" after.
    note: str = ""

    @property
    def by_points(self) -> bool:
        return self.tournament.standings_method == Tournament.Standings.PLACEMENT

    @property
    def by_tricks(self) -> bool:
        """A drive's standings: rows of tricks per round and in total, no chips."""
        return self.tournament.standings_method == Tournament.Standings.TRICKS


def _confirmed_lines(tournaments=None):
    """Confirmed sheet lines of one tournament, of a queryset or list of them, or of all."""
    lines = SheetLine.objects.filter(sheet__confirmed_at__isnull=False)
    if tournaments is None:
        return lines
    if isinstance(tournaments, Tournament):
        return lines.filter(sheet__table__round__tournament=tournaments)
    return lines.filter(sheet__table__round__tournament__in=tournaments)


_START = F("sheet__table__round__tournament__starting_chips")
# A count less the starting chips: an exact amount (halves at Taroky ve třech).
_NET = ExpressionWrapper(F("chips") - _START, output_field=AmountField())
_TOURNAMENT = "sheet__table__round__tournament_id"


def _aggregates(tournaments) -> dict[tuple[int, int], dict]:
    """(tournament, player) → net chips total, best round and rounds played (one query)."""
    rows = (
        _confirmed_lines(tournaments)
        .values(_TOURNAMENT, "player_id", "player__display_name", "player__home_club__short_name")
        .annotate(
            total=Sum(_NET, output_field=AmountField()),
            best=Max(_NET, output_field=AmountField()),
            played=Count("id"),
        )
    )
    return {
        (row[_TOURNAMENT], row["player_id"]): {
            "tournament_id": row[_TOURNAMENT],
            "player_id": row["player_id"],
            "name": row["player__display_name"],
            "club": row["player__home_club__short_name"],
            "total": row["total"],
            "best": row["best"],
            "played": row["played"],
            "rounds": {},
            "points": Decimal(0),
            "penalties": Decimal(0),
        }
        for row in rows
    }


def _per_round(tournaments, rows: dict[tuple[int, int], dict], tables: dict[int, list]) -> None:
    """Each player's chips per round and their placement points at the table (one query).

    `tables`: tournament → its placement points table (empty: chips standings).
    """
    lines = _confirmed_lines(tournaments).annotate(
        number=F("sheet__table__round__number"),
        net=_NET,
        rank=Window(Rank(), partition_by=[F("sheet_id")], order_by=F("chips").desc()),
        tied=Window(Count("id"), partition_by=[F("sheet_id"), F("chips")]),
    )
    for line in lines.values(_TOURNAMENT, "player_id", "number", "net", "rank", "tied"):
        row = rows[(line[_TOURNAMENT], line["player_id"])]
        row["rounds"][line["number"]] = line["net"]
        table = tables.get(line[_TOURNAMENT])
        if table:
            row["points"] += placement_points(rank=line["rank"], tied=line["tied"], table=table)


def _byes(tournaments, rows: dict[tuple[int, int], dict], tables: dict[int, list]) -> None:
    """Each bye of a closed round as a round broken even (one query): 0 chips, and the
    average of the placement points where the tournament is ranked by placement. A player
    whose only round so far was a bye gets a row of their own."""
    byes = Bye.objects.filter(round__status=Round.Status.CLOSED)
    if isinstance(tournaments, Tournament):
        byes = byes.filter(round__tournament=tournaments)
    else:
        byes = byes.filter(round__tournament__in=tournaments)
    for bye in byes.values(
        "round__tournament_id", "round__number", "player_id", "player__display_name",
        "player__home_club__short_name",
    ):  # fmt: skip
        key = (bye["round__tournament_id"], bye["player_id"])
        row = rows.setdefault(
            key,
            {
                "tournament_id": key[0],
                "player_id": key[1],
                "name": bye["player__display_name"],
                "club": bye["player__home_club__short_name"],
                "total": Decimal(0),
                "best": None,
                "played": 0,
                "rounds": {},
                "points": Decimal(0),
                "penalties": Decimal(0),
            },
        )
        row["rounds"][bye["round__number"]] = Decimal(0)
        # The best round is the best of the rounds counted, the bye's even one among them.
        row["best"] = Decimal(0) if row["best"] is None else max(row["best"], Decimal(0))
        table = tables.get(key[0])
        if table:
            row["points"] += bye_points(table)


def won(tournaments) -> dict[tuple[int, int], Amount]:
    """(tournament, player) → chips won: the confirmed sheets' counts less the starting
    chips (one query)."""
    return {key: row["total"] for key, row in _aggregates(tournaments).items()}


def placement_tables(tournaments) -> dict[int, list[Decimal]]:
    """Tournament → its placement points, for those ranked by placement."""
    return {
        t.pk: [Decimal(p) for p in t.placement_points]
        for t in tournaments
        if t.standings_method == Tournament.Standings.PLACEMENT
    }


def _penalties(tournament: Tournament, rows: dict[tuple[int, int], dict]) -> None:
    """What penalty lines cost (or paid) each player over the tournament."""
    players = {
        (seat["table_id"], seat["number"]): seat["player_id"]
        for seat in Seat.objects.filter(round__tournament=tournament).values(
            "table_id", "number", "player_id"
        )
    }
    hands = Hand.objects.filter(table__round__tournament=tournament, deleted=False).filter(
        Q(data__penalties__0__isnull=False)
    )
    for hand in hands.values("table_id", "settlement"):
        for line in hand["settlement"]["lines"]:
            if line["item"] != "penalty":
                continue
            for seat, amount in line["deltas"].items():
                key = (tournament.pk, players.get((hand["table_id"], int(seat))))
                if key in rows:
                    rows[key]["penalties"] += Decimal(str(amount))


def ranked(rows: list[dict], by_points: bool) -> list[dict]:
    """Rank one tournament's rows: points (if so ranked), then chips, then the best round."""
    for row in rows:
        row["points"] = normalize(Decimal(row["points"]))
        row["penalties"] = normalize(Decimal(row["penalties"]))
    keys = ("points", "total", "best") if by_points else ("total", "best")
    return rank_rows(rows, keys, get_language())


def provisional_note(tournament: Tournament, closed_rounds: int) -> str:
    """What marks the standings of a tournament not finished yet ("" once it is)."""
    if tournament.status == Tournament.Status.FINISHED:
        return ""
    if not closed_rounds:
        return _("Provisional: no round closed yet (%(m)s planned)") % {
            "m": tournament.rounds_planned
        }
    return _("Provisional after round %(n)s of %(m)s") % {
        "n": closed_rounds,
        "m": tournament.rounds_planned,
    }


@dataclass(frozen=True)
class CountLine:
    """One seat's count on a confirmed score sheet, and what it won: the count less the
    starting chips."""

    round: int
    table: int
    seat: int
    player_id: int
    name: str
    count: Amount
    net: Amount


def confirmed_counts(tournament: Tournament) -> list[CountLine]:
    """Every count on the tournament's confirmed sheets, by round, table and seat (one query)."""
    lines = (
        _confirmed_lines(tournament)
        .order_by("sheet__table__round__number", "sheet__table__number", "seat")
        .values_list(
            "sheet__table__round__number",
            "sheet__table__number",
            "seat",
            "player_id",
            "player__display_name",
            "chips",
        )
    )
    return [
        CountLine(number, table, seat, player, name, chips, chips - tournament.starting_chips)
        for number, table, seat, player, name, chips in lines
    ]


def closed_byes(tournament: Tournament) -> list[tuple[int, int, str]]:
    """The byes of the tournament's closed rounds: (round, player id, name), by round and
    name (one query)."""
    byes = Bye.objects.filter(round__tournament=tournament, round__status=Round.Status.CLOSED)
    return list(
        byes.order_by("round__number", "player__display_name").values_list(
            "round__number", "player_id", "player__display_name"
        )
    )


def counts_by_player(tournament: Tournament) -> list[dict]:
    """Each player's id and name, count at the end of each round (round → count), the rounds they
    had a bye in (counted as the starting chips: broken even) and the sum of those counts,
    the highest sum first (two queries)."""
    rows: dict[int, dict] = {}

    def row_of(player_id: int, name: str) -> dict:
        return rows.setdefault(
            player_id,
            {"player_id": player_id, "name": name, "rounds": {}, "byes": set(), "total": 0},
        )

    for line in confirmed_counts(tournament):
        row = row_of(line.player_id, line.name)
        row["rounds"][line.round] = line.count
        row["total"] += line.count
    for number, player_id, name in closed_byes(tournament):
        row = row_of(player_id, name)
        row["rounds"][number] = tournament.starting_chips
        row["byes"].add(number)
        row["total"] += tournament.starting_chips
    return best_first(rows.values(), ("total",), get_language())


def tournament_standings(tournament: Tournament) -> Standings:
    """Ranked standings: by chips, or by placement points with chips then best round next;
    marked provisional until the tournament is finished."""
    rows = _aggregates(tournament)
    tables = placement_tables([tournament])
    _per_round(tournament, rows, tables)
    _byes(tournament, rows, tables)
    _penalties(tournament, rows)
    rounds = sorted({number for row in rows.values() for number in row["rounds"]})
    closed = 0
    if tournament.status != Tournament.Status.FINISHED:
        closed = tournament.rounds.filter(status=Round.Status.CLOSED).count()
    standings = Standings(tournament, rounds, note=provisional_note(tournament, closed))
    standings.rows = ranked(list(rows.values()), standings.by_points)
    return standings


def trick_rows(tournaments: list[Tournament]) -> dict[int, list[dict]]:
    """Drive → its players ranked by tricks (RULES §6.3): each with ``place`` (equal totals
    share it), ``player_id``, ``name``, ``club``, ``rounds`` (round → tricks) and ``total``;
    from the hands of the tables whose sheet is confirmed, each hand's tricks by seat as
    the tournament's ruleset counts them (``DRIVE_TRICKS``). Everyone seated at such a
    table is listed, with 0 tricks if its hands gave them none (a table confirmed with no
    hands recorded: they played the round). Two queries for them all."""
    drives = {t.pk: t for t in tournaments if t.standings_method == Tournament.Standings.TRICKS}
    if not drives:
        return {}
    seating: dict[int, dict[int, int]] = {}
    players: dict[int, tuple[str, str]] = {}
    per_round: dict[int, dict[int, dict[int, int]]] = defaultdict(dict)
    confirmed = ScoreSheet.objects.filter(table=OuterRef("table_id"), confirmed_at__isnull=False)
    seats = (
        Seat.objects.filter(round__tournament__in=list(drives))
        .annotate(confirmed=Exists(confirmed))
        .values_list(
            "table_id", "number", "player_id", "player__display_name",
            "player__home_club__short_name", "round__tournament_id", "round__number", "confirmed",
        )
    )  # fmt: skip
    for table_id, number, player_id, name, club, tournament_id, round_number, done in seats:
        seating.setdefault(table_id, {})[number] = player_id
        players[player_id] = (name, club)
        if done:
            per_round[tournament_id].setdefault(player_id, {})[round_number] = 0
    hands = Hand.objects.filter(
        table__round__tournament__in=list(drives),
        deleted=False,
        table__sheets__confirmed_at__isnull=False,
    ).values_list("table__round__tournament_id", "table_id", "table__round__number", "data")
    for tournament_id, table_id, number, data in hands:
        seated = seating[table_id]
        counted = drives[tournament_id].rules.DRIVE_TRICKS(data, tuple(sorted(seated)))
        for seat, tricks in counted.items():
            rounds = per_round[tournament_id].setdefault(seated[seat], {})
            rounds[number] = rounds.get(number, 0) + tricks
    result: dict[int, list[dict]] = {pk: [] for pk in drives}
    for tournament_id, by_player in per_round.items():
        totals = {player: sum(rounds.values()) for player, rounds in by_player.items()}
        by_name = dict(sorted(totals.items(), key=lambda item: players[item[0]][0]))
        result[tournament_id] = [
            {
                "place": place,
                "player_id": player,
                "name": players[player][0],
                "club": players[player][1],
                "rounds": by_player[player],
                "total": total,
            }
            for place, player, total in drive.ranking(by_name)
        ]
    return result


def live_places(tournaments: list[Tournament]) -> dict[int, list[dict]]:
    """Tournament → its ranked rows computed from the sheets, for many tournaments in a
    fixed number of queries (a drive's by tricks)."""
    rows = _aggregates(tournaments)
    tables = placement_tables(tournaments)
    _per_round(tournaments, rows, tables)
    _byes(tournaments, rows, tables)
    grouped: dict[int, list[dict]] = defaultdict(list)
    for (tournament_id, _player), row in rows.items():
        grouped[tournament_id].append(row)
    by_points = {t.pk: t.standings_method == Tournament.Standings.PLACEMENT for t in tournaments}
    places = {pk: ranked(group, by_points[pk]) for pk, group in grouped.items()}
    return {**places, **trick_rows(tournaments)}


def final_places(tournaments: list[Tournament]) -> dict[int, list[dict]]:
    """Tournament → its ranked rows: a finished tournament's as stored when it was
    finished (`place_models.FinalPlace`), the others (and a finished one with nothing
    stored) computed from the sheets; a fixed number of queries however many."""
    finished = [t.pk for t in tournaments if t.status == Tournament.Status.FINISHED]
    stored = stored_places(finished) if finished else {}
    return {**stored, **live_places([t for t in tournaments if t.pk not in stored])}


def player_history(player_id: int) -> list[dict]:
    """The tournaments a player played: date, per-round chips, total, place (newest first),
    and whether that place is still provisional (the tournament not finished)."""
    lines = (
        _confirmed_lines()
        .filter(player_id=player_id)
        .order_by("sheet__table__round__number")
        .values_list(_TOURNAMENT, "sheet__table__round__number", "chips", _START.name)
    )
    rounds: dict[int, dict[int, Amount]] = defaultdict(dict)
    for tournament_id, number, chips, start in lines:
        rounds[tournament_id][number] = chips - start
    tournaments = list(Tournament.objects.filter(pk__in=rounds).order_by("-date", "-pk"))
    places = final_places(tournaments)
    history = []
    for tournament in tournaments:
        ranked_rows = places.get(tournament.pk, [])
        row = next((r for r in ranked_rows if r["player_id"] == player_id), None)
        history.append(
            {
                "tournament": tournament,
                "rounds": rounds[tournament.pk],
                "total": sum(rounds[tournament.pk].values()),
                "place": row["place"] if row else None,
                "field": len(ranked_rows),
                "provisional": tournament.status != Tournament.Status.FINISHED,
            }
        )
    return history


def _in_play_of_club(club_id: int):
    """The tournaments not finished where a player of the club has a confirmed sheet line
    (usually none or one): the club page ranks these from the sheets."""
    lines = _confirmed_lines().filter(
        player__home_club_id=club_id, sheet__table__round__tournament=OuterRef("pk")
    )
    return Tournament.objects.exclude(status=Tournament.Status.FINISHED).filter(Exists(lines))


def club_results(club_id: int) -> list[dict]:
    """The club's players with tournaments played, chips won and best place (home club);
    `provisional` when a tournament counted in the row is not finished yet.

    The finished tournaments from the stored places (one query, however long the
    history), those in play from their sheets."""
    rows: dict[int, dict] = {}

    def row_of(player_id: int, name: str) -> dict:
        return rows.setdefault(
            player_id,
            {
                "player_id": player_id,
                "player__display_name": name,
                "tournaments": 0,
                "total": 0,
                "best_place": None,
                "provisional": False,
            },
        )

    stored = (
        FinalPlace.objects.filter(player__home_club_id=club_id)
        .values("player_id", "player__display_name")
        .annotate(tournaments=Count("chips"), total=Sum("chips"), best=Min("place"))
    )
    for found in stored:
        if found["tournaments"]:  # not only byes
            row = row_of(found["player_id"], found["player__display_name"])
            row.update(tournaments=found["tournaments"], total=found["total"])
            row["best_place"] = found["best"]
    tournaments = list(_in_play_of_club(club_id))
    if tournaments:
        lines = _confirmed_lines(tournaments).filter(player__home_club_id=club_id)
        totals = lines.values("player_id", "player__display_name").annotate(
            played=Count(_TOURNAMENT, distinct=True), net=Sum(_NET, output_field=AmountField())
        )
        for found in totals:
            row = row_of(found["player_id"], found["player__display_name"])
            row["tournaments"] += found["played"]
            row["total"] += found["net"]
            row["provisional"] = True
        for ranked_rows in live_places(tournaments).values():
            for ranked_row in ranked_rows:
                mine = rows.get(ranked_row["player_id"])
                if mine is not None and mine["provisional"]:
                    place = ranked_row["place"]
                    if mine["best_place"] is None or place < mine["best_place"]:
                        mine["best_place"] = place
    return best_first(rows.values(), ("total",), get_language(), name="player__display_name")


def club_rulesets(club_id: int) -> set[str]:
    """The rulesets of the tournaments counted in `club_results` (two queries): what
    their totals are called (chips or points) depends on them."""
    stored = FinalPlace.objects.filter(player__home_club_id=club_id, chips__isnull=False)
    finished = stored.values_list("tournament__ruleset", flat=True).distinct()
    in_play = _in_play_of_club(club_id).values_list("ruleset", flat=True)
    return {*finished, *in_play}
