"""The method page's recipe (issue 32): every game's `ratings --json` comes back byte for
byte from the tournaments' archives imported into an empty site, by the very commands the
page prints."""

import html
import json
import re
import shlex
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse

from clubs.models import Club, Player
from scoring.ratings import FAMILIES
from tournaments.models import Tournament
from tournaments.rating_models import Rating

pytestmark = pytest.mark.django_db


def _recipe() -> list[list[str]]:
    """The commands of the method page's recipe, each split as a shell would (no
    ``manage.py``)."""
    page = Client().get(reverse("tournaments:rating_method")).content.decode()
    block = re.search(r'<code id="rating-recipe">(.*?)</code>', page, re.S)
    assert block is not None
    return [shlex.split(line)[1:] for line in html.unescape(block.group(1)).splitlines()]


def _run(args: list[str], directory: Path) -> str:
    """One recipe command, its directory ``archives`` put in `directory` and a pattern of
    files expanded (sorted, as a shell does); its standard output."""
    words = []
    for word in args:
        word = word.replace("archives", str(directory), 1)
        if "*" in word:
            words += sorted(str(path) for path in directory.glob(Path(word).name))
        else:
            words.append(word)
    out = StringIO()
    call_command(*words, stdout=out, stderr=StringIO())
    return out.getvalue()


def _lists(command: list[str], directory: Path) -> dict[str, str]:
    """The recipe's last command for every game (it names one)."""
    game = command.index("--game") + 1
    return {
        family: _run([*command[:game], family, *command[game + 1 :]], directory)
        for family in FAMILIES
    }


# The empty site is a real flush: PostgreSQL refuses to TRUNCATE inside the test's own
# transaction while deferred foreign-key checks are pending.
@pytest.mark.django_db(transaction=True)
def test_the_method_pages_recipe_reproduces_every_games_list_byte_for_byte(tmp_path):
    export, import_, print_list = _recipe()
    assert export[:2] == ["export_tournament", "--all"]
    assert import_[0] == "import_tournament" and print_list[0] == "ratings"
    # Two tournaments of each of the five games: every family rated, Czech by two games.
    call_command("simulate_history", tournaments=10, seed=5, verbosity=0)
    published = _lists(print_list, tmp_path)
    assert all(json.loads(text) for text in published.values())
    finished = list(
        Tournament.objects.filter(status=Tournament.Status.FINISHED)
        .order_by("date", "created_at", "pk")
        .values_list("date", "name")
    )

    _run(export, tmp_path)
    names = sorted(path.name for path in tmp_path.glob("*.json"))
    call_command("flush", interactive=False, verbosity=0)  # the empty site
    assert not Club.objects.exists() and not Rating.objects.exists()
    _run(import_, tmp_path)

    # Named in the ratings' order, and imported in it.
    assert [name[:16] for name in names] == [
        f"{n:05d}-{date.isoformat()}" for n, (date, _) in enumerate(finished, start=1)
    ]
    imported = Tournament.objects.order_by("pk").values_list("date", "name")
    assert list(imported) == finished
    assert _lists(print_list, tmp_path) == published
    call_command("ratings", rebuild=True, verbosity=0)  # "the list stays the same"
    assert _lists(print_list, tmp_path) == published
    # Each player named as the archive names them, not by a database id.
    row = json.loads(published["spjst"])[0]
    assert set(row) == {"player", "club", "member_number", "mu", "sigma", "ordinal", "events"}
    player = Player.objects.get(
        home_club__short_name=row["club"], member_number=row["member_number"]
    )
    assert player.name == row["player"]


@pytest.mark.django_db(transaction=True)
def test_archives_imported_out_of_order_rate_as_in_order(tmp_path):
    # The order is the archives' own (date, then creation time), not the import's: a
    # later file imported first makes the earlier one's import rebuild, to the same
    # figures.
    call_command("simulate_history", tournaments=5, seed=4, verbosity=0)
    published = {game: _run(["ratings", "--game", game, "--json"], tmp_path) for game in FAMILIES}
    call_command("export_tournament", all=str(tmp_path), stderr=StringIO())
    files = sorted(tmp_path.glob("*.json"), reverse=True)
    call_command("flush", interactive=False, verbosity=0)

    call_command("import_tournament", *map(str, files), stdout=StringIO())

    assert {
        game: _run(["ratings", "--game", game, "--json"], tmp_path) for game in FAMILIES
    } == published


def test_export_all_wants_an_empty_directory_and_no_single_tournament(tmp_path):
    (tmp_path / "old.json").write_text("{}", encoding="utf-8")

    with pytest.raises(CommandError, match="already holds archives"):
        call_command("export_tournament", all=str(tmp_path))
    with pytest.raises(CommandError, match="give no id"):
        call_command("export_tournament", "1", all=str(tmp_path / "new"))
    with pytest.raises(CommandError, match="--all DIR"):
        call_command("export_tournament")


def test_importing_several_files_names_the_one_refused(tmp_path):
    broken = tmp_path / "00002-broken.json"
    broken.write_text("{", encoding="utf-8")

    with pytest.raises(CommandError, match=r"00002-broken\.json: "):
        call_command("import_tournament", str(broken), str(tmp_path / "00003-missing.json"))
