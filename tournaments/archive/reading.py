"""Reading an archive file's bytes into a document, within bounds.

A file is refused before it is parsed when it is larger than `MAX_BYTES` or nests
deeper than `MAX_DEPTH` (an archive nests about fifteen levels; Python's JSON parser
recurses once a level, so a file nested 200,000 deep would end in a `RecursionError`).
Numbers stay exact (`Decimal`), NaN and Infinity are no numbers, and a key given twice
in one object is a refusal rather than a silent choice of one of them.
"""

import json
import re
from decimal import Decimal
from itertools import accumulate
from typing import Any

from django.utils.translation import gettext as _

from tournaments.archive.common import FORMAT, ArchiveError

# An archive of a long tournament is a few megabytes; fifty leave room for the largest
# festival while a file of hundreds of megabytes is refused before it costs gigabytes.
MAX_BYTES = 50 * 1024 * 1024
MAX_DEPTH = 32

# A JSON string (its escapes included), to be skipped when counting brackets.
_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKETS = bytes(byte for byte in range(256) if byte not in b"[]{}")
_STEP = {ord("["): 1, ord("{"): 1, ord("]"): -1, ord("}"): -1}


def _depth(data: bytes) -> int:
    """How deep the file's brackets nest, strings left out (no recursion, no parsing)."""
    brackets = _STRING.sub(b"", data).translate(None, _NOT_BRACKETS)
    return max(accumulate(map(_STEP.__getitem__, brackets)), default=0)


def _no_constant(name: str) -> Any:
    raise ValueError(_("%(name)s is not a number") % {"name": name})


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    document = dict(pairs)
    if len(document) != len(pairs):
        seen: set[str] = set()
        twice = next(key for key, _value in pairs if key in seen or seen.add(key))
        raise ValueError(_("the key %(key)r is given twice in one object") % {"key": twice[:80]})
    return document


_DECODER = json.JSONDecoder(
    parse_float=Decimal, parse_constant=_no_constant, object_pairs_hook=_object
)


def too_large(size: int) -> ArchiveError:
    """The refusal of a file of `size` bytes, over `MAX_BYTES`."""
    return ArchiveError(
        _(
            "The file is %(size)s bytes; an archive may be at most %(limit)s bytes. Nothing "
            "was imported."
        )
        % {"size": f"{size:,}", "limit": f"{MAX_BYTES:,}"}
    )


def load(text: str | bytes) -> dict[str, Any]:
    """The document in an archive file's text; a file that is too large, nested too deep
    or not whole JSON is refused (`ArchiveError`)."""
    if len(text) > MAX_BYTES:
        raise too_large(len(text))
    data = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else bytes(text)
    if len(data) > MAX_BYTES:
        raise too_large(len(data))
    if _depth(data) > MAX_DEPTH:
        raise ArchiveError(
            _(
                "The file nests lists and objects more than %(depth)s deep; an archive never "
                "does. Nothing was imported."
            )
            % {"depth": MAX_DEPTH}
        )
    try:
        document = _DECODER.decode(data.decode("utf-8"))
    except (ValueError, UnicodeDecodeError, RecursionError) as error:
        # ValueError covers JSONDecodeError, the hooks above and an integer of more
        # digits than Python converts.
        problem = " ".join(str(error).split())[:200]
        raise ArchiveError(
            _("The file is damaged (not complete JSON: %(error)s); nothing was imported.")
            % {"error": problem}
        ) from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise ArchiveError(_("The file is not a tournament archive; nothing was imported."))
    return document
