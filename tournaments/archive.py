"""A tournament as one JSON file, to move it to another database or keep it.

`export_tournament` gathers everything of a tournament: its players and their clubs,
registrations, rounds with their seating and byes, tables, every hand with its whole
history, score sheets, audit entries and the pinned rules. Nothing refers to a database
id: clubs are named by their short name, players by an archive-local key (``p1``, ``p2``
…) with their home club and member number beside it, accounts by their username. The
judge link of a table is a secret and is left out; so are players' e-mail, phone and
notes, which are the club's business, not the tournament's.

`import_tournament` checks the whole file before writing anything, then writes it in one
transaction: a damaged, edited or incompatible file raises `ArchiveError` and leaves the
database as it was.

* Clubs are matched by short name, else created.
* A player with a member number is matched by home club and member number; one without
  by home club and name when exactly one such player (without a number) exists; else the
  player is created. Two candidates are a refusal: give them member numbers first.
* Accounts (the director who created it, judges, whoever entered or confirmed a sheet,
  changed a hand or is named in the audit) are matched by username; a missing one is
  created inactive, with no password and no role, so the history keeps its names while
  nobody can log in as them until an administrator says so.
* A tournament of the same name and date already in the database is a refusal.
"""

import datetime
import hashlib
import json
from collections.abc import Callable, Iterable
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import IntegrityError, models, transaction
from django.utils.translation import gettext as _

from clubs.models import Club, Player, Season
from scoring import HandError, UnknownRuleset, get_ruleset, score_hand
from scoring.jsonio import dumps, loads
from tournaments.exact_json import ExactDecoder, ExactEncoder
from tournaments.models import (
    AuditEntry,
    Bye,
    Hand,
    HandRevision,
    Registration,
    Round,
    ScoreSheet,
    Seat,
    SheetLine,
    Table,
    Tournament,
)

FORMAT = "tarock-tournament-archive"
VERSION = 1
CHECKSUM_PREFIX = "sha256:"
CONTENT_TYPE = "application/json; charset=utf-8"


class ArchiveError(ValueError):
    """A file that cannot be imported; the message names the problem. Nothing was written."""


# Writing -------------------------------------------------------------------------------


def _moment(value: datetime.datetime | None) -> str | None:
    return value.astimezone(datetime.UTC).isoformat() if value else None


def _username(user: User | None) -> str | None:
    return user.get_username() if user else None


def canonical(document: dict[str, Any]) -> bytes:
    """The bytes the checksum is taken of: the document without its checksum, keys sorted,
    no spaces, amounts exact."""
    body = {key: value for key, value in document.items() if key != "checksum"}
    text = json.dumps(body, cls=ExactEncoder, sort_keys=True, separators=(",", ":"))
    return text.encode()


def checksum(document: dict[str, Any]) -> str:
    """SHA-256 of the canonical form of `document` (its own checksum left out)."""
    return CHECKSUM_PREFIX + hashlib.sha256(canonical(document)).hexdigest()


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


def _club_fields() -> list[models.Field]:
    return [field for field in Club._meta.concrete_fields if not field.primary_key]


def _club(club: Club) -> dict[str, Any]:
    """Every field of the club but its id (a date as ISO text)."""
    row = {}
    for field in _club_fields():
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
    accounts = get_user_model().objects.filter(username__in=names).order_by("username")
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


# Reading -------------------------------------------------------------------------------


def load(text: str | bytes) -> dict[str, Any]:
    """The document in an archive file's text; a file that is not whole JSON is refused."""
    try:
        document = json.loads(text, cls=ExactDecoder)
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise ArchiveError(
            _("The file is damaged (not complete JSON: %(error)s); nothing was imported.")
            % {"error": error}
        ) from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise ArchiveError(_("The file is not a tournament archive; nothing was imported."))
    return document


