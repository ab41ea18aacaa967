"""What an outside test of the archive import found (issue 27 part 5), each refused in one
line naming where in the file, with nothing written: a confirmed sheet its hands do not
give, a round status the site has not, numbers beyond the database's columns, a file
nested 200,000 deep or larger than the bound. Every document is resealed with a fresh
checksum, as anyone can."""

import re

import pytest
from django.core.management import ManagementUtility, call_command
from django.core.management.base import CommandError
from django.db import connection, connections

from clubs.models import Season
from tournaments import archive
from tournaments.archive import reading

from .test_archive import _clear, _count, _refused, _reseal, finished  # noqa: F401

pytestmark = pytest.mark.django_db


@pytest.fixture
def document(finished) -> dict:  # noqa: F811
    """The finished tournament's archive, the tournament deleted."""
    exported = archive.export_tournament(finished)
    _clear(finished)
    return exported


def _sheet(document: dict, table: int = 0) -> dict:
    return document["rounds"][0]["tables"][table]["sheets"][0]


def test_a_confirmed_sheet_of_1000_chips_more_than_its_hands_is_refused(document):
    """The outside test's table totalling 1,400 in the public standings."""
    _sheet(document)["lines"][0]["chips"] += 1000
    _refused(
        _reseal(document),
        r"^rounds\[0\]\.tables\[0\]\.sheets\[0\]: the sheet totals 1,400 chips but a table's "
        r"sheet must total 400\. Nothing was imported\.$",
    )


def test_chips_moved_between_seats_that_the_hands_do_not_give_are_refused(document):
    lines = _sheet(document, 1)["lines"]
    hands_give = lines[0]["chips"]
    lines[0]["chips"] += 1000
    lines[1]["chips"] -= 1000
    _refused(
        _reseal(document),
        rf"^rounds\[0\]\.tables\[1\]\.sheets\[0\]: the sheet says seat 1 has "
        rf"{hands_give + 1000:,} chips but its hands give {hands_give}\.",
    )


def test_a_paper_only_sheet_is_checked_against_its_total(document):
    table = document["rounds"][0]["tables"][2]
    table["paper_only"], table["hands"] = True, []
    lines = table["sheets"][0]["lines"]
    lines[0]["chips"] = 100
    lines[1]["chips"] = 100
    lines[2]["chips"] = 100
    lines[3]["chips"] = 101
    _refused(_reseal(document), r"^rounds\[0\]\.tables\[2\]\.sheets\[0\]: the sheet totals 401")


def test_a_paper_only_sheet_that_totals_right_imports(document):
    table = document["rounds"][0]["tables"][2]
    table["paper_only"], table["hands"] = True, []
    for line, chips in zip(table["sheets"][0]["lines"], (130, 70, 100, 100), strict=True):
        line["chips"] = chips
    imported = archive.import_tournament(_reseal(document))
    assert imported.rounds.get().tables.get(number=3).paper_only


def test_a_round_status_the_site_has_not_is_refused(document):
    document["rounds"][0]["status"] = "hacked"
    _refused(
        _reseal(document),
        r"^rounds\[0\]\.status: Value 'hacked' is not a valid choice\. Nothing was imported\.$",
    )


def test_a_table_version_beyond_the_column_is_refused(document):
    document["rounds"][0]["tables"][1]["version"] = 2**40
    _refused(
        _reseal(document),
        r"^rounds\[0\]\.tables\[1\]\.version: Ensure this value is less than or equal to "
        r"2147483647\.",
    )


def test_starting_chips_of_10_to_the_30_are_refused(document):
    document["tournament"]["starting_chips"] = 10**30
    _refused(_reseal(document), r"^tournament\.starting_chips: must be a number of sensible size")


def test_starting_chips_beyond_the_column_are_refused(document):
    document["tournament"]["starting_chips"] = 2**31
    _refused(
        _reseal(document),
        r"^tournament\.starting_chips: Ensure this value is less than or equal to 2147483647\.",
    )


