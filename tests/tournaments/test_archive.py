"""A tournament's archive (issue 15, item 5): exported, deleted, imported back with the same
standings, sheets and hand histories; a damaged, edited or incompatible file refused with
nothing imported."""

import json

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.urls import reverse

from clubs.models import Club, Player
from tournaments import archive, hand_store, score_sheets, services
from tournaments.access import TableAccess
from tournaments.drive import standings
from tournaments.models import Hand, HandRevision, Round, ScoreSheet, Tournament

pytestmark = pytest.mark.django_db

POVINOST = {"contract": "povinost", "declarer": 1, "partner": 3, "declarer_points": 59}
PREVER = {"contract": "prever", "declarer": 2, "prever_talon": 1, "declarer_points": 64}
MISDEAL = {"penalties": [{"code": "spjst.misdeal", "seat": 1}]}


def _access(table, user, browser: str) -> TableAccess:
    return TableAccess(
        table=table, user=user, actor=user.get_username(), is_director=False, browser=browser
    )


def _version(table) -> int:
    table.refresh_from_db()
    return table.version


@pytest.fixture
def finished(round1, table1, table2, judge, other_judge, director) -> Tournament:
    """Round 1 played at four tables (a corrected hand, a deleted one, a standalone
    penalty), every sheet confirmed by a director, the round closed, the tournament
    finished; table 1 holds a private judge link."""
    table1.judge_token = "s" * 43
    table1.save()
    for table in round1.tables.order_by("number"):
        recorder = judge if table.pk == table1.pk else other_judge
        access = _access(table, recorder, f"browser-{table.number}")
        for number, data in enumerate((POVINOST, PREVER), start=1):
            hand_store.add_hand(
                access=access,
                data=data,
                submission=f"00000000-0000-0000-0000-0000000{table.number}{number:04d}",
                expected_version=_version(table),
            )
        if table.number == 1:
            hand = table.hands.get(number=1)
            hand_store.revise_hand(
                access=access,
                hand=hand,
                data={**POVINOST, "declarer_points": 70},
                reason="counted again",
                expected_version=_version(table),
            )
            hand_store.revise_hand(
                access=access,
                hand=table.hands.get(number=2),
                delete=True,
                reason="entered at the wrong table",
                expected_version=_version(table),
            )
        if table.number == 2:
            hand_store.add_hand(
                access=access,
                data=MISDEAL,
                submission="00000000-0000-0000-0000-000000000299",
                expected_version=_version(table),
            )
        counts = {seat.number: 100 for seat in table.seats.all()}
        for hand in table.hands.filter(deleted=False):
            for seat, delta in hand.deltas().items():
                counts[seat] += delta
        entered = score_sheets.add_sheet(access=access, counts=counts)
        sheet, check = entered.sheet, entered.check
        assert check.ok
        score_sheets.confirm_sheet(sheet=sheet, by=director, browser="director-phone")
    services.set_round_status(round_=round1, status=Round.Status.CLOSED, by=director)
    tournament = round1.tournament
    services.finish_tournament(tournament=tournament, by=director)
    tournament.refresh_from_db()
    return tournament


def _standings(tournament: Tournament) -> list[tuple]:
    return [
        (row["place"], row["name"], row["club"], row["total"], row["points"], row["rounds"])
        for row in standings(tournament).rows
    ]


def _sheets(tournament: Tournament) -> list[tuple]:
    return [
        (
            sheet.table.number,
            sheet.entered_by.username if sheet.entered_by else None,
            sheet.confirmed_by.username,
            sheet.confirmed_at,
            sheet.entered_at,
            [(line.seat, line.player.name, line.chips) for line in sheet.lines.order_by("seat")],
        )
        for sheet in ScoreSheet.objects.filter(table__round__tournament=tournament).order_by(
            "table__number"
        )
    ]


def _histories(tournament: Tournament) -> list[tuple]:
    return [
        (
            revision.hand.table.number,
            revision.hand.number,
            revision.revision,
            revision.data,
            revision.settlement,
            revision.deleted,
            revision.actor,
            revision.changed_by.username,
            revision.changed_at,
            revision.reason,
        )
        for revision in HandRevision.objects.filter(hand__table__round__tournament=tournament)
        .select_related("hand__table", "changed_by")
        .order_by("hand__table__number", "hand__number", "revision")
    ]


