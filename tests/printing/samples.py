"""Documents to print in the tests, and ways to read the PDFs back."""

import datetime
import io
import re
from decimal import Decimal

from pypdf import PdfReader
from reportlab.pdfbase.pdfmetrics import stringWidth

from tournaments.printing import ScoreSheetDoc, SheetHand, SheetSeat
from tournaments.printing.fonts import BOLD, REGULAR

NAMES = ("Šárka Kříž", "Jiří Dvořák", "Žiga Zupančič", "Anna Nováková")
LONG_NAMES = (
    "Maximilián Křížovnický-Dvořáček",
    "Bartholomew Worthington-Šebestová III",
    "Žiga Zupančič",
    "Anna Nováková-Procházková",
    "Ludmila Černá z Vlčkovic a Mníšku",
)
URL = "https://tarock.example.org/judge/3/7?key=0f3a9c"
HANDS = (
    SheetHand(1, "Solo by Jiří, won", (-4, 12, -4, -4)),
    SheetHand(2, "Povinnost, partner Šárka, won; trull ×2", (6, -6, 6, -6)),
    SheetHand(3, "Valát announced, lost", (-24, 8, 8, 8)),
)


def seats(names=NAMES) -> tuple[SheetSeat, ...]:
    return tuple(SheetSeat(number, name) for number, name in enumerate(names, start=1))


def sheet(**changes) -> ScoreSheetDoc:
    """A blank sheet for table 7 of round 3, unless `changes` say otherwise."""
    values = {
        "tournament": "SPJST Tarock Open — Ennis 2026",
        "date": datetime.date(2026, 3, 14),
        "round": 3,
        "table": 7,
        "ruleset": "SPJST Tarock",
        "seats": seats(),
        "start": 100,
        "table_total": 400,
    } | changes
    return ScoreSheetDoc(**values)


def filled_sheet(**changes) -> ScoreSheetDoc:
    """Table 7 after three hands, the counts confirmed: 78, 114, 110, 98."""
    return sheet(
        **{"hands": HANDS, "counts": (78, 114, 110, 98), "confirmed_by": "Jan Novák"} | changes
    )


def long_sheet() -> ScoreSheetDoc:
    """The widest and longest sheet: five long names and 30 hands with long summaries."""
    hands = tuple(
        SheetHand(
            number,
            f"Hand {number}: Valát announced by the declarer with partner, pagát ultimo, trull ×2",
            (Decimal("-2.50"), Decimal("10.00"), Decimal("-2.5"), -3, Decimal("-2")),
        )
        for number in range(1, 31)
    )
    return sheet(seats=seats(LONG_NAMES), start=100, table_total=500, judge_url=URL, hands=hands)


def reader(pdf: bytes) -> PdfReader:
    assert pdf.startswith(b"%PDF-")
    return PdfReader(io.BytesIO(pdf))


def page_texts(pdf: bytes) -> list[str]:
    return [page.extract_text() for page in reader(pdf).pages]


def text(pdf: bytes) -> str:
    return "\n".join(page_texts(pdf))


def words(pdf: bytes) -> str:
    """The text with every run of whitespace made one space, and lines broken after a
    hyphen joined again: wrapped names read whole."""
    return " ".join(re.sub(r"-\s*\n\s*", "-", text(pdf)).split())


def placed_text(page) -> list[tuple[str, float, float, float, float]]:
    """Each piece of text on a page: the text, where it starts (x, y), its size on the page
    and its width."""
    placed = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            x = cm[0] * tm[4] + cm[2] * tm[5] + cm[4]
            y = cm[1] * tm[4] + cm[3] * tm[5] + cm[5]
            face = BOLD if "Bold" in font["/BaseFont"] else REGULAR
            size = size * tm[0] * cm[0]
            placed.append((text.strip(), x, y, size, stringWidth(text.strip(), face, size)))

    page.extract_text(visitor_text=visit)
    return placed


def forms(page) -> dict:
    """The page's form XObjects (where the QR codes are drawn) by name."""
    objects = page["/Resources"].get("/XObject", {})
    return {name: objects[name].get_object() for name in objects}