def test_a_hand_settled_as_the_engine_would_not_is_refused_even_in_its_wording(document):
    """The whole settlement is the engine's, not only its amounts."""
    hand = document["rounds"][0]["tables"][1]["hands"][0]
    for row in (hand, hand["revisions"][-1]):
        row["settlement"]["lines"][0]["label"] = "a prize from the director"
    _refused(_reseal(document), r"^rounds\[0\]\.tables\[1\]\.hands\[0\]\.settlement: is not what")


def test_a_hand_that_is_not_its_latest_revision_is_refused(document):
    hand = document["rounds"][0]["tables"][1]["hands"][0]
    hand["deleted"] = True
    _refused(_reseal(document), r"^rounds\[0\]\.tables\[1\]\.hands\[0\]: is not what its latest")


def test_a_sheet_line_naming_another_player_than_the_seat_is_refused(document):
    lines = _sheet(document)["lines"]
    lines[0]["player"], lines[1]["player"] = lines[1]["player"], lines[0]["player"]
    _refused(_reseal(document), r"^rounds\[0\]\.tables\[0\]\.sheets\[0\]\.lines\[0\]: is not")


def test_an_unknown_house_rule_is_refused_through_the_engines_reader(document):
    document["tournament"]["house_rules"]["free_chips"] = 1000
    _refused(_reseal(document), r"^tournament\.house_rules\.free_chips: unknown house rule")


def test_a_field_the_export_never_writes_is_refused(document):
    document["rounds"][0]["tables"][0]["judge_token"] = "s" * 43
    _refused(
        _reseal(document), r"^rounds\[0\]\.tables\[0\]\.judge_token: is not part of an archive"
    )


def test_a_moment_not_written_as_the_site_writes_it_is_refused(document):
    document["audit"][0]["at"] = "yesterday"
    _refused(_reseal(document), r"^audit\[0\]\.at: must be a moment in UTC")


def test_text_with_a_nul_character_is_refused(document):
    document["tournament"]["venue"] = "Hall\x00"
    _refused(_reseal(document), r"^tournament\.venue: holds a NUL character")


def test_a_file_nested_200000_deep_is_refused_without_a_recursion_error(document):
    text = archive.dump(document).replace('"venue": ', '"venue": ' + "[" * 200_000, 1)
    text = text.replace('"version": 1', '"version": 1' + "]" * 200_000, 1)
    _refused(text, r"^The file nests lists and objects more than 32 deep")


def test_a_key_given_twice_is_refused(document):
    text = archive.dump(document).replace('"venue": ', '"venue": "x", "venue": ', 1)
    _refused(text, "the key 'venue' is given twice")


@pytest.mark.parametrize("number", ["NaN", "Infinity", "1" * 5000])
def test_a_number_json_does_not_have_or_python_will_not_read_is_refused(document, number):
    text = archive.dump(document).replace('"version": 1', f'"version": {number}', 1)
    _refused(text, "damaged")


def test_a_file_over_the_size_bound_is_refused_before_it_is_parsed(document, monkeypatch):
    text = archive.dump(document)
    monkeypatch.setattr(reading, "MAX_BYTES", len(text.encode()) - 1)
    monkeypatch.setattr(reading, "_DECODER", None)  # never reached
    _refused(text, r"^The file is [\d,]+ bytes; an archive may be at most")


def test_the_command_refuses_a_large_file_by_its_size_alone(document, tmp_path, monkeypatch):
    path = tmp_path / "large.json"
    path.write_text(archive.dump(document), encoding="utf-8")
    monkeypatch.setattr(reading, "MAX_BYTES", 1000)
    monkeypatch.setattr(reading, "_DECODER", None)  # never reached
    with pytest.raises(CommandError, match="an archive may be at most 1,000 bytes"):
        call_command("import_tournament", str(path))


