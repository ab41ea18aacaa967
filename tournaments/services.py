"""Writes of a tournament's setup: registration, draws, swaps, judges, round status.

Each function changes several rows together inside one transaction and takes keyword
arguments only. Hands and sheets are in `tournaments.recording`.
"""

import secrets
from collections import Counter
from typing import Any

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from clubs.models import Player
from scoring import drive as movement
from scoring import get_ruleset
from scoring.house_rules import resolve
from tournaments import draw, drive, locks, recording, score_sheets
from tournaments.fields import new_judge_token
from tournaments.models import (
    AuditEntry,
    Bye,
    Registration,
    Round,
    ScoreSheet,
    Seat,
    Table,
    Tournament,
)


class TournamentError(ValueError):
    """A director's request that the tournament's state does not allow; says why."""


def pinned_house_rules(ruleset: str, preset: str = "", overrides: dict | None = None) -> dict:
    """Every setting of the ruleset resolved now, so later default changes cannot leak in."""
    module = get_ruleset(ruleset)
    chosen = dict(module.PRESETS[preset]) if preset else {}
    chosen.update(overrides or {})
    # A decimal setting stays a Decimal: the field's encoder keeps it exact (exact_json).
    return dict(resolve(module.HOUSE_RULES, chosen))


def _check_start(ruleset: str, starting_chips: int | None) -> None:
    """Where scores are written for each player (not paid between them) all start at 0."""
    if starting_chips and not get_ruleset(ruleset).ZERO_SUM:
        raise TournamentError(
            _("%(ruleset)s writes scores for each player: every player starts at 0.")
            % {"ruleset": _(get_ruleset(ruleset).TITLE)}
        )


def _check_drive(
    ruleset: str, standings_method: str, table_size: int, hands_per_round: int | None
) -> None:
    """A drive (standings by tricks) needs a ruleset that counts tricks, four to a table,
    and a number of hands a round (the trump schedule is printed by hand)."""
    if standings_method != Tournament.Standings.TRICKS:
        return
    if not drive.can_be_drive(get_ruleset(ruleset)):
        raise TournamentError(
            _("%(ruleset)s is not played as a drive: there are no tricks to total.")
            % {"ruleset": get_ruleset(ruleset).TITLE}
        )
    if table_size != movement.TABLE:
        raise TournamentError(
            _("A drive is played %(size)s to a table.") % {"size": movement.TABLE}
        )
    if not hands_per_round:
        raise TournamentError(_("A drive needs the hands per round: trumps follow them."))


def create_tournament(*, by, ruleset: str, preset: str = "", **fields: Any) -> Tournament:
    """A tournament with its ruleset's house rules pinned now (RULES §0.5)."""
    if not get_ruleset(ruleset).ZERO_SUM:
        fields.setdefault("starting_chips", 0)
    _check_start(ruleset, fields.get("starting_chips"))
    _check_drive(
        ruleset,
        fields.get("standings_method", Tournament.Standings.CHIPS),
        fields.get("table_size", 4),
        fields.get("hands_per_round"),
    )
    return Tournament.objects.create(
        ruleset=ruleset,
        preset=preset,
        house_rules=pinned_house_rules(ruleset, preset),
        created_by=by,
        **fields,
    )


# What a director sets up on a tournament, in the order the form asks; the house rules
# follow the ruleset and preset, and the placement points are read from text by the form.
SETUP_FIELDS = (
    "name",
    "date",
    "venue",
    "host_club",
    "season",
    "ruleset",
    "preset",
    "rounds_planned",
    "hands_per_round",
    "minutes_per_round",
    "starting_chips",
    "table_size",
    "standings_method",
)
EDITABLE_FIELDS = frozenset({*SETUP_FIELDS, "placement_points"})
# Fixed once the first round is drawn: the hands already played were scored by them.
PINNED_FIELDS = ("ruleset", "preset", "table_size", "starting_chips")


@transaction.atomic
def edit_tournament(*, tournament: Tournament, by, **fields: Any) -> Tournament:
    """Change a tournament's setup; a new ruleset or preset pins its house rules anew.

    Refused for the pinned fields once a round is drawn. Audited with the fields changed.
    """
    unknown = set(fields) - EDITABLE_FIELDS
    if unknown:
        raise TournamentError(
            _("Not a tournament setting: %(fields)s.") % {"fields": ", ".join(sorted(unknown))}
        )
    current = Tournament.objects.select_for_update().get(pk=tournament.pk)
    changed = sorted(name for name, value in fields.items() if getattr(current, name) != value)
    pinned = [name for name in changed if name in PINNED_FIELDS]
    if pinned and current.rounds.exists():
        raise TournamentError(
            _("%(fields)s can't change once a round is drawn.") % {"fields": ", ".join(pinned)}
        )
    drawn = current.rounds.aggregate(n=Max("number"))["n"] or 0
    if fields.get("rounds_planned", drawn) < drawn:
        raise TournamentError(
            _("%(drawn)s rounds are drawn already: plan at least %(drawn)s.") % {"drawn": drawn}
        )
    was_ranked_by = current.standings_method
    for name, value in fields.items():
        setattr(current, name, value)
    _check_start(current.ruleset, current.starting_chips)
    _check_drive(
        current.ruleset, current.standings_method, current.table_size, current.hands_per_round
    )
    # The movement seats round 2 on from round 1's tricks: a drive from its first round on.
    drive_changed = Tournament.Standings.TRICKS in (current.standings_method, was_ranked_by)
    if "standings_method" in changed and drive_changed and current.rounds.exists():
        raise TournamentError(_("A drive is a drive from its first round on."))
    if "ruleset" in changed or "preset" in changed:
        current.house_rules = pinned_house_rules(current.ruleset, current.preset)
    current.save()
    if changed:
        audit(tournament=current, actor=by, action="edit", detail=", ".join(changed))
    return current