def verify(document: dict[str, Any]) -> None:
    """Refuse an archive of another format version, one edited since it was written (its
    checksum, or a hand whose settlement the engine no longer gives), or one played by a
    ruleset this site does not know."""
    if document.get("version") != VERSION:
        raise ArchiveError(
            _(
                "The archive has format version %(found)s; this site reads version %(known)s. "
                "Nothing was imported."
            )
            % {"found": document.get("version"), "known": VERSION}
        )
    if document.get("checksum") != checksum(document):
        raise ArchiveError(
            _(
                "The archive was changed after it was written (its checksum does not match "
                "its content); nothing was imported."
            )
        )
    try:
        tournament = document["tournament"]
        get_ruleset(tournament["ruleset"])
        for round_ in document["rounds"]:
            for table in round_["tables"]:
                for hand in table["hands"]:
                    where = {"round": round_["number"], "table": table["number"]}
                    _check_settlement(tournament, hand, {**where, "hand": hand["number"]})
                    for revision in hand["revisions"]:
                        _check_settlement(
                            tournament,
                            revision,
                            {**where, "hand": f"{hand['number']} r{revision['revision']}"},
                        )
    except UnknownRuleset:
        raise ArchiveError(
            _(
                "The archive is played by the ruleset %(ruleset)s, which this site does not "
                "know; nothing was imported."
            )
            % {"ruleset": document["tournament"]["ruleset"]}
        ) from None
    except (KeyError, TypeError, AttributeError) as error:
        raise ArchiveError(
            _("The archive is incomplete (missing %(what)s); nothing was imported.")
            % {"what": error}
        ) from None


def _amounts(settlement: dict[str, Any]) -> tuple:
    """What a settlement moves: its deltas and each line's item and deltas. Labels are
    wording and may be improved between versions of the site; amounts may not."""
    lines = [(line["item"], line["deltas"]) for line in settlement["lines"]]
    return settlement["ruleset"], settlement["deltas"], lines


def _check_settlement(tournament: dict, hand: dict, where: dict) -> None:
    ruleset = tournament["ruleset"]
    try:
        fresh = score_hand(ruleset, {**hand["data"], "ruleset": ruleset}, tournament["house_rules"])
    except HandError as error:
        raise ArchiveError(
            _(
                "Round %(round)s, table %(table)s, hand %(hand)s cannot be scored (%(error)s); "
                "nothing was imported."
            )
            % {**where, "error": error}
        ) from None
    if _amounts(loads(dumps(fresh.to_json()))) != _amounts(hand["settlement"]):
        raise ArchiveError(
            _(
                "Round %(round)s, table %(table)s, hand %(hand)s: the stored settlement is not "
                "what its hand scores; the archive was edited. Nothing was imported."
            )
            % where
        )


# Importing -----------------------------------------------------------------------------


class _Stamps:
    """Creation times to put back: `auto_now_add` fields take the time of the insert, so
    the archived times are written by an update once the rows exist."""

    def __init__(self) -> None:
        self.rows: dict[tuple[type[models.Model], str], list[models.Model]] = {}

    def add(self, row: models.Model, field: str, value: str | None) -> None:
        if value:
            setattr(row, field, datetime.datetime.fromisoformat(value))
            self.rows.setdefault((type(row), field), []).append(row)

    def write(self) -> None:
        for (model, field), rows in self.rows.items():
            model._default_manager.bulk_update(rows, [field], batch_size=500)


def _moment_in(value: str | None) -> datetime.datetime | None:
    return datetime.datetime.fromisoformat(value) if value else None


def _accounts(rows: Iterable[dict]) -> dict[str, Any]:
    users = {}
    for row in rows:
        user = get_user_model().objects.filter(username=row["username"]).first()
        if user is None:
            user = get_user_model().objects.create_user(
                username=row["username"],
                first_name=row["first_name"],
                last_name=row["last_name"],
                is_active=False,
            )
        users[row["username"]] = user
    return users


