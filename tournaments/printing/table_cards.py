"""Table cards: the card that stands on each table, two to a page with a line to cut along.

The table number is large enough to find across the hall; under it the players by seat,
and the QR code that takes the judge to the table's page.
"""

from collections.abc import Sequence

from reportlab.lib.units import cm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    FrameBreak,
    KeepInFrame,
    PageTemplate,
    Table,
    TableStyle,
)

from tournaments.printing.document_data import Paper, PrintError, TableCard
from tournaments.printing.fonts import BOLD, REGULAR, register_fonts
from tournaments.printing.pages import MARGIN, NO_PADDING, RULE, build_pdf, page_size
from tournaments.printing.qr import QrCode
from tournaments.printing.text import fit_text

QR_SIZE = 4 * cm
QR_COLUMN = 5.2 * cm
NUMBER_SIZE = 96
SEAT_SIZE = 15


def seat_list(card: TableCard, width: float) -> Table:
    """The players in seat order, the seat number before each name."""
    number_column = 0.9 * cm
    names = [
        fit_text(
            seat.name, REGULAR, width - number_column, max_lines=2, largest=SEAT_SIZE, smallest=10
        )
        for seat in card.seats
    ]
    style = [("FONT", (0, 0), (0, -1), BOLD, SEAT_SIZE, SEAT_SIZE * 1.2), *NO_PADDING]
    style += [
        ("FONT", (1, row), (1, row), REGULAR, name.size, name.size * 1.2)
        for row, name in enumerate(names)
    ]
    rows = [[str(seat.number), name.text] for seat, name in zip(card.seats, names, strict=True)]
    return Table(rows, colWidths=[number_column, width - number_column], style=TableStyle(style))


def judge_code(card: TableCard) -> list[Flowable] | str:
    """The judge's QR code and what it is for, or nothing without a link."""
    if card.judge_url is None:
        return ""
    caption = Table(
        [[card.words.judge_scan]],
        style=[("FONT", (0, 0), (-1, -1), REGULAR, 8), ("ALIGN", (0, 0), (-1, -1), "CENTER")],
    )
    return [QrCode(card.judge_url, QR_SIZE), caption]


def card_table(card: TableCard, width: float) -> Table:
    """One card: tournament and round, the table number, the seats beside the QR code."""
    title = fit_text(card.tournament, BOLD, width * 0.75, max_lines=2, largest=14, smallest=9)
    data = [
        [title.text, card.words.round_number % {"number": card.round}],
        [card.words.table, ""],
        [str(card.table), ""],
        [seat_list(card, width - QR_COLUMN), judge_code(card)],
    ]
    style = [
        ("FONT", (0, 0), (0, 0), BOLD, title.size, title.size * 1.2),
        ("FONT", (1, 0), (1, 0), BOLD, 14, 17),
        ("FONT", (0, 1), (-1, 1), REGULAR, 22, 26),
        ("FONT", (0, 2), (-1, 2), BOLD, NUMBER_SIZE, NUMBER_SIZE),
        ("SPAN", (0, 1), (-1, 1)),
        ("SPAN", (0, 2), (-1, 2)),
        ("ALIGN", (0, 1), (-1, 2), "CENTER"),
        ("ALIGN", (1, 0), (1, 0), "RIGHT"),
        ("ALIGN", (1, 3), (1, 3), "CENTER"),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LINEBELOW", (0, 0), (-1, 0), 1.5, RULE),
        ("BOTTOMPADDING", (0, 2), (-1, 2), 18),
        *NO_PADDING,
    ]
    return Table(data, colWidths=[width - QR_COLUMN, QR_COLUMN], style=TableStyle(style))


def card_size(paper: Paper) -> tuple[float, float]:
    """A card's printable area: half the page, a margin from the edges and from the cut."""
    width, height = page_size(paper)
    return width - 2 * MARGIN, (height - 3 * MARGIN) / 2


def _half_frames(paper: Paper) -> list[Frame]:
    """The top and bottom halves of the page."""
    width, height = card_size(paper)
    top = page_size(paper)[1] - MARGIN - height
    return [Frame(MARGIN, y, width, height, 0, 0, 0, 0) for y in (top, MARGIN)]


def _cut_line(canvas: Canvas, document: BaseDocTemplate) -> None:
    """A dashed line across the middle of the page, to cut the two cards apart."""
    width, height = document.pagesize
    canvas.saveState()
    canvas.setStrokeColor(RULE)
    canvas.setDash(4, 4)
    canvas.line(MARGIN / 2, height / 2, width - MARGIN / 2, height / 2)
    canvas.restoreState()


def table_cards_pdf(cards: Sequence[TableCard], paper: Paper = "letter") -> bytes:
    """Two cards a page, top and bottom, in the order given."""
    if not cards:
        raise PrintError(f"cards is empty: {cards!r}")
    register_fonts()
    width, height = card_size(paper)
    story: list[Flowable] = []
    for index, card in enumerate(cards):
        if index:
            story.append(FrameBreak())
        story.append(KeepInFrame(width, height - 1, [card_table(card, width)], mode="shrink"))
    template = PageTemplate(
        id="cards", frames=_half_frames(paper), onPage=_cut_line, pagesize=page_size(paper)
    )
    first = cards[0]
    title = first.words.table_cards_title % {"tournament": first.tournament, "round": first.round}
    return build_pdf(story, [template], title=title)
