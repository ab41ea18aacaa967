"""A ranked table as a PDF: standings after a round, a season's leaderboard.

Numbers take the width they need, right-aligned; text columns share what is left and wrap.
The page turns to landscape only when the columns cannot fit upright even so.
"""

from collections.abc import Sequence
from decimal import Decimal

from reportlab.pdfbase.pdfmetrics import stringWidth

from tournaments.printing.amounts import format_amount
from tournaments.printing.document_data import Cell, Paper, TableDoc
from tournaments.printing.fonts import BOLD, REGULAR, register_fonts
from tournaments.printing.pages import flow_width, listing_table, numbered_pdf, title_block
from tournaments.printing.text import wrapped

SIZE = 9.5
PADDING = 12.0  # a cell's left and right padding together
NARROWEST_TEXT = 90.0  # a text column is not squeezed below this to stay upright
MISSING = "–"


def is_number(cell: Cell) -> bool:
    return isinstance(cell, int | Decimal) and not isinstance(cell, bool)


def numeric_columns(doc: TableDoc) -> tuple[bool, ...]:
    """The columns to right-align: as given, or those whose filled cells are all numbers."""
    if doc.numeric is not None:
        return doc.numeric
    columns = zip(*doc.rows, strict=True) if doc.rows else [()] * len(doc.columns)
    return tuple(
        any(cell is not None for cell in column)
        and all(cell is None or is_number(cell) for cell in column)
        for column in columns
    )


def cell_text(cell: Cell) -> str:
    """A cell as printed: amounts with a real minus sign, a dash where there is nothing."""
    if cell is None:
        return MISSING
    return format_amount(cell) if is_number(cell) else str(cell)


def natural_widths(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[float]:
    """How wide each column would be with nothing wrapped."""
    widths = [stringWidth(title, BOLD, SIZE) for title in header]
    for row in rows:
        widths = [
            max(width, stringWidth(text, REGULAR, SIZE))
            for width, text in zip(widths, row, strict=True)
        ]
    return [width + PADDING for width in widths]


def needs_landscape(natural: Sequence[float], numeric: Sequence[bool], width: float) -> bool:
    """Whether the numbers, and the text squeezed as far as it reads, overflow `width`."""
    least = sum(
        wide if number else min(wide, NARROWEST_TEXT)
        for wide, number in zip(natural, numeric, strict=True)
    )
    return least > width


def fitted_widths(natural: Sequence[float], numeric: Sequence[bool], width: float) -> list[float]:
    """Numbers at their natural width; text columns share the rest in proportion to theirs."""
    text_natural = sum(wide for wide, number in zip(natural, numeric, strict=True) if not number)
    if not text_natural:
        return [wide * width / sum(natural) for wide in natural]
    # Past the narrowest (needs_landscape saw to that), only an absurd table gets here.
    share = max(0.1, (width - sum(natural) + text_natural) / text_natural)
    return [wide if number else wide * share for wide, number in zip(natural, numeric, strict=True)]


def table_pdf(doc: TableDoc, paper: Paper = "letter") -> bytes:
    """The table across as many pages as it needs, the header row repeated on each."""
    register_fonts()  # stringWidth below needs the font's metrics
    numeric = numeric_columns(doc)
    texts = [[cell_text(cell) for cell in row] for row in doc.rows]
    natural = natural_widths(doc.columns, texts)
    wide = needs_landscape(natural, numeric, flow_width(paper))
    widths = fitted_widths(natural, numeric, flow_width(paper, wide=wide))
    body = [
        [
            text if number else wrapped(text, REGULAR, SIZE, column - PADDING)
            for text, number, column in zip(row, numeric, widths, strict=True)
        ]
        for row in texts
    ]
    right = [index for index, number in enumerate(numeric) if number]
    table = listing_table([list(doc.columns), *body], widths, right=right, size=SIZE)
    return numbered_pdf(
        [*title_block(doc.title, doc.subtitle), table],
        paper=paper,
        title=doc.title,
        wide=wide,
        page_of=doc.words.page_of,
    )
