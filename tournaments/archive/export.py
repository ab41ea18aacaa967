"""Writing a tournament as an archive document (see `tournaments.archive`)."""

import datetime
import json
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import models

from clubs.models import Club, Player, Season
from tournaments.archive.common import FORMAT, VERSION, checksum, club_fields
from tournaments.exact_json import ExactDecoder, ExactEncoder
from tournaments.models import (
    Bye,
    Hand,
    HandRevision,
    ScoreSheet,
    Seat,
    SheetLine,
    Table,
    Tournament,
)


def _moment(value: datetime.datetime | None) -> str | None:
    return value.astimezone(datetime.UTC).isoformat() if value else None


def _username(user: User | None) -> str | None:
    return user.get_username() if user else None


def _player_order(player: Player) -> tuple:
    return (
        player.home_club.short_name,
        player.member_number,
        player.last_name,
        player.first_name,
        player.display_name,
        player.pk,
    )


def _players(tournament: Tournament) -> list[Player]:
    """Everyone the tournament names: registered, seated, given a bye or on a sheet."""
    ids = set(tournament.registrations.values_list("player", flat=True))
    ids |= set(Seat.objects.filter(round__tournament=tournament).values_list("player", flat=True))
    ids |= set(Bye.objects.filter(round__tournament=tournament).values_list("player", flat=True))
    ids |= set(
        SheetLine.objects.filter(sheet__table__round__tournament=tournament).values_list(
            "player", flat=True
        )
    )
    players = Player.objects.filter(pk__in=ids).select_related("home_club")
    return sorted(players, key=_player_order)


def _club(club: Club) -> dict[str, Any]:
    """Every field of the club but its id (a date as ISO text)."""
    row = {}
    for field in club_fields():
        value = field.value_from_object(club)
        row[field.name] = value.isoformat() if isinstance(value, datetime.date) else value
    return row


def _season(season: Season | None) -> dict[str, Any] | None:
    if season is None:
        return None
    return {
        "name": season.name,
        "club": season.club.short_name if season.club else None,
        "start_date": season.start_date.isoformat(),
        "end_date": season.end_date.isoformat(),
        "ranking": season.ranking,
        "cup_points": season.cup_points,
        "best_of": season.best_of,
        "minimum_tournaments": season.minimum_tournaments,
    }


def _table(table: Table, key: dict[int, str]) -> dict[str, Any]:
    hands = []
    for hand in table.hands.all():
        revisions = [
            {
                "revision": revision.revision,
                "data": revision.data,
                "settlement": revision.settlement,
                "deleted": revision.deleted,
                "changed_by": _username(revision.changed_by),
                "actor": revision.actor,
                "changed_at": _moment(revision.changed_at),
                "reason": revision.reason,
            }
            for revision in hand.revisions.all()
        ]
        hands.append(
            {
                "number": hand.number,
                "data": hand.data,
                "settlement": hand.settlement,
                "deleted": hand.deleted,
                "revision": hand.revision,
                "submission": str(hand.submission),
                "revisions": revisions,
            }
        )
    sheets = [
        {
            "entered_by": _username(sheet.entered_by),
            "entered_actor": sheet.entered_actor,
            "entered_browser": sheet.entered_browser,
            "entered_at": _moment(sheet.entered_at),
            "confirmed_by": _username(sheet.confirmed_by),
            "confirmed_browser": sheet.confirmed_browser,
            "confirmed_at": _moment(sheet.confirmed_at),
            "lines": [
                {"seat": line.seat, "player": key[line.player_id], "chips": line.chips}
                for line in sheet.lines.all()
            ],
        }
        for sheet in table.sheets.all()
    ]
    return {
        "number": table.number,
        "judge": _username(table.judge),
        "paper_only": table.paper_only,
        "version": table.version,
        "seats": [
            {"number": seat.number, "player": key[seat.player_id]} for seat in table.seats.all()
        ],
        "hands": hands,
        "sheets": sheets,
    }


