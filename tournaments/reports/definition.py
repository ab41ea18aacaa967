"""The shape every report shares: columns (key, header, kind) and rows of cells, with the
words around them (title, subtitle, a note such as "Provisional after round 2 of 3").

A report is defined once; the page, CSV, XLSX and PDF are renderings of it
(`tournaments.reports.rendering`), so a column added here appears in all of them.

>>> report = Report(
...     key="demo",
...     name="Demo",
...     columns=(Column("place", "Place", Kind.PLACE), Column("name", "Player")),
...     rows=((1, "Anna"), (2, "Bohdan")),
... )
>>> report.headers, report.numeric
(('Place', 'Player'), (True, False))
>>> report.records()[1]
{'place': 2, 'name': 'Bohdan'}
"""

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from django.utils.functional import Promise
from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _

Cell = str | int | Decimal | bool | None


class ReportError(ValueError):
    """A report whose rows do not fit its columns; the message names the field."""


class Kind(enum.Enum):
    """What a column holds, which decides how each rendering shows it."""

    TEXT = "text"  # left-aligned; wraps in the PDF
    PLACE = "place"  # 1, 2, 2, 4
    INTEGER = "integer"  # a count or a number: round, table, seat, tournaments played
    AMOUNT = "amount"  # an exact amount shown as it is: points, a count of chips, cup points
    CHIPS = "chips"  # chips won or lost: the page shows the sign (+3, −3)
    FLAG = "flag"  # yes or no (True/False in the files)

    @property
    def numeric(self) -> bool:
        """Whether the column is right-aligned (numbers line up by their last digit)."""
        return self in (Kind.PLACE, Kind.INTEGER, Kind.AMOUNT, Kind.CHIPS)


@dataclass(frozen=True)
class Column:
    """One column: `key` names it in the page table (`?sort=key`), `label` is its header
    (marked for translation where the report is defined)."""

    key: str
    label: str | Promise
    kind: Kind = Kind.TEXT

    def __repr__(self) -> str:
        return f"Column({self.key!r}, {str(self.label)!r}, {self.kind.name})"


@dataclass(frozen=True)
class Report:
    """A report: its columns and rows (cells in column order) and what surrounds them.

    `key` is the report's name in code (the page table's CSS class, the end of the file
    name); `name` its short title (the XLSX sheet); `title` and `subtitle` head the PDF;
    `note` stands under the rows in every file; `of` names what it reports on (the
    tournament, the season), which starts the file name.
    """

    key: str
    name: str | Promise
    columns: tuple[Column, ...]
    rows: Sequence[tuple[Cell, ...]]
    title: str = ""
    subtitle: str = ""
    note: str = ""
    of: str = ""
    empty_text: str | Promise = ""

    def __post_init__(self) -> None:
        keys = [column.key for column in self.columns]
        if len(set(keys)) != len(keys):
            raise ReportError(f"columns: a key is used twice in {keys!r}")
        for index, row in enumerate(self.rows):
            if len(row) != len(self.columns):
                raise ReportError(
                    f"rows[{index}] has {len(row)} cells for {len(self.columns)} columns: {row!r}"
                )

    @property
    def filename(self) -> str:
        """The download's name without its extension: `westfest-tarock-standings`."""
        return f"{slugify(self.of)}-{self.key}" if self.of else self.key

    @property
    def headers(self) -> tuple[str, ...]:
        """The column headers as every rendering prints them."""
        return tuple(str(column.label) for column in self.columns)

    @property
    def numeric(self) -> tuple[bool, ...]:
        """Which columns are right-aligned."""
        return tuple(column.kind.numeric for column in self.columns)

    def records(self) -> list[dict[str, Cell]]:
        """The rows as dicts by column key, as a django-tables2 table reads them."""
        keys = [column.key for column in self.columns]
        return [dict(zip(keys, row, strict=True)) for row in self.rows]

    def aligned_rows(self) -> list[list[tuple[bool, Cell]]]:
        """The rows as (right-aligned?, cell) pairs, as a plain template table reads them."""
        return [list(zip(self.numeric, row, strict=True)) for row in self.rows]


def subtitle(*parts: str) -> str:
    """The parts that are not blank, joined as a subtitle: `2026-09-05 · Lodge 88`."""
    return " · ".join(part for part in parts if part)


# Columns several reports share, so their headers read the same everywhere.
PLACE = Column("place", _("Place"), Kind.PLACE)
PLAYER = Column("name", _("Player"))
CLUB = Column("club", _("Club"))