def _snapshot(tournament: Tournament) -> dict:
    return {
        "standings": _standings(tournament),
        "sheets": _sheets(tournament),
        "histories": _histories(tournament),
    }


def _delete_everything() -> None:
    """An empty database: no tournament, club, player or account left."""
    HandRevision.objects.all().delete()
    Hand.objects.all().delete()
    ScoreSheet.objects.all().delete()
    Tournament.objects.all().delete()  # audit, registrations, rounds, tables and seats
    Player.objects.all().delete()
    Club.objects.all().delete()
    get_user_model().objects.all().delete()


def _count() -> dict:
    return {
        "tournaments": Tournament.objects.count(),
        "hands": Hand.objects.count(),
        "players": Player.objects.count(),
        "clubs": Club.objects.count(),
        "users": get_user_model().objects.count(),
    }


def _clear(tournament: Tournament) -> None:
    """Delete the tournament only (its hands, revisions and sheets are protected rows)."""
    HandRevision.objects.filter(hand__table__round__tournament=tournament).delete()
    Hand.objects.filter(table__round__tournament=tournament).delete()
    ScoreSheet.objects.filter(table__round__tournament=tournament).delete()
    tournament.delete()


def _reseal(document: dict) -> dict:
    document["checksum"] = archive.checksum(document)
    return document


def test_export_import_into_an_empty_database_gives_the_same_tournament(finished, tmp_path):
    before = _snapshot(finished)
    assert len(before["standings"]) == 16 and len(before["sheets"]) == 4
    assert len(before["histories"]) == 4 * 2 + 2 + 1  # two revisions at table 1, a penalty
    path = tmp_path / "westfest.json"
    call_command("export_tournament", finished.pk, output=str(path))
    text = path.read_text(encoding="utf-8")
    assert "s" * 43 not in text, "the judge link is a secret"
    exported = json.loads(text)
    assert exported["version"] == archive.VERSION
    assert exported["checksum"].startswith("sha256:")

    _delete_everything()
    assert _count() == dict.fromkeys(_count(), 0)
    call_command("import_tournament", str(path))

    imported = Tournament.objects.get()
    assert _snapshot(imported) == before
    assert imported.status == Tournament.Status.FINISHED
    assert imported.rounds.get().tables.get(number=1).judge_token is None
    assert imported.audit.filter(action="finish").exists()
    # The accounts the history names exist again, but nobody can log in with them.
    judge = get_user_model().objects.get(username="jan-judge")
    assert not judge.is_active and not judge.has_usable_password()
    # Exported again, the archive is the same file.
    assert archive.dump(archive.export_tournament(imported)) == text


def test_the_export_is_deterministic(finished):
    first = archive.dump(archive.export_tournament(finished))
    assert archive.dump(archive.export_tournament(finished)) == first
    assert list(json.loads(first)) == sorted(json.loads(first))


def test_import_matches_clubs_players_and_accounts_already_here(finished, director):
    document = archive.export_tournament(finished)
    counts = _count()
    _clear(finished)
    imported = archive.import_tournament(document, by=director)
    assert _count() == counts
    assert imported.audit.filter(action="import", actor=director).exists()


def _refused(document_or_text, message: str) -> None:
    counts = _count()
    with pytest.raises(archive.ArchiveError, match=message):
        if isinstance(document_or_text, str):
            archive.import_tournament(archive.load(document_or_text))
        else:
            archive.import_tournament(document_or_text)
    assert _count() == counts


