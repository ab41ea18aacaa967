"""Writing an archive's tournament into this database, all or nothing."""

import datetime
from collections.abc import Callable, Iterable
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import DatabaseError, models, transaction
from django.utils.translation import gettext as _

from clubs.models import Club, Player, Season
from tournaments import place_store, player_stats, rating_store
from tournaments.archive.common import ArchiveError, club_fields
from tournaments.archive.verify import PLAYER, SEASON, TOURNAMENT, verify
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


# The tournament's columns that name another row (or, created_at, are stamped after).
_TOURNAMENT_REFERENCES = frozenset({"host_club", "season", "created_by", "created_at"})


def _columns(model: type[models.Model], row: dict, names: Iterable[str]) -> dict[str, Any]:
    """The archive row's values of `names`, each as the model field of its name holds it
    (a date a date, not its ISO text), so the saved object reads as one loaded would."""
    return {name: model._meta.get_field(name).to_python(row[name]) for name in names}


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
            values = {field.name: row[field.name] for field in club_fields()}
            for field in club_fields():
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
    return Player.objects.create(home_club=club, **_columns(Player, row, PLAYER[2:]))


def _season_in(row: dict | None, clubs: dict[str, Club]) -> Season | None:
    if row is None:
        return None
    club = clubs[row["club"]] if row["club"] else None
    season = Season.objects.filter(name=row["name"], club=club).first()
    if season is None:
        season = Season.objects.create(
            name=row["name"], club=club, **_columns(Season, row, SEASON[2:])
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
            % {"name": _one_line(t["name"]), "date": t["date"]}
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
            % {"tournament": _one_line(str(taken[0].table.round.tournament))}
        )
    try:
        with transaction.atomic():
            tournament = _write(document, by)
            if tournament.status == Tournament.Status.FINISHED:
                # A finished tournament counts in its game's ratings as if finished here.
                rating_store.tournament_finished(tournament)
                player_stats.tournament_finished(tournament)
                place_store.tournament_finished(tournament)
            return tournament
    except ArchiveError:
        raise
    except KeyError as error:
        raise ArchiveError(
            _(
                "The archive is inconsistent: it refers to %(what)s, which it does not "
                "contain; nothing was imported."
            )
            % {"what": _one_line(str(error))}
        ) from None
    except (TypeError, ValueError, DatabaseError, ValidationError) as error:
        # What the checks of `verify` leave to the database (a club's name another club
        # here holds, say): still one line, and the transaction rolled back.
        raise ArchiveError(
            _("The archive does not fit this database (%(error)s); nothing was imported.")
            % {"error": _one_line(str(error))}
        ) from None


def _one_line(text: str) -> str:
    return " ".join(text.split())[:300]


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
        **_columns(
            Tournament, t, (name for name in TOURNAMENT if name not in _TOURNAMENT_REFERENCES)
        ),
        host_club=clubs[t["host_club"]],
        season=_season_in(t["season"], clubs),
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
            waiting=row.get("waiting"),
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
    # The table's hands in one statement and their revisions in another: one by one they
    # were two statements a hand, most of an import's time (a decade is 400,000 hands).
    hands = Hand.objects.bulk_create(
        Hand(
            table=table,
            number=hand_row["number"],
            data=hand_row["data"],
            settlement=hand_row["settlement"],
            deleted=hand_row["deleted"],
            revision=hand_row["revision"],
            submission=hand_row["submission"],
        )
        for hand_row in row["hands"]
    )
    revision_rows = [
        (hand, revision) for hand, hand_row in zip(hands, row["hands"], strict=True)
        for revision in hand_row["revisions"]
    ]  # fmt: skip
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
        for hand, revision in revision_rows
    )
    for revision, (_hand, revision_row) in zip(revisions, revision_rows, strict=True):
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
