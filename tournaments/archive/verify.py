"""Checking an archive document before anything is written.

The checksum only tells a damaged file: anyone can compute it again. So everything the
import writes is checked as the site would have written it (issue 27): every value
through its model field (`fields`), every reference to a club, player or account the
file lists, the lists in the order the export writes them, the house rules through the
engine's own reader, every hand and revision scored again by the engine (its settlement
must be the engine's), and every confirmed score sheet by the check that confirmed it
(`tournaments.sheets.check_sheet`, as `score_sheets.table_check` calls it). The first
problem found is refused in one line naming where in the file it is.
"""

from collections.abc import Iterable
from decimal import Decimal
from typing import Any

from django.contrib.auth import get_user_model
from django.utils.translation import gettext as _

from clubs.models import Club, Player, Season
from scoring import RULESETS, HandError, get_ruleset
from scoring.bounds import read_decimal
from scoring.errors import quote
from scoring.house_rules import resolve
from scoring.translate import error_text
from tournaments.archive.common import VERSION, ArchiveError, checksum, club_fields
from tournaments.archive.fields import clean, field, listed, record, refuse, text
from tournaments.archive.hands import check_hands, check_sheets
from tournaments.models import AuditEntry, Registration, Round, Seat, Table, Tournament
from tournaments.services import SETUP_FIELDS

DOCUMENT = (
    "format",
    "version",
    "clubs",
    "players",
    "users",
    "tournament",
    "registrations",
    "rounds",
    "audit",
    "checksum",
)
PLAYER = ("key", "home_club", "member_number", "first_name", "last_name", "display_name", "active")
USER = ("username", "first_name", "last_name")
# What the director set up, what the site pinned or keeps of it, and when and by whom.
TOURNAMENT = (
    *SETUP_FIELDS,
    "house_rules",
    "placement_points",
    "status",
    "created_by",
    "created_at",
)
SEASON = (
    "name",
    "club",
    "start_date",
    "end_date",
    "ranking",
    "cup_points",
    "best_of",
    "minimum_tournaments",
)
# "waiting" (the waiting list's order) came after the first archives: one without it
# has nobody waiting.
REGISTRATION = ("player", "checked_in", "first_round", "last_round", "registered_at", "waiting")
REGISTRATION_BEFORE_WAITING = REGISTRATION[:-1]
ROUND = ("number", "seed", "status", "byes", "tables")
TABLE = ("number", "judge", "paper_only", "version", "seats", "hands", "sheets")
SEAT = ("number", "player")
AUDIT = ("actor", "action", "detail", "at")
# Placement points are given per place at a table (tournaments.forms.setup.MAX_PLACES).
MAX_PLACES = 8


def verify(document: dict[str, Any]) -> None:
    """Refuse (`ArchiveError`, one line naming where) an archive of another format version,
    a damaged one (its checksum), or one holding anything the site would not have written."""
    if not isinstance(document, dict):
        raise ArchiveError(_("The file is not a tournament archive; nothing was imported."))
    clean(document, "")
    if document.get("version") != VERSION:
        raise ArchiveError(
            _(
                "The archive has format version %(found)s; this site reads version %(known)s. "
                "Nothing was imported."
            )
            % {"found": str(document.get("version"))[:20], "known": VERSION}
        )
    if document.get("checksum") != checksum(document):
        raise ArchiveError(
            _(
                "The archive was changed after it was written (its checksum does not match "
                "its content); nothing was imported."
            )
        )
    _Archive(document).check()


def _in_order(keys: list, where: str) -> None:
    """Each list the export writes sorted, with nothing given twice."""
    for index in range(1, len(keys)):
        if not keys[index - 1] < keys[index]:
            refuse(
                f"{where}[{index}]",
                _("is out of order or given twice (the site writes each once, in order)"),
            )


