from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.text import slugify

from tournaments.archive import dump, export_tournament
from tournaments.models import Tournament


def archive_name(place: int, tournament: Tournament) -> str:
    """The file name of a tournament's archive in a directory of them all: its place in
    the ratings' order first (zero-padded), so the names sort as the tournaments are rated
    and ``import_tournament DIR/*.json`` imports them in that order."""
    name = slugify(tournament.name)[:60] or "tournament"
    return f"{place:05d}-{tournament.date.isoformat()}-{name}.json"


class Command(BaseCommand):
    help = (
        "Write a tournament, with its players, hands, sheets and audit, as one JSON archive; "
        "or, with --all DIR, every finished tournament, one file each, named in the order "
        "the ratings count them."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "id", type=int, nargs="?", help="The tournament's id (as in its page's address)."
        )
        parser.add_argument(
            "--output", "-o", help="The file to write (default: the standard output)."
        )
        parser.add_argument(
            "--all",
            metavar="DIR",
            help="Write every finished tournament into DIR (created if missing), one file each.",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if options["all"]:
            if options["id"] is not None or options["output"]:
                raise CommandError("--all writes every finished tournament: give no id or -o.")
            self._export_all(Path(options["all"]))
            return
        if options["id"] is None:
            raise CommandError("Give a tournament's id, or --all DIR.")
        tournament = Tournament.objects.filter(pk=options["id"]).first()
        if tournament is None:
            raise CommandError(f"No tournament has the id {options['id']}.")
        text = dump(export_tournament(tournament))
        if options["output"]:
            Path(options["output"]).write_text(text, encoding="utf-8")
            self.stderr.write(self.style.SUCCESS(f"{tournament} written to {options['output']}."))
        else:
            self.stdout.write(text, ending="")

    def _export_all(self, directory: Path) -> None:
        directory.mkdir(parents=True, exist_ok=True)
        if any(directory.glob("*.json")):
            # Old files would mix with the new ones under DIR/*.json.
            raise CommandError(f"{directory} already holds archives; give an empty directory.")
        # The ratings' order of tournaments (tournaments/rating_store.py): date, then
        # creation time, which the archive carries.
        finished = Tournament.objects.filter(status=Tournament.Status.FINISHED).order_by(
            "date", "created_at", "pk"
        )
        count = 0
        for count, tournament in enumerate(finished.iterator(), start=1):
            path = directory / archive_name(count, tournament)
            path.write_text(dump(export_tournament(tournament)), encoding="utf-8")
        self.stderr.write(
            self.style.SUCCESS(f"{count} finished tournaments written to {directory}.")
        )