def _clubs(rows: Iterable[dict]) -> dict[str, Club]:
    clubs = {}
    for row in rows:
        club = Club.objects.filter(short_name=row["short_name"]).first()
        if club is None:
            values = {field.name: row[field.name] for field in _club_fields()}
            for field in _club_fields():
                # A number unique among clubs (a lodge's) that a club here holds already
                # stays with that club; the imported one goes without.
                taken = field.unique and field.null and values[field.name] is not None
                if taken and Club.objects.filter(**{field.name: values[field.name]}).exists():
                    values[field.name] = None
            club = Club.objects.create(**values)
        clubs[row["short_name"]] = club
    return clubs


def _player(row: dict, club: Club) -> Player:
    if row["member_number"]:
        found = list(Player.objects.filter(home_club=club, member_number=row["member_number"]))
    else:
        found = list(
            Player.objects.filter(
                home_club=club,
                member_number="",
                first_name=row["first_name"],
                last_name=row["last_name"],
            )
        )
    if len(found) > 1:
        raise ArchiveError(
            _(
                "%(club)s has several players named %(name)s without a member number; give "
                "them member numbers and import again. Nothing was imported."
            )
            % {"club": club.short_name, "name": f"{row['first_name']} {row['last_name']}"}
        )
    if found:
        return found[0]
    return Player.objects.create(
        home_club=club,
        member_number=row["member_number"],
        first_name=row["first_name"],
        last_name=row["last_name"],
        display_name=row["display_name"],
        active=row["active"],
    )


def _season_in(row: dict | None, clubs: dict[str, Club]) -> Season | None:
    if row is None:
        return None
    club = clubs[row["club"]] if row["club"] else None
    season = Season.objects.filter(name=row["name"], club=club).first()
    if season is None:
        season = Season.objects.create(
            name=row["name"],
            club=club,
            start_date=row["start_date"],
            end_date=row["end_date"],
            ranking=row["ranking"],
            cup_points=row["cup_points"],
            best_of=row["best_of"],
            minimum_tournaments=row["minimum_tournaments"],
        )
    return season


def import_tournament(document: dict[str, Any], *, by: User | None = None) -> Tournament:
    """Write an archive's tournament into this database, all or nothing.

    The document is verified first (`verify`); `by`, when given, is recorded in the new
    tournament's audit as whoever imported it.
    """
    verify(document)
    t = document["tournament"]
    if Tournament.objects.filter(name=t["name"], date=t["date"]).exists():
        raise ArchiveError(
            _(
                "A tournament %(name)s on %(date)s is already here; rename or delete it before "
                "importing. Nothing was imported."
            )
            % {"name": t["name"], "date": t["date"]}
        )
    submissions = [
        hand["submission"]
        for round_ in document["rounds"]
        for table in round_["tables"]
        for hand in table["hands"]
    ]
    taken = Hand.objects.filter(submission__in=submissions).select_related("table__round")
    if taken.exists():
        raise ArchiveError(
            _(
                "The hands of this archive are already stored here (in %(tournament)s); "
                "nothing was imported."
            )
            % {"tournament": taken[0].table.round.tournament}
        )
    try:
        with transaction.atomic():
            return _write(document, by)
    except ArchiveError:
        raise
    except KeyError as error:
        raise ArchiveError(
            _(
                "The archive is inconsistent: it refers to %(what)s, which it does not "
                "contain; nothing was imported."
            )
            % {"what": error}
        ) from None
    except (TypeError, ValueError, IntegrityError, ValidationError) as error:
        raise ArchiveError(
            _("The archive does not fit this database (%(error)s); nothing was imported.")
            % {"error": error}
        ) from None


