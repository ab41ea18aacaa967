"""A tournament played as a drive (standings by tricks, RULES §6.3): the rows it reads
for :mod:`scoring.drive`, which does the counting, ranking and moving.

Which game can be played as a drive is the ruleset's to say (its ``DRIVE_TRICKS``); this
module names none. A table's tricks count once its score sheet is confirmed, as chips
do, so the standings move table by table as the judges' sheets are confirmed.
"""

from collections.abc import Sequence
from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

from scoring import drive
from tournaments.models import Hand, PlayedHand, Registration, Round, Seat, Tournament
from tournaments.totals import Standings, provisional_note, tournament_standings, trick_rows

# The suits of the trump schedule as the reader says them (a trump is named in the plural).
SUITS = {
    "hearts": pgettext_lazy("trumps", "hearts"),
    "diamonds": pgettext_lazy("trumps", "diamonds"),
    "spades": pgettext_lazy("trumps", "spades"),
    "clubs": pgettext_lazy("trumps", "clubs"),
}


def suit_names(trumps: tuple[str, ...]) -> tuple[str, ...]:
    """The trump schedule's suits in the active language."""
    return tuple(str(SUITS[suit]) for suit in trumps)


def is_drive(tournament: Tournament) -> bool:
    """Whether the tournament is a drive: ranked by each player's tricks."""
    return tournament.standings_method == Tournament.Standings.TRICKS


def can_be_drive(ruleset) -> bool:
    """Whether the ruleset can be played as a drive (it counts a hand's tricks by seat)."""
    return ruleset.DRIVE_TRICKS is not None


def _seating(tournament: Tournament, round_: Round | None = None) -> dict[int, dict[int, int]]:
    """Table id → seat → player of the tournament's (or one round's) tables (one query)."""
    seats = Seat.objects.filter(round__tournament=tournament)
    if round_ is not None:
        seats = seats.filter(round=round_)
    by_table: dict[int, dict[int, int]] = {}
    for table_id, number, player_id in seats.values_list("table_id", "number", "player_id"):
        by_table.setdefault(table_id, {})[number] = player_id
    return by_table


def round_results(round_: Round) -> tuple[list[tuple[int, ...]], list[dict[int, int]]]:
    """A round's tables (top first, players in seat order) and each table's tricks over
    the round by seat, from its recorded hands (three queries)."""
    rules = round_.tournament.rules
    seating = _seating(round_.tournament, round_)
    table_ids = list(round_.tables.order_by("number").values_list("pk", flat=True))
    results: dict[int, dict[int, int]] = {table_id: {} for table_id in table_ids}
    hands = Hand.objects.filter(table__round=round_, deleted=False).values_list("table_id", "data")
    for table_id, data in hands:
        seats = tuple(sorted(seating[table_id]))
        for seat, tricks in rules.DRIVE_TRICKS(data, seats).items():
            results[table_id][seat] = results[table_id].get(seat, 0) + tricks
    tables = [tuple(seating[t][seat] for seat in sorted(seating[t])) for t in table_ids]
    return tables, [results[t] for t in table_ids]


def trick_standings(tournament: Tournament) -> Standings:
    """Each player's tricks per round and over the drive, the highest total first, equal
    totals sharing a place; from the tables whose score sheet is confirmed (two queries,
    three while the tournament is not finished)."""
    rows = trick_rows([tournament]).get(tournament.pk, [])
    closed = 0
    if tournament.status != Tournament.Status.FINISHED:
        closed = tournament.rounds.filter(status=Round.Status.CLOSED).count()
    numbers = sorted({number for row in rows for number in row["rounds"]})
    return Standings(tournament, numbers, rows, note=provisional_note(tournament, closed))


def movement_refusal(tables: list[tuple[int, ...]], players: list[int]) -> str:
    """Why the movement cannot seat the next round ("" when it can): it moves the same
    players, four to a table."""
    seated = sorted(player for table in tables for player in table)
    if seated != sorted(players):
        return _(
            "A drive moves the players of the last round; withdrawals and late entries "
            "break the movement."
        )
    if any(len(table) != drive.TABLE for table in tables):
        return _("A drive is played four to a table.")
    return ""


