"""Spreadsheets and CSV files of plain rows: bold frozen header, widths, numbers as numbers.

Pure Python over openpyxl and csv; a report (`tournaments.reports`) decides the columns
and rows.
"""

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from openpyxl import Workbook
from openpyxl.styles import Font
from openpyxl.utils import get_column_letter

Cell = str | int | Decimal | None


@dataclass(frozen=True)
class SheetData:
    """One worksheet: its title, column heads and rows of cells, and a note under the rows
    (such as "Provisional after round 2 of 3"; blank for none)."""

    title: str
    columns: tuple[str, ...]
    rows: Sequence[Sequence[Cell]]
    note: str = ""


def _cell(value: Cell):
    # openpyxl writes Decimal as a number; whole decimals become ints so "3" is not "3.0".
    if isinstance(value, Decimal) and value == value.to_integral_value():
        return int(value)
    return value


def _width(values) -> int:
    return min(max((len(str(v)) for v in values if v is not None), default=4) + 2, 50)


def xlsx_bytes(sheets: Sequence[SheetData]) -> bytes:
    """A workbook with one worksheet per SheetData."""
    workbook = Workbook(write_only=False)
    workbook.remove(workbook.active)
    bold = Font(bold=True)
    for data in sheets:
        sheet = workbook.create_sheet(title=data.title[:31])
        sheet.append(list(data.columns))
        for cell in sheet[1]:
            cell.font = bold
        for row in data.rows:
            sheet.append([_cell(value) for value in row])
        if data.note:
            # A blank row keeps the note out of the table's region (sorting, filters).
            sheet.append([])
            sheet.append([data.note])
            sheet.cell(row=sheet.max_row, column=1).font = Font(italic=True)
        sheet.freeze_panes = "A2"
        for index, column in enumerate(data.columns, start=1):
            values = [column, *(row[index - 1] for row in data.rows)]
            sheet.column_dimensions[get_column_letter(index)].width = _width(values)
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def csv_text(columns: Sequence[str], rows: Sequence[Sequence[Cell]], note: str = "") -> str:
    """CSV with a header row; Decimal amounts without trailing zeros; a note, if any, as a
    last row of one cell."""
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(columns)
    for row in rows:
        writer.writerow(
            [
                "" if v is None else (format(v.normalize(), "f") if isinstance(v, Decimal) else v)
                for v in row
            ]
        )
    if note:
        writer.writerow([note])
    return buffer.getvalue()
