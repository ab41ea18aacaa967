"""Fitting text into a box of known width, and putting names in the order a reader expects.

Table cells are drawn as plain strings (much faster than paragraphs), so the wrapping is
done here: a name or a hand's summary gets the largest size at which it fits its lines,
and only past the smallest size is it cut with an ellipsis.
"""

import datetime
import re
from collections.abc import Iterator
from dataclasses import dataclass

from reportlab.pdfbase.pdfmetrics import stringWidth

from tournaments.printing.document_data import PrintWords

ENGLISH = PrintWords()  # the words a document has when its caller gives none

ELLIPSIS = "…"


@dataclass(frozen=True)
class FittedText:
    """Text broken into lines, and the font size at which those lines fit."""

    lines: tuple[str, ...]
    size: float

    @property
    def text(self) -> str:
        """The lines as a table cell draws them."""
        return "\n".join(self.lines)


def _parts(text: str) -> Iterator[tuple[str, bool]]:
    """Words, and the halves of hyphenated ones ("Nováková-", "Procházková"), each with
    whether a space goes before it."""
    for word in text.split():
        for index, part in enumerate(re.split(r"(?<=-)", word)):
            if part:
                yield part, index == 0


def _chunks(part: str, font: str, size: float, width: float) -> Iterator[str]:
    """A part cut between characters into pieces no wider than `width` (a long URL)."""
    piece = ""
    for char in part:
        if piece and stringWidth(piece + char, font, size) > width:
            yield piece
            piece = ""
        piece += char
    yield piece


def wrap_text(text: str, font: str, size: float, width: float) -> tuple[str, ...]:
    """Greedy wrap at `size`, at spaces and after hyphens; a word wider than a line is cut
    between characters.

    >>> wrap_text("Valát by Jiří, won", "Helvetica", 10, 50)
    ('Valát by', 'Jiří, won')
    """
    lines: list[str] = []
    line = ""
    for part, spaced in _parts(text):
        for index, piece in enumerate(_chunks(part, font, size, width)):
            candidate = line + (" " if spaced and index == 0 and line else "") + piece
            if line and stringWidth(candidate, font, size) > width:
                lines.append(line)
                candidate = piece
            line = candidate
    return (*lines, line)


def _fits(
    text: str, font: str, size: float, width: float, max_lines: int
) -> tuple[str, ...] | None:
    """The wrapped lines if they are few enough and no word had to be cut, else None."""
    if any(stringWidth(part, font, size) > width for part, _ in _parts(text)):
        return None
    lines = wrap_text(text, font, size, width)
    return lines if len(lines) <= max_lines else None


def _cut(line: str, font: str, size: float, width: float) -> str:
    """The line shortened until it and an ellipsis fit."""
    while line and stringWidth(line + ELLIPSIS, font, size) > width:
        line = line[:-1]
    return line.rstrip() + ELLIPSIS


def fit_text(
    text: str, font: str, width: float, *, max_lines: int, largest: float, smallest: float
) -> FittedText:
    """The largest size, in half points from `largest` to `smallest`, at which `text`
    wraps into `max_lines` without cutting a word; failing that, at `smallest`, words are
    cut and what is still left over is cut short with an ellipsis.

    >>> fit_text("Šárka Kříž", "Helvetica", 200, max_lines=1, largest=9, smallest=6)
    FittedText(lines=('Šárka Kříž',), size=9)
    """
    line = " ".join(text.split())
    if stringWidth(line, font, largest) <= width:  # most names and summaries: one line
        return FittedText((line,), largest)
    size = largest
    while size >= smallest:
        lines = _fits(text, font, size, width, max_lines)
        if lines is not None:
            return FittedText(lines, size)
        size -= 0.5
    lines = wrap_text(text, font, smallest, width)
    if len(lines) > max_lines:
        lines = (*lines[: max_lines - 1], _cut(lines[max_lines - 1], font, smallest, width))
    return FittedText(lines, smallest)


def long_date(date: datetime.date, words: PrintWords = ENGLISH) -> str:
    """A date as a player reads it on the wall, in the words' language.

    >>> long_date(datetime.date(2026, 3, 14))
    'Saturday 14 March 2026'
    >>> czech = PrintWords(long_date="%(weekday)s %(day)s. %(month)s %(year)s",
    ...                    weekdays=("pondělí",) * 5 + ("sobota", "neděle"),
    ...                    months=("ledna", "února", "března") + ("",) * 9)
    >>> long_date(datetime.date(2026, 3, 14), czech)
    'sobota 14. března 2026'
    """
    return words.long_date % {
        "weekday": words.weekdays[date.weekday()],
        "day": date.day,
        "month": words.months[date.month - 1],
        "year": date.year,
    }


def wrapped(text: str, font: str, size: float, width: float) -> str:
    """Text wrapped to `width` at a fixed size, as a table cell draws it."""
    return "\n".join(wrap_text(text, font, size, width))