def export_tournament(tournament: Tournament) -> dict[str, Any]:
    """The whole tournament as a JSON-ready document with its format version and checksum.

    The same database state gives the same document: every list is in a fixed order and
    nothing depends on database ids.
    """
    tournament = Tournament.objects.select_related("host_club", "season__club", "created_by").get(
        pk=tournament.pk
    )
    players = _players(tournament)
    key = {player.pk: f"p{index}" for index, player in enumerate(players, start=1)}
    clubs = {player.home_club.short_name: player.home_club for player in players}
    clubs[tournament.host_club.short_name] = tournament.host_club
    if tournament.season and tournament.season.club:
        clubs[tournament.season.club.short_name] = tournament.season.club

    rounds = []
    for round_ in tournament.rounds.order_by("number"):
        tables = (
            round_.tables.order_by("number")
            .select_related("judge")
            .prefetch_related(
                models.Prefetch("seats", queryset=Seat.objects.order_by("number")),
                models.Prefetch(
                    "hands",
                    queryset=Hand.objects.order_by("number").prefetch_related(
                        models.Prefetch(
                            "revisions",
                            queryset=HandRevision.objects.order_by("revision").select_related(
                                "changed_by"
                            ),
                        )
                    ),
                ),
                models.Prefetch(
                    "sheets",
                    queryset=ScoreSheet.objects.order_by("entered_at", "pk")
                    .select_related("entered_by", "confirmed_by")
                    .prefetch_related(
                        models.Prefetch("lines", queryset=SheetLine.objects.order_by("seat"))
                    ),
                ),
            )
        )
        rounds.append(
            {
                "number": round_.number,
                "seed": round_.seed,
                "status": round_.status,
                "byes": sorted(
                    key[player] for player in round_.byes.values_list("player", flat=True)
                ),
                "tables": [_table(table, key) for table in tables],
            }
        )

    registrations = sorted(
        (
            {
                "player": key[registration.player_id],
                "checked_in": registration.checked_in,
                "first_round": registration.first_round,
                "last_round": registration.last_round,
                "registered_at": _moment(registration.registered_at),
                # The waiting list's order (1, 2, …), None for a player with a place.
                "waiting": registration.waiting,
            }
            for registration in tournament.registrations.all()
        ),
        key=lambda row: int(str(row["player"])[1:]),
    )
    audit = [
        {
            "actor": _username(entry.actor),
            "action": entry.action,
            "detail": entry.detail,
            "at": _moment(entry.at),
        }
        for entry in tournament.audit.order_by("at", "pk").select_related("actor")
    ]
    document = {
        "format": FORMAT,
        "version": VERSION,
        "clubs": [_club(clubs[name]) for name in sorted(clubs)],
        "players": [
            {
                "key": key[player.pk],
                "home_club": player.home_club.short_name,
                "member_number": player.member_number,
                "first_name": player.first_name,
                "last_name": player.last_name,
                "display_name": player.display_name,
                "active": player.active,
            }
            for player in players
        ],
        "users": _users(tournament, rounds, audit),
        "tournament": {
            "name": tournament.name,
            "date": tournament.date.isoformat(),
            "venue": tournament.venue,
            "host_club": tournament.host_club.short_name,
            "season": _season(tournament.season),
            "ruleset": tournament.ruleset,
            "preset": tournament.preset,
            "house_rules": tournament.house_rules,
            "rounds_planned": tournament.rounds_planned,
            "hands_per_round": tournament.hands_per_round,
            "minutes_per_round": tournament.minutes_per_round,
            "starting_chips": tournament.starting_chips,
            "table_size": tournament.table_size,
            "standings_method": tournament.standings_method,
            "placement_points": tournament.placement_points,
            "status": tournament.status,
            "created_by": _username(tournament.created_by),
            "created_at": _moment(tournament.created_at),
        },
        "registrations": registrations,
        "rounds": rounds,
        "audit": audit,
    }
    # Through the exact JSON and back: the document holds what a reader of the file gets.
    document = json.loads(json.dumps(document, cls=ExactEncoder), cls=ExactDecoder)
    document["checksum"] = checksum(document)
    return document


def _users(tournament: Tournament, rounds: list[dict], audit: list[dict]) -> list[dict]:
    """Every account the document names, by username, with the name the pages show."""
    names = {_username(tournament.created_by)} | {entry["actor"] for entry in audit}
    for round_ in rounds:
        for table in round_["tables"]:
            names.add(table["judge"])
            for hand in table["hands"]:
                names |= {revision["changed_by"] for revision in hand["revisions"]}
            for sheet in table["sheets"]:
                names |= {sheet["entered_by"], sheet["confirmed_by"]}
    names.discard(None)
    accounts = get_user_model().objects.filter(username__in=names)
    # Sorted here, not by the database: its collation (PostgreSQL's may ignore case) would
    # make the order of the same accounts depend on the database.
    accounts = sorted(accounts, key=lambda user: user.get_username())
    return [
        {
            "username": user.get_username(),
            "first_name": user.first_name,
            "last_name": user.last_name,
        }
        for user in accounts
    ]


def dump(document: dict[str, Any]) -> str:
    """The archive file's text: sorted keys, one item a line, amounts exact."""
    return (
        json.dumps(document, cls=ExactEncoder, sort_keys=True, indent=1, ensure_ascii=False) + "\n"
    )
