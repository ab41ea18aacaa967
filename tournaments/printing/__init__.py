"""Printed documents for a tarock tournament, as PDF bytes: score sheets, the seating list,
table cards and ranked tables (standings, leaderboards).

Pure Python over reportlab and qrcode: no Django, no database. A view builds the frozen
values from `document_data` and returns what a `*_pdf` function gives back.
"""

from tournaments.printing.document_data import (
    Paper,
    PrintError,
    PrintWords,
    ScoreSheetDoc,
    SeatingDoc,
    SeatingTable,
    SheetHand,
    SheetSeat,
    TableCard,
    TableDoc,
)
from tournaments.printing.ranked_table import table_pdf
from tournaments.printing.score_sheet import score_sheets_pdf
from tournaments.printing.seating import seating_pdf
from tournaments.printing.table_cards import table_cards_pdf

__all__ = [
    "Paper",
    "PrintError",
    "PrintWords",
    "ScoreSheetDoc",
    "SeatingDoc",
    "SeatingTable",
    "SheetHand",
    "SheetSeat",
    "TableCard",
    "TableDoc",
    "score_sheets_pdf",
    "seating_pdf",
    "table_cards_pdf",
    "table_pdf",
]