class _Archive:
    """One pass over a document; `check` refuses at its first problem."""

    def __init__(self, document: dict[str, Any]) -> None:
        self.document = record(document, "", DOCUMENT)
        self.clubs: set[str] = set()
        self.players: dict[str, dict] = {}
        self.users: set[str] = set()
        self.clubs_named: set[str] = set()
        self.players_named: set[str] = set()
        self.users_named: set[str] = set()
        self.submissions: set[str] = set()

    def check(self) -> None:
        self._clubs()
        self._players()
        self._users()
        tournament = self._tournament()
        self._registrations()
        rounds = listed(self.document["rounds"], "rounds")
        for index, round_ in enumerate(rounds):
            self._round(round_, f"rounds[{index}]", tournament)
        _in_order([round_["number"] for round_ in rounds], "rounds")
        self._audit()
        self._all_named("clubs", self.clubs, self.clubs_named, "short_name")
        self._all_named("players", set(self.players), self.players_named, "key")
        self._all_named("users", self.users, self.users_named, "username")

    # References ------------------------------------------------------------------------

    def club(self, value: Any, where: str) -> str:
        return self._named(value, where, self.clubs, self.clubs_named, _("clubs"))

    def player(self, value: Any, where: str) -> str:
        return self._named(value, where, self.players, self.players_named, _("players"))

    def user(self, value: Any, where: str, *, optional: bool = True) -> str | None:
        if value is None and optional:
            return None
        return self._named(value, where, self.users, self.users_named, _("users"))

    def _named(self, value: Any, where: str, known: Iterable, named: set, what: str) -> str:
        text(value, where)
        if value not in known:
            refuse(
                where,
                _("names %(value)s, which the archive's %(list)s do not hold")
                % {"value": repr(value)[:80], "list": what},
            )
        named.add(value)
        return value

    def _all_named(self, name: str, listed_: set, named: set, key: str) -> None:
        rows = self.document[name]
        for index, row in enumerate(rows):
            if row[key] not in named:
                refuse(f"{name}[{index}]", _("is listed but named nowhere in the archive"))

    # The people -----------------------------------------------------------------------

    def _clubs(self) -> None:
        names = [column.name for column in club_fields()]
        self.clubs = self._plain("clubs", Club, names, "short_name")

    def _players(self) -> None:
        rows = listed(self.document["players"], "players")
        order = []
        numbers = set()
        for index, row in enumerate(rows):
            where = f"players[{index}]"
            record(row, where, PLAYER)
            if row["key"] != f"p{index + 1}":
                refuse(f"{where}.key", _("must be p%(number)s") % {"number": index + 1})
            self.club(row["home_club"], f"{where}.home_club")
            for name in PLAYER[2:]:
                field(Player, name, row[name], f"{where}.{name}")
            if row["member_number"]:
                number = (row["home_club"], row["member_number"])
                if number in numbers:
                    refuse(f"{where}.member_number", _("is another player's of the same club"))
                numbers.add(number)
            order.append(tuple(row[name] for name in PLAYER[1:6]))
            self.players[row["key"]] = row
        _in_order(order, "players")

    def _users(self) -> None:
        self.users = self._plain("users", get_user_model(), USER, "username")

    def _plain(self, name: str, model: type, columns: Iterable[str], key: str) -> set:
        """The keys of list `name`, whose rows have exactly `columns`, each value as
        `model`'s field of its name takes it, in the order of `key` as the export writes."""
        rows = listed(self.document[name], name)
        columns = list(columns)
        for index, row in enumerate(rows):
            where = f"{name}[{index}]"
            record(row, where, columns)
            for column in columns:
                field(model, column, row[column], f"{where}.{column}")
        _in_order([row[key] for row in rows], name)
        return {row[key] for row in rows}

    # The tournament -------------------------------------------------------------------

    def _tournament(self) -> dict[str, Any]:
        where = "tournament"
        row = record(self.document["tournament"], where, TOURNAMENT)
        if not isinstance(row["ruleset"], str) or row["ruleset"] not in RULESETS:
            raise ArchiveError(
                _(
                    "The archive is played by the ruleset %(ruleset)s, which this site does not "
                    "know; nothing was imported."
                )
                % {"ruleset": quote(row["ruleset"])}
            )
        for name in TOURNAMENT:
            if name not in ("host_club", "season", "house_rules", "placement_points", "created_by"):
                field(Tournament, name, row[name], f"{where}.{name}")
        self.club(row["host_club"], f"{where}.host_club")
        self.user(row["created_by"], f"{where}.created_by")
        if row["hands_per_round"] is None and row["minutes_per_round"] is None:
            refuse(where, str(Tournament._meta.constraints[0].violation_error_message))
        module = get_ruleset(row["ruleset"])  # known: the field's choices
        if row["table_size"] not in module.TABLE_SIZES:
            refuse(
                f"{where}.table_size",
                _("This ruleset is played %(sizes)s to a table.")
                % {"sizes": ", ".join(str(size) for size in module.TABLE_SIZES)},
            )
        if not module.ZERO_SUM and row["starting_chips"] != 0:
            refuse(f"{where}.starting_chips", _("must be 0 for a game of written scores"))
        if row["preset"] and row["preset"] not in module.PRESETS:
            refuse(f"{where}.preset", _("is not a preset of this ruleset"))
        house_rules = row["house_rules"]
        if not isinstance(house_rules, dict):
            refuse(f"{where}.house_rules", _("must be an object"))
        try:
            resolve(module.HOUSE_RULES, house_rules)
        except HandError as error:
            refuse(f"{where}.{error.field}", error_text(error))
        self._points(row["placement_points"], f"{where}.placement_points")
        self._season(row["season"], f"{where}.season")
        return row

    def _points(self, points: Any, where: str) -> None:
        listed(points, where)
        if len(points) > MAX_PLACES:
            refuse(where, _("At most %(count)s places at a table.") % {"count": MAX_PLACES})
        for index, point in enumerate(points):
            text(point, f"{where}[{index}]")
            try:
                exact = str(read_decimal(point, f"{where}[{index}]"))
            except HandError as error:
                refuse(error.field, error_text(error))
            if exact != point:
                refuse(f"{where}[{index}]", _("must be written as %(value)s") % {"value": exact})

    def _season(self, row: Any, where: str) -> None:
        if row is None:
            return
        record(row, where, SEASON)
        for name in SEASON:
            if name not in ("club", "cup_points"):
                field(Season, name, row[name], f"{where}.{name}")
        if row["club"] is not None:
            self.club(row["club"], f"{where}.club")
        if row["end_date"] < row["start_date"]:
            refuse(where, str(Season._meta.constraints[0].violation_error_message))
        self._cup_points(row["cup_points"], f"{where}.cup_points")

    def _cup_points(self, points: Any, where: str) -> None:
        """As the season form takes them (`clubs.forms.SeasonForm`): numbers of 0 or more,
        written as text, any number of places."""
        listed(points, where)
        for index, point in enumerate(points):
            text(point, f"{where}[{index}]")
            try:
                exact = Decimal(point)
            except ArithmeticError:
                exact = None
            if exact is None or not exact.is_finite() or exact < 0 or str(exact) != point:
                refuse(f"{where}[{index}]", _("Cup points are numbers of 0 or more."))

    def _registrations(self) -> None:
        rows = listed(self.document["registrations"], "registrations")
        waiting = set()
        for index, row in enumerate(rows):
            where = f"registrations[{index}]"
            keys = REGISTRATION if isinstance(row, dict) and "waiting" in row else None
            record(row, where, keys or REGISTRATION_BEFORE_WAITING)
            self.player(row["player"], f"{where}.player")
            for name in (keys or REGISTRATION_BEFORE_WAITING)[1:]:
                field(Registration, name, row[name], f"{where}.{name}")
            if row["last_round"] is not None and row["last_round"] < row["first_round"] - 1:
                refuse(f"{where}.last_round", _("is before the first round"))
            self._waiting(row.get("waiting"), row, where, waiting)
        _in_order([int(row["player"][1:]) for row in rows], "registrations")

    @staticmethod
    def _waiting(number, row: dict, where: str, seen: set) -> None:
        """A place on the waiting list: given once, and only to one not playing."""
        if number is None:
            return
        if number in seen:
            refuse(f"{where}.waiting", _("is given twice"))
        seen.add(number)
        if row["checked_in"] or row["last_round"] is not None:
            refuse(f"{where}.waiting", _("is only for a player neither checked in nor withdrawn"))

    # Rounds and tables ----------------------------------------------------------------

    def _round(self, row: Any, where: str, tournament: dict[str, Any]) -> None:
        record(row, where, ROUND)
        for name in ("number", "seed", "status"):
            field(Round, name, row[name], f"{where}.{name}")
        byes = listed(row["byes"], f"{where}.byes")
        for index, key in enumerate(byes):
            self.player(key, f"{where}.byes[{index}]")
        _in_order(byes, f"{where}.byes")
        seated = set(byes)
        tables = listed(row["tables"], f"{where}.tables")
        for index, table in enumerate(tables):
            self._table(table, f"{where}.tables[{index}]", tournament, seated)
        _in_order([table["number"] for table in tables], f"{where}.tables")

    def _table(self, row: Any, where: str, tournament: dict, seated: set[str]) -> None:
        record(row, where, TABLE)
        for name in ("number", "paper_only", "version"):
            field(Table, name, row[name], f"{where}.{name}")
        self.user(row["judge"], f"{where}.judge")
        seats = listed(row["seats"], f"{where}.seats")
        for index, seat in enumerate(seats):
            place = f"{where}.seats[{index}]"
            record(seat, place, SEAT)
            field(Seat, "number", seat["number"], f"{place}.number")
            self.player(seat["player"], f"{place}.player")
            if seat["player"] in seated:
                refuse(f"{place}.player", _("is seated twice in this round (or also has a bye)"))
            seated.add(seat["player"])
        _in_order([seat["number"] for seat in seats], f"{where}.seats")
        players = {seat["number"]: seat["player"] for seat in seats}
        hands = check_hands(row, where, tournament, players, self)
        check_sheets(row, where, tournament, players, hands, self)

    def _audit(self) -> None:
        rows = listed(self.document["audit"], "audit")
        moments = []
        for index, row in enumerate(rows):
            where = f"audit[{index}]"
            record(row, where, AUDIT)
            self.user(row["actor"], f"{where}.actor", optional=False)
            for name in ("action", "detail"):
                field(AuditEntry, name, row[name], f"{where}.{name}")
            moments.append(field(AuditEntry, "at", row["at"], f"{where}.at"))
        for index in range(1, len(moments)):
            if moments[index] < moments[index - 1]:
                refuse(f"audit[{index}]", _("is out of order (the site writes it by time)"))