def standings(tournament: Tournament) -> Standings:
    """The tournament's standings as its setup ranks them: a drive's by tricks, any other
    by :func:`tournaments.totals.tournament_standings`."""
    return trick_standings(tournament) if is_drive(tournament) else tournament_standings(tournament)


@dataclass
class DriveRound:
    """A round of a drive as its printouts show it: each table's players by seat and, once
    the round is closed, each table's tricks by seat."""

    number: int
    tables: dict[int, dict[int, int]] = field(default_factory=dict)  # table → seat → player
    results: dict[int, dict[int, int]] | None = None  # table → seat → tricks


@dataclass
class DrivePlan:
    """Everything a drive's score cards and movement sheet print: the players (id → name,
    A–Z), the rounds seated so far and the trump schedule over the drive."""

    players: dict[int, str]
    rounds: list[DriveRound]
    trumps: tuple[str, ...]


def drive_plan(tournament: Tournament) -> DrivePlan:
    """The drive's players, seated rounds and closed rounds' tricks (three queries)."""
    rounds: dict[int, DriveRound] = {}
    names: dict[int, str] = {}
    seats = Seat.objects.filter(round__tournament=tournament).values_list(
        "round__number", "round__status", "table__number", "number", "player_id",
        "player__display_name",
    )  # fmt: skip
    closed = set()
    for number, status, table, seat, player, name in seats:
        rounds.setdefault(number, DriveRound(number)).tables.setdefault(table, {})[seat] = player
        names[player] = name
        if status == Round.Status.CLOSED:
            closed.add(number)
    hands = Hand.objects.filter(
        table__round__tournament=tournament, table__round__number__in=closed, deleted=False
    ).values_list("table__round__number", "table__number", "data")
    for number in closed:
        rounds[number].results = {table: {} for table in rounds[number].tables}
    for number, table, data in hands:
        seating = rounds[number].tables[table]
        result = rounds[number].results[table]  # type: ignore[index]
        for seat, tricks in tournament.rules.DRIVE_TRICKS(data, tuple(sorted(seating))).items():
            result[seat] = result.get(seat, 0) + tricks
    registered = Registration.objects.filter(tournament=tournament, checked_in=True)
    for player, name in registered.values_list("player_id", "player__display_name"):
        names.setdefault(player, name)
    hands_per_round = tournament.hands_per_round or 0
    return DrivePlan(
        players=dict(sorted(names.items(), key=lambda item: item[1])),
        rounds=[rounds[number] for number in sorted(rounds)],
        trumps=drive.trump_schedule(tournament.rounds_planned * hands_per_round),
    )


def table_drive(table, hands: Sequence[PlayedHand] | Sequence[Hand]) -> dict[str, object]:
    """What a drive's table page shows under the hands: the round's tricks so far by pair
    (names and tricks) and the next hand's number over the drive and its trumps; nothing
    for a tournament that is no drive. Reads the table's `seat_names` and `hands`."""
    tournament = table.round.tournament
    if not is_drive(tournament):
        return {}
    names = table.seat_names
    played = [hand for hand in hands if not hand.deleted]
    result: dict[int, int] = {}
    for hand in played:
        for seat, tricks in tournament.rules.DRIVE_TRICKS(hand.data, tuple(sorted(names))).items():
            result[seat] = result.get(seat, 0) + tricks
    # Each partner is credited the pair's tricks: one seat of the pair says them.
    pairs = [
        {"seats": pair, "names": [names.get(seat, "") for seat in pair],
         "tricks": result.get(pair[0], 0)}
        for pair in drive.PAIRS
    ]  # fmt: skip
    per_round = tournament.hands_per_round or 0
    number = (table.round.number - 1) * per_round + len(played) + 1
    trumps = suit_names(drive.trump_schedule(number))[-1] if len(played) < per_round else None
    return {"drive": {"pairs": pairs, "next_hand": number, "trumps": trumps}}
