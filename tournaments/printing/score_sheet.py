"""Score sheets, one page a table: the header, the grid of hands, the total the counts must
reach, and signature lines for the players and the judge, with the judge's QR code.

A table of five needs the width of a landscape page; the rest print in portrait. The hand
rows take whatever height the page has left, up to a comfortable size, so a sheet of 30
hands still fits; `KeepInFrame` shrinks the page as a last resort rather than let a sheet
run onto a second page.
"""

from collections.abc import Sequence
from xml.sax.saxutils import escape

from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import cm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import (
    Flowable,
    KeepInFrame,
    NextPageTemplate,
    PageBreak,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

from tournaments.printing.amounts import format_amount
from tournaments.printing.document_data import Paper, PrintError, ScoreSheetDoc
from tournaments.printing.fonts import BOLD, REGULAR, register_fonts
from tournaments.printing.pages import NO_PADDING, RULE, build_pdf, frame_size, page_template
from tournaments.printing.qr import QrCode
from tournaments.printing.score_grid import CHROME_HEIGHT, grid_table
from tournaments.printing.text import FittedText, fit_text, long_date

# Blank rows leave room to write in; printed rows need only their text.
PREFERRED_ROW = {False: 26.0, True: 20.0}
MIN_ROW = 8.0
GAP = 8.0
QR_SIZE = 2.8 * cm  # the code itself; phones read 2.5 cm and up from a table's width away
QR_COLUMN = 3.8 * cm
SIGN_SPACE, SIGN_LABEL, SIGN_COLUMNS, SIGN_GAP = 26.0, 18.0, 3, 12.0
# The totals line: the rule and the sum's label take at least these, more when their
# words need it; reportlab pads a cell 6 points a side (the rule's left side is 0).
RULE_COLUMN, LABEL_COLUMN, TOTAL_COLUMN, VERDICT_COLUMN = 4.7 * cm, 3.2 * cm, 2.2 * cm, 2.5 * cm
TOTALS_PADDING = 6.0
SMALL = ParagraphStyle("small", fontName=REGULAR, fontSize=7, leading=8.5)
CAPTION = ParagraphStyle("caption", parent=SMALL, alignment=TA_CENTER)


def is_wide(doc: ScoreSheetDoc) -> bool:
    """Five seats (ten number columns) need a landscape page."""
    return len(doc.seats) >= 5


def sheet_header(doc: ScoreSheetDoc, width: float) -> Table:
    """Tournament, ruleset and date on the left; table and round, large, on the right."""
    right = 5 * cm
    title = fit_text(doc.tournament, BOLD, width - right, max_lines=2, largest=16, smallest=10)
    words = doc.words
    about = words.score_sheet_about % {"ruleset": doc.ruleset, "date": long_date(doc.date, words)}
    subtitle = fit_text(about, REGULAR, width - right, max_lines=1, largest=10, smallest=7)
    style = [
        ("FONT", (0, 0), (0, 0), BOLD, title.size, title.size * 1.2),
        ("FONT", (1, 0), (1, 0), BOLD, 20, 22),
        ("FONT", (0, 1), (0, 1), REGULAR, subtitle.size, subtitle.size * 1.2),
        ("FONT", (1, 1), (1, 1), BOLD, 12, 14),
        ("ALIGN", (1, 0), (1, -1), "RIGHT"),
        ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
        ("LINEBELOW", (0, -1), (-1, -1), 1.5, RULE),
        *NO_PADDING,
    ]
    data = [
        [title.text, words.table_number % {"number": doc.table}],
        [subtitle.text, words.round_number % {"number": doc.round}],
    ]
    return Table(data, colWidths=[width - right, right], style=TableStyle(style))


def total_verdict(doc: ScoreSheetDoc) -> tuple[str, str]:
    """The sum of the final counts and what it says about the sheet; blanks to write in
    while the counts are not known."""
    if doc.counts is None:
        return "", ""
    total = sum(doc.counts)
    expected = doc.table_total
    if expected is None:  # written scores: the sum of the start and every recorded hand
        expected = doc.start * len(doc.seats) + sum(
            sum(hand.deltas) for hand in doc.hands if not hand.deleted
        )
    if total == expected:
        return format_amount(total), "✓"
    off = format_amount(total - expected, signed=True)
    return format_amount(total), doc.words.off_by % {"amount": off}


def totals_line(doc: ScoreSheetDoc, width: float) -> Table:
    """ "Total must equal 400", the sum of the counts (or a box for it) and what it says;
    under it, who confirmed the counts."""
    total, verdict = total_verdict(doc)
    words = doc.words
    rule = (
        words.total_must_equal % {"total": doc.table_total}
        if doc.table_total is not None
        else words.counts_are_sums
    )
    (rule_text, label_text), widths = _measured_labels(rule, words.sum_of_counts, width)
    data = [[rule_text.text, label_text.text, total, verdict]]
    style = [
        ("FONT", (0, 0), (-1, -1), REGULAR, 9, 11),
        ("FONT", (0, 0), (0, 0), BOLD, rule_text.size, rule_text.size * 1.2),
        ("FONT", (1, 0), (1, 0), REGULAR, label_text.size, label_text.size * 1.2),
        ("FONT", (2, 0), (3, 0), BOLD, 11, 13),
        ("ALIGN", (1, 0), (2, 0), "RIGHT"),
        ("BOX", (2, 0), (2, 0), 1.2, RULE),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LEFTPADDING", (0, 0), (0, -1), 0),
    ]
    lines = max(len(rule_text.lines), len(label_text.lines))
    heights = [22 if lines == 1 else lines * 11 + 4]
    if doc.confirmed_by:
        data.append([words.counts_confirmed_by % {"name": doc.confirmed_by}, "", "", ""])
        style += [("SPAN", (0, 1), (-1, 1)), ("FONT", (0, 1), (-1, 1), REGULAR, 8, 9.5)]
        heights.append(13)
    return Table(data, colWidths=widths, rowHeights=heights, style=TableStyle(style), hAlign="LEFT")


def _measured_labels(
    rule: str, label: str, width: float
) -> tuple[tuple[FittedText, FittedText], list[float]]:
    """The rule ("Total must equal 400") and the label of the sum, each measured in its
    own font before it is drawn, so that no translation runs into the next cell; the
    column widths that hold them (the rule's, the label's, the total's, the verdict's)."""
    pad = TOTALS_PADDING
    rule_width = max(RULE_COLUMN, stringWidth(rule, BOLD, 10) + pad)
    label_width = max(LABEL_COLUMN, stringWidth(label, REGULAR, 9) + 2 * pad)
    room = width - TOTAL_COLUMN - VERDICT_COLUMN
    if rule_width + label_width > room:  # a long translation: share the room and wrap
        rule_width, label_width = room * 0.55, room * 0.45
    fitted = (
        fit_text(rule, BOLD, rule_width - pad, max_lines=2, largest=10, smallest=7),
        fit_text(label, REGULAR, label_width - 2 * pad, max_lines=2, largest=9, smallest=6.5),
    )
    rest = width - rule_width - label_width - TOTAL_COLUMN
    return fitted, [rule_width, label_width, TOTAL_COLUMN, rest]


def _signature_rows(
    labels: Sequence[str], columns: int, width: float
) -> tuple[list[list[str]], list[tuple]]:
    """Rows of blank space over labelled lines, `columns` signatures to a row."""
    rows: list[list[str]] = []
    style: list[tuple] = []
    for start in range(0, len(labels), columns):
        texts = [
            fit_text(label, REGULAR, width, max_lines=2, largest=8, smallest=6)
            for label in labels[start : start + columns]
        ]
        cells = [""] * (2 * columns - 1)
        for index, text in enumerate(texts):
            cell = (2 * index, len(rows) + 1)
            cells[2 * index] = text.text
            style += [
                ("LINEABOVE", cell, cell, 0.8, RULE),
                ("FONT", cell, cell, REGULAR, text.size, text.size * 1.15),
            ]
        rows += [[""] * (2 * columns - 1), cells]
    return rows, style


def signature_lines(doc: ScoreSheetDoc, width: float) -> Table:
    """A line to sign for each player (name and seat under it) and one for the judge: all
    in one row on a landscape page, three to a row in portrait."""
    words = doc.words
    labels = [words.signature % {"name": seat.name, "seat": seat.number} for seat in doc.seats] + [
        words.judge
    ]
    columns = len(labels) if is_wide(doc) else SIGN_COLUMNS
    column = (width - (columns - 1) * SIGN_GAP) / columns
    rows, style = _signature_rows(labels, columns, column)
    widths = [column if index % 2 == 0 else SIGN_GAP for index in range(2 * columns - 1)]
    heights = [SIGN_SPACE, SIGN_LABEL] * (len(rows) // 2)
    style += [("VALIGN", (0, 0), (-1, -1), "TOP"), *NO_PADDING]
    return Table(rows, colWidths=widths, rowHeights=heights, style=TableStyle(style))


def sheet_footer(doc: ScoreSheetDoc, width: float) -> Flowable:
    """The total line and the signatures; with a judge's link, its QR code beside them."""
    if doc.judge_url is None:
        parts = [[totals_line(doc, width)], [signature_lines(doc, width)]]
        return Table(parts, style=TableStyle(NO_PADDING))
    left = width - QR_COLUMN - GAP
    words = doc.words
    link = Paragraph(escape(words.judge_page) % {"url": escape(doc.judge_url)}, SMALL)
    code = [QrCode(doc.judge_url, QR_SIZE), Paragraph(escape(words.judge_scan), CAPTION)]
    content = [[[totals_line(doc, left), signature_lines(doc, left), Spacer(1, 4), link], "", code]]
    style = [("VALIGN", (0, 0), (-1, -1), "TOP"), ("TOPPADDING", (0, 0), (-1, -1), 0), *NO_PADDING]
    return Table(content, colWidths=[left, GAP, QR_COLUMN], style=TableStyle(style))


def hand_row_height(doc: ScoreSheetDoc, free: float) -> float:
    """The height each hand row gets from the `free` points the grid may use."""
    share = (free - CHROME_HEIGHT) / doc.rows
    return max(MIN_ROW, min(PREFERRED_ROW[doc.filled], share))


def sheet_story(doc: ScoreSheetDoc, paper: Paper) -> Flowable:
    """One sheet laid out to fill its page."""
    width, height = frame_size(paper, wide=is_wide(doc))
    top, bottom = sheet_header(doc, width), sheet_footer(doc, width)
    used = sum(part.wrap(width, height)[1] for part in (top, bottom)) + 2 * GAP
    grid = grid_table(doc, width, hand_row_height(doc, height - used))
    parts = [top, Spacer(1, GAP), grid, Spacer(1, GAP / 2), bottom]
    # A hair under the frame: a flowable exactly as tall as the frame can be bumped.
    return KeepInFrame(width, height - 1, parts, mode="shrink")


def _template_name(wide: bool) -> str:
    return "landscape" if wide else "portrait"


def score_sheets_pdf(sheets: Sequence[ScoreSheetDoc], paper: Paper = "letter") -> bytes:
    """One page for each sheet, in the order given, landscape where a sheet needs it."""
    if not sheets:
        raise PrintError(f"sheets is empty: {sheets!r}")
    register_fonts()
    first = is_wide(sheets[0])
    templates = [
        page_template(paper, wide=wide, name=_template_name(wide)) for wide in (first, not first)
    ]
    story: list[Flowable] = []
    for index, sheet in enumerate(sheets):
        if index:
            story += [NextPageTemplate(_template_name(is_wide(sheet))), PageBreak()]
        story.append(sheet_story(sheet, paper))
    first_sheet = sheets[0]
    title = first_sheet.words.score_sheets_title % {
        "tournament": first_sheet.tournament,
        "round": first_sheet.round,
    }
    return build_pdf(story, templates, title=title)
