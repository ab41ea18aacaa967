"""`manage.py score_hand [FILE]`: settle hands given as JSON (RULES.md §0.3)."""

import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from scoring.errors import HandError
from scoring.hand_documents import parse_document, score_document
from scoring.jsonio import MAX_BYTES, dumps

STDIN = "<stdin>"


class Command(BaseCommand):
    help = (
        'Read one hand (a JSON object with "ruleset") or a JSON array of hands from FILE '
        "or standard input and print the settlement JSON."
    )
    # Scoring is pure Python: it needs no database, no secret key and no system checks,
    # so it runs on a fresh clone with no environment set (see config/checks.py).
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", nargs="?", help="JSON file; standard input when omitted or '-'")
        parser.add_argument(
            "--indent", type=int, default=2, help="indent of the output (0: one line)"
        )

    def handle(self, *args: Any, file: str | None = None, indent: int = 2, **options: Any) -> None:
        name = STDIN if file in (None, "-") else file
        data = self._read(file, name)
        try:
            result = score_document(parse_document(data))
        except HandError as error:
            # CommandError prints to stderr and exits with status 1; stdout stays empty.
            raise CommandError(f"{name}: {error}") from None
        self.stdout.write(dumps(result, indent=indent or None))

    @staticmethod
    def _read(file: str | None, name: str) -> bytes:
        """At most one byte more than the limit, as bytes: decoding is the reader's job,
        so a Latin-1 or UTF-16 file is an error naming the file, not a traceback."""
        try:
            if file in (None, "-"):
                stream = getattr(sys.stdin, "buffer", None)
                if stream is None:  # a text stream put in place of stdin (tests)
                    return sys.stdin.read(MAX_BYTES + 1).encode("utf-8", "surrogateescape")
                return stream.read(MAX_BYTES + 1)
            with open(file, "rb") as handle:
                return handle.read(MAX_BYTES + 1)
        except OSError as error:
            raise CommandError(f"{name}: cannot read ({error.strerror})") from None