def test_a_truncated_file_is_refused(finished):
    text = archive.dump(archive.export_tournament(finished))
    _clear(finished)
    _refused(text[: len(text) // 2], "damaged")


def test_an_edited_file_is_refused_by_its_checksum(finished):
    document = archive.export_tournament(finished)
    _clear(finished)
    line = document["rounds"][0]["tables"][0]["sheets"][0]["lines"][0]
    line["chips"] += 10
    _refused(document, "checksum")


def test_an_edited_checksum_is_refused(finished):
    document = archive.export_tournament(finished)
    _clear(finished)
    document["checksum"] = "sha256:" + "0" * 64
    _refused(document, "checksum")


def test_a_changed_total_that_the_hands_do_not_give_is_refused(finished):
    """Even resealed with a fresh checksum: the engine scores the hand again."""
    document = archive.export_tournament(finished)
    _clear(finished)
    hand = document["rounds"][0]["tables"][1]["hands"][0]
    hand["settlement"]["deltas"]["1"] += 10
    _refused(_reseal(document), r"^rounds\[0\]\.tables\[1\]\.hands\[0\]\.settlement: is not what")


def test_a_changed_revision_in_the_history_is_refused(finished):
    document = archive.export_tournament(finished)
    _clear(finished)
    revision = document["rounds"][0]["tables"][0]["hands"][0]["revisions"][0]
    revision["data"]["declarer_points"] = 80
    _refused(_reseal(document), r"hands\[0\]\.revisions\[0\]\.settlement: is not what")


def test_another_format_version_is_refused(finished):
    document = archive.export_tournament(finished)
    _clear(finished)
    document["version"] = archive.VERSION + 1
    _refused(_reseal(document), "format version 2")


def test_an_unknown_ruleset_is_refused(finished):
    document = archive.export_tournament(finished)
    _clear(finished)
    document["tournament"]["ruleset"] = "no-such-game"
    _refused(_reseal(document), "ruleset 'no-such-game'")


def test_a_tournament_already_here_is_refused(finished):
    document = archive.export_tournament(finished)
    _refused(document, "already here")


def test_the_command_names_the_problem(finished, tmp_path):
    path = tmp_path / "broken.json"
    path.write_text(archive.dump(archive.export_tournament(finished))[:100], encoding="utf-8")
    with pytest.raises(CommandError, match="damaged"):
        call_command("import_tournament", str(path))


def test_the_director_downloads_the_archive(finished, director_client):
    detail = director_client.get(reverse("tournaments:detail", args=[finished.pk]))
    url = reverse("tournaments:archive", args=[finished.pk])
    assert url in detail.content.decode()
    response = director_client.get(url)
    assert response.status_code == 200
    assert response["Content-Disposition"] == (
        'attachment; filename="westfest-tarock-2026-09-05.json"'
    )
    assert archive.load(response.content) == archive.export_tournament(finished)


def test_a_lodge_number_held_here_by_another_club_stays_with_it(finished):
    document = archive.export_tournament(finished)
    _delete_everything()
    Club.objects.create(name="Other Lodge", short_name="OTH", country="US", spjst_lodge=88)
    archive.import_tournament(document)
    assert Club.objects.get(short_name="L88").spjst_lodge is None
    assert Club.objects.get(spjst_lodge=88).short_name == "OTH"


def test_a_file_naming_what_it_does_not_hold_is_refused(finished):
    """Resealed, so only the import can tell: a player of a club the file never lists."""
    document = archive.export_tournament(finished)
    _clear(finished)
    document["players"][0]["home_club"] = "NOWHERE"
    _refused(_reseal(document), "^players\\[0\\]\\.home_club: names 'NOWHERE', which")


def test_two_players_on_one_seat_are_refused_where_the_file_says_so(finished):
    """Resealed: two players on one seat is no checksum's business."""
    document = archive.export_tournament(finished)
    _clear(finished)
    seats = document["rounds"][0]["tables"][0]["seats"]
    seats[1]["number"] = seats[0]["number"]
    _refused(_reseal(document), r"^rounds\[0\]\.tables\[0\]\.seats\[1\]: is out of order")


def test_a_file_the_database_constraints_refuse_is_refused_in_one_line(finished):
    """A club's name another club here holds: only the database can tell, and the whole
    import is rolled back."""
    document = archive.export_tournament(finished)
    _delete_everything()
    Club.objects.create(name="SPJST Lodge 88", short_name="OTHER", country="US")
    _refused(document, "does not fit this database")
    assert Club.objects.get().short_name == "OTHER"


def test_two_players_here_who_could_be_the_archived_one_are_a_refusal(finished, club):
    """Players without member numbers are matched by name; with two candidates the import
    cannot tell which one played, and says so."""
    document = archive.export_tournament(finished)
    _clear(finished)
    Player.objects.create(first_name="P01", last_name="Player01", home_club=club)
    _refused(document, "several players named P01 Player01")
