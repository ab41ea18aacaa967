from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments.archive import dump, export_tournament
from tournaments.models import Tournament


class Command(BaseCommand):
    help = "Write a tournament, with its players, hands, sheets and audit, as one JSON archive."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("id", type=int, help="The tournament's id (as in its page's address).")
        parser.add_argument(
            "--output", "-o", help="The file to write (default: the standard output)."
        )

    def handle(self, *args: Any, **options: Any) -> None:
        tournament = Tournament.objects.filter(pk=options["id"]).first()
        if tournament is None:
            raise CommandError(f"No tournament has the id {options['id']}.")
        text = dump(export_tournament(tournament))
        if options["output"]:
            Path(options["output"]).write_text(text, encoding="utf-8")
            self.stderr.write(self.style.SUCCESS(f"{tournament} written to {options['output']}."))
        else:
            self.stdout.write(text, ending="")
