"""The engine's phrases in the reader's language: the web side of :mod:`scoring.words`.

A phrase's template is looked up in the catalogues and its blanks filled with the
translated values; numbers are written the active locale's way (``1,5`` in Czech). A
template missing from the catalogues, or a translation that lost a blank, falls back to
the English rather than failing a page. Lines are read from a :class:`Line` or from the
JSON stored with a recorded hand; a hand stored before lines had words shows its English
label.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from decimal import Decimal
from typing import Any

from django.utils import formats
from django.utils.translation import gettext

from scoring.errors import HandError
from scoring.settlement import Line
from scoring.words import Phrase, Value

__all__ = ["error_text", "line_text", "say"]


def say(value: Value | Mapping[str, Any] | None) -> str:
    """``value`` in the active language: a phrase (or its JSON), a number, a text."""
    if value is None:
        return ""
    if isinstance(value, Mapping):
        value = Phrase.from_json(value)
    if isinstance(value, Phrase):
        return _phrase(value)
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, (int, Decimal)):
        return formats.number_format(_plain(value), use_l10n=True)
    return str(value)


def line_text(line: Line | Mapping[str, Any]) -> str:
    """A settlement line's label in the active language, its parts joined by "; "."""
    if isinstance(line, Line):
        return _joined(line.words)
    words = line.get("words")
    if not words:
        return str(line.get("label", ""))
    return _joined(Phrase.from_json(part) for part in words)


def error_text(error: HandError) -> str:
    """Why the engine refused a hand, in the active language, without its JSON path (a
    form shows it on the field the path points at)."""
    return say(error.words) if error.words is not None else error.reason


def _joined(parts: Iterable[Phrase]) -> str:
    return "; ".join(_phrase(part) for part in parts)


def _phrase(phrase: Phrase) -> str:
    values = {name: say(value) for name, value in phrase.values}
    translated = gettext(phrase.template) if phrase.template else ""
    try:
        return translated.format_map(values)
    except (KeyError, IndexError, ValueError):
        # A translation that names a blank the phrase does not have: English is better
        # than an error page (tests/test_translations.py keeps the blanks in step).
        return phrase.template.format_map(values)


def _plain(value: int | Decimal) -> int | Decimal:
    """An amount without trailing zeros: ``1.50`` is written ``1,5``, ``2.0`` as ``2``."""
    if isinstance(value, Decimal):
        normal = value.normalize()
        return int(normal) if normal == normal.to_integral_value() else normal
    return value