def audit(*, tournament: Tournament, actor, action: str, detail: str = "") -> None:
    AuditEntry.objects.create(tournament=tournament, actor=actor, action=action, detail=detail)


@transaction.atomic
def register(*, tournament: Tournament, player: Player, checked_in: bool = False) -> Registration:
    """Register a player; a late entry plays from the next round not yet drawn."""
    if tournament.status == Tournament.Status.FINISHED:
        raise TournamentError(_("The tournament is finished; no more entries."))
    next_round = (tournament.rounds.aggregate(n=Max("number"))["n"] or 0) + 1
    registration, created = Registration.objects.get_or_create(
        tournament=tournament,
        player=player,
        defaults={"checked_in": checked_in, "first_round": next_round},
    )
    if not created:
        raise TournamentError(_("%(player)s is already registered.") % {"player": player})
    return registration


@transaction.atomic
def set_checked_in(*, registration: Registration, checked_in: bool, by) -> None:
    """Check a registered player in at the desk, or undo it (audited either way)."""
    registration = Registration.objects.select_for_update().get(pk=registration.pk)
    if registration.checked_in == checked_in:
        return
    registration.checked_in = checked_in
    registration.save(update_fields=["checked_in"])
    audit(
        tournament=registration.tournament,
        actor=by,
        action="check in" if checked_in else "undo check in",
        detail=str(registration.player),
    )


