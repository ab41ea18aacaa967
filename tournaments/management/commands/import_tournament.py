from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments.archive import ArchiveError, import_tournament, load, reading


class Command(BaseCommand):
    help = (
        "Load tournament archives (written by export_tournament), one after another in the "
        "order given, each in one transaction; a damaged, edited, oversized or incompatible "
        "file is refused in one line and nothing of it is imported (the files before it stay)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "file",
            nargs="+",
            help="The archives' JSON files, in the order to import them (DIR/*.json: the "
            "order export_tournament --all named them in).",
        )
        parser.add_argument(
            "--by", help="Username recorded in the tournament's audit as whoever imported it."
        )

    def handle(self, *args: Any, **options: Any) -> None:
        by = None
        if options["by"]:
            by = get_user_model().objects.filter(username=options["by"]).first()
            if by is None:
                raise CommandError(f"No account has the username {options['by']}.")
        files = options["file"]
        for name in files:
            # The file named in a refusal only when there are several to tell apart.
            self._import(name, by, f"{name}: " if len(files) > 1 else "")

    def _import(self, name: str, by: Any, where: str) -> None:
        path = Path(name)
        try:
            # Refused by its size before a byte is read: a file of hundreds of megabytes
            # would cost gigabytes to parse.
            size = path.stat().st_size
            if size > reading.MAX_BYTES:
                raise CommandError(f"{where}{reading.too_large(size)}")
            with path.open("rb") as file:
                text = file.read(reading.MAX_BYTES + 1)
        except OSError as error:
            raise CommandError(f"Cannot read {name}: {error.strerror}.") from None
        try:
            tournament = import_tournament(load(text), by=by)
        except ArchiveError as error:
            raise CommandError(f"{where}{error}") from None
        self.stdout.write(
            self.style.SUCCESS(f"Imported {tournament} as tournament {tournament.pk}.")
        )