def test_the_command_refuses_in_one_line_on_stderr_with_exit_status_1(
    document, tmp_path, capsys, monkeypatch
):
    """As `manage.py import_tournament` runs it: no traceback, the database unchanged."""
    document["rounds"][0]["tables"][1]["version"] = 2**40
    path = tmp_path / "edited.json"
    path.write_text(archive.dump(_reseal(document)), encoding="utf-8")
    counts = _count()
    # The runner closes the connections as it ends; the test's transaction needs its own.
    monkeypatch.setattr(connections, "close_all", lambda: None)
    with pytest.raises(SystemExit) as exit_:
        ManagementUtility(["manage.py", "import_tournament", str(path)]).execute()
    assert exit_.value.code == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith("CommandError: rounds[0].tables[1].version: Ensure this value")
    assert _count() == counts


def test_a_file_that_verifies_imports_through_the_command(document, tmp_path):
    path = tmp_path / "whole.json"
    path.write_text(archive.dump(document), encoding="utf-8")
    call_command("import_tournament", str(path))
    assert _count()["tournaments"] == 1


@pytest.mark.postgres
@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's column ranges")
@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (("rounds", 0, "tables", 1, "version"), 2**40, "less than or equal to 2147483647"),
        (("tournament", "starting_chips"), 10**30, "must be a number of sensible size"),
        (("tournament", "starting_chips"), 2**31, "less than or equal to 2147483647"),
        (("rounds", 0, "number"), 2**15, "less than or equal to 32767"),
        (("tournament", "venue"), "Hall\x00", "holds a NUL character"),
    ],
)
def test_on_postgresql_what_would_be_a_data_error_is_refused_in_words(
    document, path, value, message
):
    """PostgreSQL refuses these with a DataError mid-import; the archive refuses them
    first, naming where, and writes nothing."""
    place = document
    for step in path[:-1]:
        place = place[step]
    place[path[-1]] = value
    where = "".join(f"[{step}]" if isinstance(step, int) else f".{step}" for step in path)
    _refused(_reseal(document), "^" + re.escape(f"{where[1:]}: ") + ".*" + message)


@pytest.mark.postgres
@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's column ranges")
def test_on_postgresql_the_archive_imports_whole(document):
    imported = archive.import_tournament(document)
    assert archive.export_tournament(imported)["rounds"] == document["rounds"]


def test_a_tournament_of_a_season_with_its_fifteen_cup_points_imports(finished):  # noqa: F811
    finished.season = Season.objects.create(
        name="2026", club=finished.host_club, start_date="2026-01-01", end_date="2026-12-31"
    )
    finished.save()
    document = archive.export_tournament(finished)
    assert len(document["tournament"]["season"]["cup_points"]) == 15
    _clear(finished)
    Season.objects.all().delete()
    imported = archive.import_tournament(document)
    assert imported.season.cup_points == document["tournament"]["season"]["cup_points"]


def test_a_negative_cup_point_is_refused_as_the_season_form_refuses_it(finished):  # noqa: F811
    finished.season = Season.objects.create(
        name="2026", club=finished.host_club, start_date="2026-01-01", end_date="2026-12-31"
    )
    finished.save()
    document = archive.export_tournament(finished)
    _clear(finished)
    Season.objects.all().delete()
    document["tournament"]["season"]["cup_points"][0] = "-25"
    _refused(
        _reseal(document),
        r"^tournament\.season\.cup_points\[0\]: Cup points are numbers of 0 or more\.",
    )


def test_a_bad_value_in_a_list_is_named_by_its_index(document):
    """Lists are checked a kind at a time; the refusal still names the one value."""
    document["tournament"]["placement_points"] = ["4", "3", "2\x00", "1"]
    _refused(_reseal(document), r"^tournament\.placement_points\[2\]: holds a NUL character")


def test_a_huge_number_in_a_list_is_named_by_its_index(document):
    document["rounds"][0]["byes"] = ["p1", 10**30]
    _refused(_reseal(document), r"^rounds\[0\]\.byes\[1\]: must be a number of sensible size")
