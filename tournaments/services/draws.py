"""The seating of a round: the next round drawn (or moved on, in a drive), the plan raised
by a round, two players' places swapped before the round starts."""

import secrets
from collections import Counter

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from clubs.models import Player
from scoring import drive as movement
from scoring import get_ruleset
from tournaments import draw, drive, locks
from tournaments.models import Bye, Round, Seat, Table, Tournament
from tournaments.services.common import TournamentError, audit


@transaction.atomic
def draw_next_round(*, tournament: Tournament, by, seed: int | None = None) -> Round:
    """Draw the seating of the next round from the checked-in players (seeded, stored)."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if tournament.status == Tournament.Status.FINISHED:
        raise TournamentError(_("The tournament is finished; reopen it to draw another round."))
    last = tournament.rounds.order_by("-number").first()
    if last and last.status != Round.Status.CLOSED:
        # Translators: %(round)s is a round as the site names it elsewhere ("Round 2").
        raise TournamentError(_("Close %(round)s before drawing the next round.") % {"round": last})
    number = (last.number if last else 0) + 1
    if number > tournament.rounds_planned:
        raise TournamentError(
            _(
                "All %(planned)s planned rounds are drawn: the plan is complete. Add a round "
                "to the plan first to draw round %(number)s."
            )
            % {"planned": tournament.rounds_planned, "number": number}
        )
    players = [r.player_id for r in tournament.registrations.all() if r.plays_in(number)]
    seed = secrets.randbits(31) if seed is None else seed
    detail = f"round {number}, seed {seed}"
    if drive.is_drive(tournament) and len(players) % movement.TABLE:
        raise TournamentError(
            ngettext(
                "A drive is played %(size)s to a table: %(count)s player checks in.",
                "A drive is played %(size)s to a table: %(count)s players check in.",
                len(players),
            )
            % {"size": movement.TABLE, "count": len(players)}
        )
    if drive.is_drive(tournament) and last is not None:
        result = _moved(last, players, seed)
        detail = f"round {number}, moved on from round {last.number}"
    else:
        result = _drawn(tournament, number, players, seed)
    round_ = Round.objects.create(tournament=tournament, number=number, seed=seed)
    _store_draw(round_, result)
    carried = _carry_judges(last, round_) if last is not None else []
    if tournament.status == Tournament.Status.SETUP:
        tournament.status = Tournament.Status.RUNNING
        tournament.save(update_fields=["status"])
    audit(tournament=tournament, actor=by, action="draw", detail=detail)
    if carried:
        tables = ", ".join(str(number) for number in carried)
        audit(
            tournament=tournament,
            actor=by,
            action="judge",
            detail=f"{round_}: judges carried over from round {last.number} at tables {tables}",
        )
    return round_


@transaction.atomic
def add_planned_round(*, tournament: Tournament, by) -> Tournament:
    """Raise the plan by one round, so that one more round can be drawn (audited)."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if tournament.status == Tournament.Status.FINISHED:
        raise TournamentError(_("The tournament is finished; reopen it to draw another round."))
    planned = tournament.rounds_planned
    tournament.rounds_planned = planned + 1
    tournament.save(update_fields=["rounds_planned"])
    audit(
        tournament=tournament,
        actor=by,
        action="plan",
        detail=f"rounds planned {planned} → {tournament.rounds_planned}",
    )
    return tournament


@transaction.atomic
def swap(*, round_: Round, player_a: int, player_b: int, by) -> None:
    """Exchange two players' places (seats or byes) before the round starts."""
    # The tournament first (locks.py): the audit entry names it.
    round_ = locks.round_(round_.pk)
    if round_.status != Round.Status.DRAWN:
        raise TournamentError(_("Players can be swapped only before the round starts."))
    current = draw.Draw(
        tables=tuple(
            tuple(s.player_id for s in table.seats.all())
            for table in round_.tables.prefetch_related("seats")
        ),
        byes=tuple(round_.byes.values_list("player_id", flat=True)),
        seed=round_.seed,
    )
    try:
        swapped = draw.swap_players(current, player_a, player_b)
    except draw.DrawError as error:
        raise TournamentError(str(error)) from None
    Seat.objects.filter(round=round_).delete()
    Bye.objects.filter(round=round_).delete()
    _seat(round_, list(round_.tables.order_by("number")), swapped)
    names = dict(
        Player.objects.filter(pk__in=[player_a, player_b]).values_list("pk", "display_name")
    )
    audit(
        tournament=round_.tournament,
        actor=by,
        action="swap",
        detail=f"{round_}: {names.get(player_a)} ↔ {names.get(player_b)}",
    )


