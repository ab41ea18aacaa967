"""What the simulated day reads back: the standings as the public export gives them, and
what the database says they must be (the confirmed sheets, the seats, the byes)."""

import csv
import io
import json
from collections import defaultdict
from decimal import Decimal

from tournaments.models import Bye, Hand, Round, ScoreSheet, Seat, Table, Tournament


def standings_rows(text: str) -> list[dict[str, str]]:
    """The player rows of the standings CSV (the rows after the header with "Player")."""
    rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff"))))
    for i, row in enumerate(rows):
        if "Player" in row:
            # The note ("provisional after round 1 of 3") is a last row of one cell.
            return [dict(zip(row, r, strict=True)) for r in rows[i + 1 :] if len(r) == len(row)]
    return []


def amount(text: str) -> Decimal:
    """A number as the CSV writes it ("−3", "101.5", "" for none)."""
    text = (text or "").replace("\u2212", "-").replace(",", ".").replace("\xa0", "").strip()
    return Decimal(text or "0")


def expected_players(tournament: Tournament) -> set[str]:
    """The names the standings must list: whoever sat at a table whose sheet is confirmed,
    or had a bye in a closed round (a bye breaks even; it is a round played)."""
    seated = Seat.objects.filter(
        table__round__tournament=tournament, table__sheets__confirmed_at__isnull=False
    ).values_list("player__display_name", flat=True)
    byes = Bye.objects.filter(
        round__tournament=tournament, round__status=Round.Status.CLOSED
    ).values_list("player__display_name", flat=True)
    return set(seated) | set(byes)


def confirmed_net(tournament: Tournament) -> dict[str, dict[int, Decimal]]:
    """Player name → round → the confirmed sheet's count less the starting chips."""
    nets: dict[str, dict[int, Decimal]] = defaultdict(dict)
    sheets = ScoreSheet.objects.filter(
        table__round__tournament=tournament, confirmed_at__isnull=False
    ).prefetch_related("lines__player", "table__round")
    for sheet in sheets:
        for line in sheet.lines.all():
            net = Decimal(line.chips) - tournament.starting_chips
            nets[line.player.name][sheet.table.round.number] = net
    return nets


def computed_counts(table: Table) -> dict[int, Decimal]:
    """Seat → the chips the table's recorded hands leave it with (its starting chips plus
    what every hand not deleted moved)."""
    start = table.round.tournament.starting_chips
    counts = {seat: Decimal(start) for seat in table.seats.values_list("number", flat=True)}
    for hand in Hand.objects.filter(table=table, deleted=False):
        for seat, moved in hand.deltas().items():
            counts[seat] = counts.get(seat, Decimal(start)) + Decimal(moved)
    return counts


def table_state(table: Table) -> tuple:
    """Everything a confirmation fixes at a table: its hands (number, revision, deleted,
    data) and its confirmed sheet's lines."""
    hands = tuple(
        Hand.objects.filter(table=table)
        .order_by("number")
        .values_list("number", "revision", "deleted", "settlement")
    )
    sheet = ScoreSheet.objects.filter(table=table, confirmed_at__isnull=False).first()
    lines = tuple(sheet.lines.values_list("seat", "player_id", "chips")) if sheet else ()
    return hands, (sheet.pk if sheet else None), lines


def is_played_hand(settlement: dict) -> bool:
    """Whether a stored hand counts toward the round's number of hands: its settlement
    scores a game. A standalone ruling (penalties alone) and a hand the rules void (a
    misdeal, a renonc: only the penalties are paid, and the table deals again) do not."""
    return any(line["item"] not in {"adjustment", "penalty"} for line in settlement["lines"])


def stored_summaries() -> dict[str, set[tuple]]:
    """What the site keeps for finished tournaments, by value (not by row id): the final
    places, the players' statistics and the ratings with their history."""
    from tournaments.place_models import FinalPlace
    from tournaments.rating_models import Rating, RatingChange
    from tournaments.stats_models import PlayerStats

    def values(model) -> set[tuple]:
        names = [f.attname for f in model._meta.concrete_fields if f.attname != "id"]
        return {
            tuple(json.dumps(v, sort_keys=True) if isinstance(v, dict | list) else v for v in row)
            for row in model.objects.values_list(*names)
        }

    return {
        model.__name__: values(model) for model in (FinalPlace, PlayerStats, Rating, RatingChange)
    }