@transaction.atomic
def withdraw(*, registration: Registration, by) -> None:
    """The player plays no round after the last one drawn."""
    drawn = registration.tournament.rounds.aggregate(n=Max("number"))["n"] or 0
    registration.last_round = max(drawn, registration.first_round - 1)
    registration.save(update_fields=["last_round"])
    audit(
        tournament=registration.tournament,
        actor=by,
        action="withdraw",
        detail=str(registration.player),
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
            _("A drive is played %(size)s to a table: %(count)s players check in.")
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
    Seat.objects.bulk_create(
        Seat(table=table, round=round_, number=seat, player_id=player)
        for table, players in zip(tables, result.tables, strict=True)
        for seat, player in enumerate(players, start=1)
    )
    Bye.objects.bulk_create(Bye(round=round_, player_id=player) for player in result.byes)


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
    tables = list(round_.tables.order_by("number"))
    Seat.objects.bulk_create(
        Seat(table=table, round=round_, number=seat, player_id=player)
        for table, players in zip(tables, swapped.tables, strict=True)
        for seat, player in enumerate(players, start=1)
    )
    Bye.objects.bulk_create(Bye(round=round_, player_id=player) for player in swapped.byes)
    names = dict(
        Player.objects.filter(pk__in=[player_a, player_b]).values_list("pk", "display_name")
    )
    audit(
        tournament=round_.tournament,
        actor=by,
        action="swap",
        detail=f"{round_}: {names.get(player_a)} ↔ {names.get(player_b)}",
    )


@transaction.atomic
def set_round_status(*, round_: Round, status: str, by, reason: str = "") -> bool:
    """Start, close or reopen a round; closing needs every table's sheet confirmed.

    A finished tournament's rounds stay as they are until the tournament is reopened.
    Returns whether the round was reopened (a closed round put back in play).
    """
    # The tournament, then the round, then (closing) its tables: the order of locks.py.
    round_ = locks.round_(round_.pk)
    if round_.tournament.status == Tournament.Status.FINISHED:
        raise TournamentError(
            _("The tournament is finished; reopen the tournament before changing a round.")
        )
    allowed = {
        Round.Status.PLAYING: {Round.Status.DRAWN, Round.Status.CLOSED},
        Round.Status.CLOSED: {Round.Status.PLAYING},
    }
    if round_.status not in allowed.get(status, set()):
        raise TournamentError(
            f"{round_} is {round_.get_status_display().lower()}; cannot do that now."
        )
    if status == Round.Status.CLOSED:
        _check_tables_before_closing(round_)
    reopening = round_.status == Round.Status.CLOSED
    if reopening and not reason.strip():
        raise TournamentError(_("Say why the round is reopened."))
    round_.status = status
    round_.save(update_fields=["status"])
    action = "reopen" if reopening else status
    audit(
        tournament=round_.tournament,
        actor=by,
        action=f"round {action}",
        detail=f"{round_}. {reason}".strip(),
    )
    return reopening


def _check_tables_before_closing(round_: Round) -> None:
    """Refuse to close unless every table has a confirmed sheet that agrees with its hands
    now (the total only at a paper-only table).

    Runs inside the closing transaction with every table of the round locked, so no hand
    can slip in between the check and the close.
    """
    locks.tables(round_)
    unconfirmed, disagreeing = [], []
    for table in round_.tables.with_play():
        sheet = next((sheet for sheet in table.sheets.all() if sheet.confirmed), None)
        if sheet is None:
            unconfirmed.append(str(table.number))
        elif not score_sheets.table_check(table, sheet.counts()).ok:
            disagreeing.append(str(table.number))
    problems = []
    if unconfirmed:
        problems.append(
            _("Tables without a confirmed score sheet: %(tables)s.")
            % {"tables": ", ".join(unconfirmed)}
        )
    if disagreeing:
        problems.append(
            _("Tables whose confirmed sheet no longer agrees with their hands: %(tables)s.")
            % {"tables": ", ".join(disagreeing)}
        )
    if problems:
        raise TournamentError(" ".join(problems))


@transaction.atomic
def reopen_table(*, table: Table, by, reason: str) -> ScoreSheet:
    """Undo a table's confirmation so its hands and sheet can change again (a director's
    ruling, with a reason; audited). The round must still be in play."""
    if not reason.strip():
        raise TournamentError(_("Say why the table is reopened."))
    # Its tournament and round first (locks.py): the audit entry names the tournament.
    table = locks.table(table.pk, parents=True)
    if table.round.status != Round.Status.PLAYING:
        raise TournamentError(
            _("%(round)s is not in play; reopen the round first.") % {"round": table.round}
        )
    sheet = recording.confirmed_sheet(table)
    if sheet is None:
        raise TournamentError(_("%(table)s is not confirmed; it is open.") % {"table": table})
    confirmed_by, confirmed_at = sheet.confirmed_by, sheet.confirmed_at
    ScoreSheet.objects.filter(pk=sheet.pk).update(
        confirmed_by=None, confirmed_browser="", confirmed_at=None
    )
    audit(
        tournament=table.round.tournament,
        actor=by,
        action="table reopen",
        detail=f"{table.round} {table} (confirmed by {confirmed_by} at "
        f"{confirmed_at:%Y-%m-%d %H:%M} UTC). {reason.strip()}",
    )
    sheet.refresh_from_db()
    return sheet


@transaction.atomic
def set_judge(
    *, table: Table, by, judge=None, link: str = "keep", paper_only: bool | None = None
) -> Table:
    """Assign a judge account, create (`link="new"`) or revoke (`"revoke"`) the private
    link, and mark the table paper-only or not (None keeps it as it is)."""
    # Its tournament and round first (locks.py): the audit entry names the tournament.
    table = locks.table(table.pk, parents=True)
    if paper_only and drive.is_drive(table.round.tournament):
        # A drive counts each hand's tricks: a table writing only its totals has none.
        raise TournamentError(_("A drive's tables record their hands: none is paper-only."))
    table.judge = judge
    if paper_only is not None:
        table.paper_only = paper_only
    if link == "new":
        table.judge_token = new_judge_token()
    elif link == "revoke":
        table.judge_token = None
    table.save(update_fields=["judge", "judge_token", "paper_only"])
    audit(
        tournament=table.round.tournament,
        actor=by,
        action="judge",
        detail=f"{table.round} {table}: judge {judge or '—'}, link {link}, "
        f"paper only {table.paper_only}",
    )
    return table


@transaction.atomic
def finish_tournament(*, tournament: Tournament, by) -> Tournament:
    """Make the standings final: allowed once the last round drawn is closed.

    A director may finish before `rounds_planned` (the day ran out of time); the standings
    then say how many rounds were played.
    """
    tournament = locks.tournament(tournament.pk)
    if tournament.status == Tournament.Status.FINISHED:
        raise TournamentError(_("The tournament is already finished."))
    # Locked, so the round cannot be reopened between this check and the finish.
    last = tournament.rounds.select_for_update().order_by("-number").first()
    if last is None:
        raise TournamentError(_("No round has been played; there is nothing to finish."))
    if last.status != Round.Status.CLOSED:
        raise TournamentError(
            _("Close %(round)s before finishing the tournament.") % {"round": last}
        )
    tournament.status = Tournament.Status.FINISHED
    tournament.save(update_fields=["status"])
    audit(
        tournament=tournament,
        actor=by,
        action="finish",
        detail=f"after round {last.number} of {tournament.rounds_planned}",
    )
    return tournament


@transaction.atomic
def reopen_tournament(*, tournament: Tournament, by, reason: str) -> Tournament:
    """Make a finished tournament's standings provisional again, saying why."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if tournament.status != Tournament.Status.FINISHED:
        raise TournamentError(_("The tournament is not finished; there is nothing to reopen."))
    if not reason.strip():
        raise TournamentError(_("Say why the tournament is reopened."))
    tournament.status = Tournament.Status.RUNNING
    tournament.save(update_fields=["status"])
    audit(tournament=tournament, actor=by, action="reopen tournament", detail=reason.strip())
    return tournament
