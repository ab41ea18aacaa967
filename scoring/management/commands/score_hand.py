"""`manage.py score_hand [FILE]`: settle hands given as JSON (RULES.md §0.3)."""

import sys

from django.core.management.base import BaseCommand, CommandError

from scoring.documents import parse_document, score_document
from scoring.errors import HandError
from scoring.jsonio import dumps


class Command(BaseCommand):
    help = (
        'Read one hand (a JSON object with "ruleset") or a JSON array of hands from FILE '
        "or standard input and print the settlement JSON."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("file", nargs="?", help="JSON file; standard input when omitted or '-'")
        parser.add_argument(
            "--indent", type=int, default=2, help="indent of the output (0: one line)"
        )

    def handle(self, *args, file: str | None = None, indent: int = 2, **options) -> None:
        text = self._read(file)
        try:
            result = score_document(parse_document(text))
        except HandError as error:
            # CommandError prints to stderr and exits with status 1; stdout stays empty.
            raise CommandError(str(error)) from None
        self.stdout.write(dumps(result, indent=indent or None))

    @staticmethod
    def _read(file: str | None) -> str:
        if file in (None, "-"):
            return sys.stdin.read()
        try:
            with open(file, encoding="utf-8") as handle:
                return handle.read()
        except OSError as error:
            raise CommandError(f"cannot read {file!r}: {error.strerror}") from None
