"""Paper, margins, type styles and the flowing-document shell the printouts share."""

import functools
from collections.abc import Sequence
from io import BytesIO
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.enums import TA_LEFT
from reportlab.lib.pagesizes import A4, LETTER, landscape, portrait
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    LongTable,
    PageTemplate,
    Paragraph,
    TableStyle,
)

from tournaments.printing.document_data import ENGLISH, Paper, PrintError
from tournaments.printing.fonts import BOLD, REGULAR, register_fonts

PAPER_SIZES = {"a4": A4, "letter": LETTER}
MARGIN = 14 * mm
# Light enough to photocopy as a tint, dark enough to tell rows apart.
SHADE = colors.Color(0.92, 0.92, 0.92)
RULE = colors.Color(0.35, 0.35, 0.35)

# Tables nested in a layout line up with the text beside them.
NO_PADDING = [(side, (0, 0), (-1, -1), 0) for side in ("LEFTPADDING", "RIGHTPADDING")]

TITLE = ParagraphStyle("title", fontName=BOLD, fontSize=16, leading=20, alignment=TA_LEFT)
SUBTITLE = ParagraphStyle("subtitle", fontName=REGULAR, fontSize=10, leading=13, spaceAfter=8)
HEADING = ParagraphStyle(
    "heading", fontName=BOLD, fontSize=12, leading=15, spaceBefore=10, spaceAfter=4
)
BODY = ParagraphStyle("body", fontName=REGULAR, fontSize=10, leading=13)


def page_size(paper: Paper, *, wide: bool = False) -> tuple[float, float]:
    """The page in points, turned to landscape when `wide`."""
    try:
        size = PAPER_SIZES[paper]
    except KeyError:
        raise PrintError(f"paper must be 'a4' or 'letter': {paper!r}") from None
    return landscape(size) if wide else portrait(size)


def frame_size(paper: Paper, *, wide: bool = False) -> tuple[float, float]:
    """The printable area inside the margins."""
    width, height = page_size(paper, wide=wide)
    return width - 2 * MARGIN, height - 2 * MARGIN


class _NumberedCanvas(Canvas):
    """Holds every page back until the end, so each footer can say "page 2 of 7"."""

    def __init__(self, *args, footer: str, page_of: str, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._footer = footer
        self._page_of = page_of
        self._held: list[dict] = []

    def showPage(self) -> None:
        self._held.append(dict(self.__dict__))
        self._startPage()

    def save(self) -> None:
        for state in self._held:
            self.__dict__.update(state)
            self._draw_footer(len(self._held))
            super().showPage()
        super().save()

    def _draw_footer(self, pages: int) -> None:
        width = self._pagesize[0]
        self.setFont(REGULAR, 8)
        self.setFillColor(RULE)
        self.drawString(MARGIN, MARGIN / 2, self._footer)
        self.drawRightString(
            width - MARGIN, MARGIN / 2, self._page_of % {"page": self._pageNumber, "pages": pages}
        )


def flow_width(paper: Paper, *, wide: bool = False) -> float:
    """The width a flowing document's content may take (the frame pads 6 points a side)."""
    return frame_size(paper, wide=wide)[0] - 12


def title_block(title: str, subtitle: str) -> list[Flowable]:
    """A document's title and, under it, what it is."""
    return [Paragraph(escape(title), TITLE), Paragraph(escape(subtitle), SUBTITLE)]


def page_template(
    paper: Paper, *, wide: bool = False, padding: float = 0, name: str = "page", **options
) -> PageTemplate:
    """A page with one frame inside the margins; `options` go to reportlab's PageTemplate."""
    width, height = frame_size(paper, wide=wide)
    frame = Frame(MARGIN, MARGIN, width, height, padding, padding, padding, padding)
    return PageTemplate(id=name, frames=[frame], pagesize=page_size(paper, wide=wide), **options)


def build_pdf(
    story: list[Flowable], templates: Sequence[PageTemplate], *, title: str, canvasmaker=Canvas
) -> bytes:
    """The story laid out on the page templates, the first of them first, as PDF bytes."""
    buffer = BytesIO()
    document = BaseDocTemplate(
        buffer,
        pagesize=templates[0].pagesize,
        pageTemplates=list(templates),
        title=title,
        invariant=True,  # the same input gives the same bytes: testable, cacheable
    )
    document.build(story, canvasmaker=canvasmaker)
    return buffer.getvalue()


def numbered_pdf(
    story: list[Flowable],
    *,
    paper: Paper,
    title: str,
    wide: bool = False,
    page_of: str = ENGLISH.page_of,
) -> bytes:
    """A flowing document with the title and "page N of M" (`page_of`) at the foot of
    every page."""
    register_fonts()
    # The frame's usual 6-point padding keeps table rules clear of the footer.
    template = page_template(paper, wide=wide, padding=6)
    canvasmaker = functools.partial(_NumberedCanvas, footer=title, page_of=page_of)
    return build_pdf(story, [template], title=title, canvasmaker=canvasmaker)


def listing_table(
    data: Sequence[Sequence[str]],
    widths: Sequence[float],
    *,
    right: Sequence[int] = (),
    size: float = 10,
    cell_styles: Sequence[tuple] = (),
) -> LongTable:
    """A list with a bold header row that repeats on every page and shaded alternate rows;
    the columns numbered in `right` are right-aligned (numbers); `cell_styles` come last
    (a cell's own font size)."""
    style = [
        ("FONT", (0, 0), (-1, -1), REGULAR, size, size * 1.2),
        ("FONT", (0, 0), (-1, 0), BOLD, size, size * 1.2),
        ("LINEBELOW", (0, 0), (-1, 0), 1, RULE),
        ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, SHADE]),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("TOPPADDING", (0, 0), (-1, -1), 2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
    ]
    style += [("ALIGN", (column, 0), (column, -1), "RIGHT") for column in right]
    style += cell_styles
    return LongTable(
        list(data), colWidths=list(widths), repeatRows=1, style=TableStyle(style), hAlign="LEFT"
    )
