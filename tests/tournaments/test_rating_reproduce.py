"""The method page's recipe (issue 32): every game's `ratings --json` comes back byte for
byte from the tournaments' archives imported into an empty site."""

import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

from clubs.models import Club, Player
from scoring.ratings import FAMILIES
from tournaments.models import Tournament
from tournaments.rating_models import Rating

pytestmark = pytest.mark.django_db


def _lists() -> dict[str, str]:
    """Each game's list as `manage.py ratings --game G --json` prints it."""
    lists = {}
    for game in FAMILIES:
        out = StringIO()
        call_command("ratings", game=game, json=True, stdout=out)
        lists[game] = out.getvalue()
    return lists


def _import(files: list[Path]) -> None:
    call_command("import_tournament", *map(str, files), stdout=StringIO())


def test_the_ratings_come_back_byte_for_byte_from_the_archives(tmp_path):
    # Two tournaments of each of the five games: every family rated, Czech by two games.
    call_command("simulate_history", tournaments=10, seed=5, verbosity=0)
    original = _lists()
    assert all(json.loads(text) for text in original.values())
    finished = Tournament.objects.filter(status=Tournament.Status.FINISHED).count()

    call_command("export_tournament", all=str(tmp_path), stderr=StringIO())
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == finished
    call_command("flush", interactive=False, verbosity=0)
    assert not Club.objects.exists() and not Rating.objects.exists()

    _import(files)  # the recipe: import_tournament DIR/*.json, rated as each comes in

    assert Tournament.objects.count() == finished
    assert _lists() == original
    call_command("ratings", rebuild=True, verbosity=0)  # the recipe's optional rebuild
    assert _lists() == original


def test_the_list_names_players_as_an_archive_does_not_by_database_id(tmp_path):
    call_command("simulate_history", tournaments=5, seed=2, verbosity=0)

    rows = json.loads(_lists()["spjst"])

    assert rows
    assert set(rows[0]) == {"player", "club", "member_number", "mu", "sigma", "ordinal", "events"}
    first = Player.objects.get(
        home_club__short_name=rows[0]["club"], member_number=rows[0]["member_number"]
    )
    assert first.name == rows[0]["player"]


def test_archives_imported_out_of_order_rate_as_the_recipe_does(tmp_path):
    # The order is the archives' own (date, then creation time): a later file imported
    # first makes the next import rebuild, to the same figures.
    call_command("simulate_history", tournaments=5, seed=4, verbosity=0)
    original = _lists()
    call_command("export_tournament", all=str(tmp_path), stderr=StringIO())
    files = sorted(tmp_path.glob("*.json"))
    call_command("flush", interactive=False, verbosity=0)

    _import(files[::-1])

    assert _lists() == original


def test_export_all_names_the_files_in_the_ratings_order(tmp_path):
    call_command("simulate_history", tournaments=5, seed=2, verbosity=0)

    call_command("export_tournament", all=str(tmp_path), stderr=StringIO())

    names = sorted(path.name for path in tmp_path.glob("*.json"))
    order = Tournament.objects.filter(status=Tournament.Status.FINISHED).order_by(
        "date", "created_at", "pk"
    )
    assert [name.split("-", 4)[1:4] for name in names] == [str(t.date).split("-") for t in order]
    assert names[0].startswith("00001-")