def _history(tournament: Tournament) -> tuple[list, Counter]:
    tables: dict[int, list[int]] = {}
    rounds: dict[int, list[int]] = {}
    seats = Seat.objects.filter(round__tournament=tournament).order_by(
        "round__number", "table_id", "number"
    )
    for round_number, table_id, player_id in seats.values_list(
        "round__number", "table_id", "player_id"
    ):
        if table_id not in tables:
            tables[table_id] = []
            rounds.setdefault(round_number, []).append(table_id)
        tables[table_id].append(player_id)
    history = [[tables[t] for t in rounds[n]] for n in sorted(rounds)]
    byes = Counter(
        Bye.objects.filter(round__tournament=tournament).values_list("player_id", flat=True)
    )
    return history, byes


def _drawn(tournament: Tournament, number: int, players: list[int], seed: int) -> draw.Draw:
    """The seeded draw of round ``number`` (every round of a tournament that is no drive,
    and a drive's first)."""
    history, byes = _history(tournament)
    try:
        return draw.draw_round(
            players,
            seed=seed,
            history=history,
            bye_history=byes,
            table_size=tournament.table_size,
            allowed_sizes=allowed_table_sizes(tournament),
        )
    except draw.DrawError as error:
        # Translators: %(number)s is the number of the round that could not be drawn; %(error)s
        # is the draw's own reason (English).
        raise TournamentError(
            _("Cannot draw %(number)s: %(error)s") % {"number": number, "error": error}
        ) from None


def _moved(last: Round, players: list[int], seed: int) -> draw.Draw:
    """A drive's next round by the progressive movement from ``last``'s tricks."""
    tables, results = drive.round_results(last)
    refusal = drive.movement_refusal(tables, players)
    if refusal:
        raise TournamentError(refusal)
    return draw.Draw(tables=movement.next_seating(tables, results), byes=(), seed=seed)


def allowed_table_sizes(tournament: Tournament) -> tuple[int, ...]:
    """The table sizes the ruleset allows; the tournament's own size first (a drive's
    only: its movement moves pairs between tables of four)."""
    if drive.is_drive(tournament):
        return (tournament.table_size,)
    sizes = get_ruleset(tournament.ruleset).TABLE_SIZES
    return (tournament.table_size, *(s for s in sizes if s != tournament.table_size))


def _carry_judges(last: Round, round_: Round) -> list[int]:
    """Give each table of ``round_`` the judge account of the table of the same number in
    ``last`` (the judges stay at their table numbers until the director changes them);
    returns the numbers of the tables given one. Private links are not carried: each
    table's is its own."""
    judges = dict(last.tables.filter(judge__isnull=False).values_list("number", "judge_id"))
    tables = [table for table in round_.tables.all() if table.number in judges]
    for table in tables:
        table.judge_id = judges[table.number]
    Table.objects.bulk_update(tables, ["judge"])
    return [table.number for table in tables]


def _store_draw(round_: Round, result: draw.Draw) -> None:
    tables = Table.objects.bulk_create(
        Table(round=round_, number=n) for n in range(1, len(result.tables) + 1)
    )
    _seat(round_, tables, result)


def _seat(round_: Round, tables: list[Table], result: draw.Draw) -> None:
    """Store `result`'s seats at `tables` (in table order) and its byes."""
    Seat.objects.bulk_create(
        Seat(table=table, round=round_, number=seat, player_id=player)
        for table, players in zip(tables, result.tables, strict=True)
        for seat, player in enumerate(players, start=1)
    )
    Bye.objects.bulk_create(Bye(round=round_, player_id=player) for player in result.byes)