def _write(document: dict[str, Any], by: User | None) -> Tournament:
    stamps = _Stamps()
    users = _accounts(document["users"])
    user = users.__getitem__

    def optional(name: str | None) -> User | None:
        return users[name] if name else None

    clubs = _clubs(document["clubs"])
    players = {row["key"]: _player(row, clubs[row["home_club"]]) for row in document["players"]}
    t = document["tournament"]
    tournament = Tournament.objects.create(
        name=t["name"],
        date=t["date"],
        venue=t["venue"],
        host_club=clubs[t["host_club"]],
        season=_season_in(t["season"], clubs),
        ruleset=t["ruleset"],
        preset=t["preset"],
        house_rules=t["house_rules"],
        rounds_planned=t["rounds_planned"],
        hands_per_round=t["hands_per_round"],
        minutes_per_round=t["minutes_per_round"],
        starting_chips=t["starting_chips"],
        table_size=t["table_size"],
        standings_method=t["standings_method"],
        placement_points=t["placement_points"],
        status=t["status"],
        created_by=optional(t["created_by"]),
    )
    stamps.add(tournament, "created_at", t["created_at"])
    for row in document["registrations"]:
        registration = Registration.objects.create(
            tournament=tournament,
            player=players[row["player"]],
            checked_in=row["checked_in"],
            first_round=row["first_round"],
            last_round=row["last_round"],
        )
        stamps.add(registration, "registered_at", row["registered_at"])
    for row in document["rounds"]:
        round_ = Round.objects.create(
            tournament=tournament, number=row["number"], seed=row["seed"], status=row["status"]
        )
        Bye.objects.bulk_create(Bye(round=round_, player=players[key]) for key in row["byes"])
        for table_row in row["tables"]:
            _write_table(round_, table_row, players, optional, stamps)
    for row in document["audit"]:
        entry = AuditEntry.objects.create(
            tournament=tournament,
            actor=user(row["actor"]),
            action=row["action"],
            detail=row["detail"],
        )
        stamps.add(entry, "at", row["at"])
    stamps.write()
    if by is not None:
        AuditEntry.objects.create(
            tournament=tournament,
            actor=by,
            action="import",
            detail=f"from archive {document['checksum']}",
        )
    return tournament


def _write_table(
    round_: Round,
    row: dict,
    players: dict[str, Player],
    optional: Callable[[str | None], User | None],
    stamps: _Stamps,
) -> None:
    table = Table.objects.create(
        round=round_,
        number=row["number"],
        judge=optional(row["judge"]),
        paper_only=row["paper_only"],
        version=row["version"],
    )
    Seat.objects.bulk_create(
        Seat(table=table, round=round_, number=seat["number"], player=players[seat["player"]])
        for seat in row["seats"]
    )
    for hand_row in row["hands"]:
        hand = Hand.objects.create(
            table=table,
            number=hand_row["number"],
            data=hand_row["data"],
            settlement=hand_row["settlement"],
            deleted=hand_row["deleted"],
            revision=hand_row["revision"],
            submission=hand_row["submission"],
        )
        revisions = HandRevision.objects.bulk_create(
            HandRevision(
                hand=hand,
                revision=revision["revision"],
                data=revision["data"],
                settlement=revision["settlement"],
                deleted=revision["deleted"],
                changed_by=optional(revision["changed_by"]),
                actor=revision["actor"],
                reason=revision["reason"],
            )
            for revision in hand_row["revisions"]
        )
        for revision, revision_row in zip(revisions, hand_row["revisions"], strict=True):
            stamps.add(revision, "changed_at", revision_row["changed_at"])
    for sheet_row in row["sheets"]:
        sheet = ScoreSheet.objects.create(
            table=table,
            entered_by=optional(sheet_row["entered_by"]),
            entered_actor=sheet_row["entered_actor"],
            entered_browser=sheet_row["entered_browser"],
            confirmed_by=optional(sheet_row["confirmed_by"]),
            confirmed_browser=sheet_row["confirmed_browser"],
            confirmed_at=_moment_in(sheet_row["confirmed_at"]),
        )
        stamps.add(sheet, "entered_at", sheet_row["entered_at"])
        SheetLine.objects.bulk_create(
            SheetLine(
                sheet=sheet, seat=line["seat"], player=players[line["player"]], chips=line["chips"]
            )
            for line in sheet_row["lines"]
        )
