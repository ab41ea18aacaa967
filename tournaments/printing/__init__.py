"""Printed documents for a tarock tournament, as PDF bytes: score sheets, the seating list,
table cards, ranked tables (standings, leaderboards) and a drive's score cards and
movement sheet.

Pure Python over reportlab and qrcode: no Django, no database. A view builds the frozen
values from `document_data` and returns what a `*_pdf` function gives back.
"""

from tournaments.printing.document_data import (
    DrivePlace,
    MovementSheetDoc,
    MovementTable,
    Paper,
    PrintError,
    PrintWords,
    ScoreCardDoc,
    ScoreSheetDoc,
    SeatingDoc,
    SeatingTable,
    SheetHand,
    SheetSeat,
    TableCard,
    TableDoc,
)
from tournaments.printing.drive import movement_sheet_pdf, score_cards_pdf
from tournaments.printing.ranked_table import table_pdf
from tournaments.printing.score_sheet import score_sheets_pdf
from tournaments.printing.seating import seating_pdf
from tournaments.printing.table_cards import table_cards_pdf

__all__ = [
    "DrivePlace",
    "MovementSheetDoc",
    "MovementTable",
    "Paper",
    "PrintError",
    "PrintWords",
    "ScoreCardDoc",
    "ScoreSheetDoc",
    "SeatingDoc",
    "SeatingTable",
    "SheetHand",
    "SheetSeat",
    "TableCard",
    "TableDoc",
    "movement_sheet_pdf",
    "score_cards_pdf",
    "score_sheets_pdf",
    "seating_pdf",
    "table_cards_pdf",
    "table_pdf",
]
