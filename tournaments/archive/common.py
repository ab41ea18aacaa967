"""What the archive's writer and reader share: its format, its checksum, its error."""

import hashlib
import json
from typing import Any

from django.db import models

from clubs.models import Club
from tournaments.exact_json import ExactEncoder

FORMAT = "tarock-tournament-archive"
VERSION = 1
CHECKSUM_PREFIX = "sha256:"
CONTENT_TYPE = "application/json; charset=utf-8"


class ArchiveError(ValueError):
    """A file that cannot be imported; the message names the problem. Nothing was written."""


def canonical(document: dict[str, Any]) -> bytes:
    """The bytes the checksum is taken of: the document without its checksum, keys sorted,
    no spaces, amounts exact."""
    body = {key: value for key, value in document.items() if key != "checksum"}
    text = json.dumps(body, cls=ExactEncoder, sort_keys=True, separators=(",", ":"))
    return text.encode()


def checksum(document: dict[str, Any]) -> str:
    """SHA-256 of the canonical form of `document` (its own checksum left out)."""
    return CHECKSUM_PREFIX + hashlib.sha256(canonical(document)).hexdigest()


def club_fields() -> list[models.Field]:
    """The club fields an archive carries: all but the id."""
    return [field for field in Club._meta.concrete_fields if not field.primary_key]
