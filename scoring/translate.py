"""The engine's phrases in the reader's language: the web side of :mod:`scoring.words`.

A phrase's template is looked up in the catalogues and its blanks filled with the
translated values; numbers are written the active locale's way (``1,5`` in Czech). A
template missing from the catalogues, or a translation that lost a blank, falls back to
the English rather than failing a page. Lines are read from a :class:`Line` or from the
JSON stored with a recorded hand; a hand stored before lines had words shows its English
label.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from decimal import Decimal
from typing import Any

from django.utils import formats
from django.utils.translation import gettext, ngettext

from scoring.errors import HandError
from scoring.settlement import Line
from scoring.words import Phrase, Value, gettext_noop

# The names of a hand's JSON (fields, contracts, codes) → the player's words for them.
Words = Mapping[str, object]

__all__ = ["error_text", "line_text", "path_text", "say", "worded"]

# How the engine quotes a value it was given (``scoring.reader.describe``): its repr,
# then its JSON type where the repr alone could mislead.
_DESCRIBED = re.compile(
    r"^(?P<repr>.*), (?P<kind>a list|an object|a boolean|a decimal number)$", re.S
)
# A name from the hand's JSON as the engine quotes it: 'solo_trojka', spjst.misdeal.
_NAME = re.compile(r"'(?P<quoted>[^'\n]*)'|\b(?P<bare>[A-Za-z][A-Za-z0-9]*(?:[._][A-Za-z0-9]+)*)\b")
# A list of names as the engine lists the fields or codes it knows ("called, contract").
_NAMES = re.compile(r"[A-Za-z_][\w.]*(?:, [A-Za-z_][\w.]*)*")
_PATH = re.compile(r"[a-z_]+\[\d+\](?:\.[a-z_]+)*")
_CODE = re.compile(r"[A-Za-z0-9]+(?:[._][A-Za-z0-9]+)+")
# The JSON words a value can be, as a player says them.
_LITERALS = {
    "True": gettext_noop("yes"),
    "true": gettext_noop("yes"),
    "False": gettext_noop("no"),
    "false": gettext_noop("no"),
    "None": gettext_noop("nothing"),
    "null": gettext_noop("nothing"),
}
_KINDS = {
    "a list": gettext_noop("a list"),
    "an object": gettext_noop("an object"),
}


def say(value: Value | Mapping[str, Any] | None, words: Words | None = None) -> str:
    """``value`` in the active language: a phrase (or its JSON), a number, a text.

    With ``words`` (the names of the hand's JSON → the player's words, as a form labels
    its fields and choices), a name quoted from the JSON is said in those words.
    """
    if value is None:
        return ""
    if isinstance(value, Mapping):
        value = Phrase.from_json(value)
    if isinstance(value, Phrase):
        return _phrase(value, words)
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, (int, Decimal)):
        return formats.number_format(_plain(value), use_l10n=True)
    return str(value) if words is None else worded(str(value), words)


def worded(text: str, words: Words) -> str:
    """``text`` quoted from a hand's JSON with every name in it said in ``words``.

    A list or an object is named by its kind, a boolean and null by the words a player
    says; a name ``words`` does not know, written as code (``x_y``, ``x.y``), is an
    unknown name: the player never typed it, the form offers only names it knows.
    """
    described = _DESCRIBED.match(text)
    if described and described["kind"] in _KINDS:
        return gettext(_KINDS[described["kind"]])
    if described:
        text = described["repr"]
    if _PATH.fullmatch(text):
        return path_text(text, words)
    listed = _NAMES.fullmatch(text) is not None

    def name(match: re.Match[str]) -> str:
        found = match["bare"] if match["quoted"] is None else match["quoted"]
        # A bare English word is the engine's own wording, not a name it read (a group
        # "trump count" is no field "count"): only a quoted name or code is looked up.
        if match["quoted"] is None and not (_CODE.fullmatch(found) or listed):
            return match.group(0)
        if found in words:
            return str(words[found])
        if found in _LITERALS:
            return gettext(_LITERALS[found])
        if _CODE.fullmatch(found) or "_" in found:
            return gettext("an unknown name")
        return match.group(0)

    return _NAME.sub(name, text)


def line_text(line: Line | Mapping[str, Any]) -> str:
    """A settlement line's label in the active language, its parts joined by "; "."""
    if isinstance(line, Line):
        return _joined(line.words)
    words = line.get("words")
    if not words:
        return str(line.get("label", ""))
    return _joined(Phrase.from_json(part) for part in words)


def error_text(error: HandError, words: Words | None = None) -> str:
    """Why the engine refused a hand, in the active language, without its JSON path (a
    form shows it on the field the path points at); ``words`` as for :func:`say`."""
    if error.words is not None:
        return say(error.words, words)
    return error.reason if words is None else worded(gettext(error.reason), words)


def path_text(path: str, words: Words) -> str:
    """A JSON path (``penalties[1].seat``) in the player's words: each field by its
    ``words``, each list's item by its number counted from 1 ("Penalty 2, Offender")."""
    parts = []
    for step in path.split("."):
        name, _, index = step.partition("[")
        said = worded(name, words) if name else ""
        if index:
            said = f"{said} {int(index.rstrip(']')) + 1}" if index[:-1].isdigit() else said
        parts.append(said)
    return ", ".join(part for part in parts if part)


def _joined(parts: Iterable[Phrase]) -> str:
    return "; ".join(_phrase(part) for part in parts)


def _phrase(phrase: Phrase, words: Words | None = None) -> str:
    values = {name: say(value, words) for name, value in phrase.values}
    if phrase.plural:
        translated = ngettext(phrase.template, phrase.plural, phrase.count())
    else:
        translated = gettext(phrase.template) if phrase.template else ""
    try:
        return translated.format_map(values)
    except (KeyError, IndexError, ValueError):
        # A translation that names a blank the phrase does not have: English is better
        # than an error page (tests/test_translations.py keeps the blanks in step).
        return phrase.english().format_map(values)


def _plain(value: int | Decimal) -> int | Decimal:
    """An amount without trailing zeros: ``1.50`` is written ``1,5``, ``2.0`` as ``2``."""
    if isinstance(value, Decimal):
        normal = value.normalize()
        return int(normal) if normal == normal.to_integral_value() else normal
    return value
