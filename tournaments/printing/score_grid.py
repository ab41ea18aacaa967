"""The grid of a score sheet: for each seat a pair of columns (what the hand moved, and the
running count), a row per hand, the start above the hands and the final count below.

On a blank sheet the cells are empty boxes for the judge's pen; on a filled sheet they
carry the recorded hands. Row heights are fixed so the sheet can be laid out to fill its
page exactly (see `score_sheet.hand_row_height`).
"""

from collections.abc import Sequence

from reportlab.lib import colors
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Table, TableStyle

from tournaments.printing.amounts import format_amount
from tournaments.printing.document_data import Amount, ScoreSheetDoc
from tournaments.printing.fonts import BOLD, REGULAR
from tournaments.printing.pages import RULE, SHADE
from tournaments.printing.text import FittedText, fit_text

NUMBER_COLUMN = 20.0
MIN_SUMMARY = 120.0
# A blank sheet leaves room for handwritten numbers; printed ones need less.
SEAT_WIDTH = {False: 96.0, True: 80.0}
NAME_ROW, LABEL_ROW, START_ROW, FINAL_ROW = 34.0, 12.0, 14.0, 24.0
CHROME_HEIGHT = NAME_ROW + LABEL_ROW + START_ROW + FINAL_ROW
HEAD_ROWS = 3  # names, column labels, start
PADDING = 3.0
GRID = colors.Color(0.6, 0.6, 0.6)


def running_counts(
    start: Amount, deltas: Sequence[Sequence[Amount]]
) -> tuple[tuple[Amount, ...], ...]:
    """Each seat's count after each hand.

    >>> running_counts(100, [(3, -3, 0, 0), (-6, 2, 2, 2)])
    ((103, 97, 100, 100), (97, 99, 102, 102))
    """
    counts: list[tuple[Amount, ...]] = []
    for hand in deltas:
        previous = counts[-1] if counts else (start,) * len(hand)
        counts.append(tuple(count + delta for count, delta in zip(previous, hand, strict=True)))
    return tuple(counts)


def column_widths(doc: ScoreSheetDoc, width: float) -> list[float]:
    """The hand number, the summary (what is left), then (amount, count) for each seat."""
    seats = len(doc.seats)
    seat = min(SEAT_WIDTH[doc.filled], (width - NUMBER_COLUMN - MIN_SUMMARY) / seats)
    summary = width - NUMBER_COLUMN - seats * seat
    return [NUMBER_COLUMN, summary, *[seat * 0.45, seat * 0.55] * seats]


def hand_font_size(row_height: float) -> float:
    """Printed hands shrink with their rows, in half points from 9 down to a readable 6."""
    return max(6.0, min(9.0, round(row_height * 1.2) / 2))


def _per_seat(values: Sequence[str], other: str = "") -> list[str]:
    """One value a seat into the seat's first column, `other` into its second."""
    return [cell for value in values for cell in (value, other)]


def _rows(
    doc: ScoreSheetDoc, names: Sequence[FittedText], summaries: Sequence[FittedText]
) -> list[list[str]]:
    seats = len(doc.seats)
    words = doc.words
    rows = [
        [words.hand_number, words.hand, *_per_seat([name.text for name in names])],
        ["", "", *[words.amount, words.count] * seats],
        ["", words.start, *[cell for _ in range(seats) for cell in ("", format_amount(doc.start))]],
    ]
    if doc.filled:
        moved = [(0,) * seats if hand.deleted else hand.deltas for hand in doc.hands]
        counts = running_counts(doc.start, moved)
        for hand, summary, after in zip(doc.hands, summaries, counts, strict=True):
            if hand.deleted:
                rows.append([str(hand.number), summary.text, *["—", ""] * seats])
                continue
            amounts = [format_amount(delta, signed=True) for delta in hand.deltas]
            totals = [format_amount(count) for count in after]
            cells = [cell for pair in zip(amounts, totals, strict=True) for cell in pair]
            rows.append([str(hand.number), summary.text, *cells])
    else:
        rows += [[str(number), *[""] * (1 + 2 * seats)] for number in range(1, doc.rows + 1)]
    finals = [format_amount(count) for count in doc.counts] if doc.counts else [""] * seats
    rows.append(["", words.final_count, *_per_seat(finals)])
    return rows


def fit_name(name: str, width: float) -> FittedText:
    """A player's name over their pair of columns: one line down to 7.5 points reads better
    than two at 9; a longer name takes up to three lines, down to 6 points."""
    if stringWidth(name, BOLD, 7.5) <= width:
        return fit_text(name, BOLD, width, max_lines=1, largest=9, smallest=7.5)
    return fit_text(name, BOLD, width, max_lines=3, largest=9, smallest=6)


def fit_names(doc: ScoreSheetDoc, widths: Sequence[float]) -> tuple[FittedText, ...]:
    """Every player's name fitted over the first seat's pair of columns (all are alike)."""
    width = widths[2] + widths[3] - 2 * PADDING
    return tuple(fit_name(seat.name, width) for seat in doc.seats)


def _seat_styles(seats: int, last: int) -> list[tuple]:
    """Each seat's name and final count span its two columns; a heavier rule between seats
    and a tint on the running counts keep a seat's numbers together."""
    style: list[tuple] = []
    for seat in range(seats):
        amount, count = 2 + 2 * seat, 3 + 2 * seat
        style += [
            ("SPAN", (amount, 0), (count, 0)),
            ("SPAN", (amount, last), (count, last)),
            ("LINEBEFORE", (amount, 0), (amount, -1), 1.2, RULE),
            ("BACKGROUND", (count, 2), (count, last - 1), SHADE),
        ]
    return style


def _base_style(font_size: float, last: int) -> list[tuple]:
    leading = font_size * 1.15
    return [
        ("FONT", (0, 0), (-1, -1), REGULAR, font_size, leading),
        ("FONT", (0, 0), (-1, 1), BOLD, 8, 9.5),
        ("FONT", (1, 2), (-1, 2), REGULAR, 9, 10.5),
        ("FONT", (0, last), (-1, last), BOLD, 11, 13),
        ("FONT", (1, last), (1, last), BOLD, 9, 10.5),
        ("SPAN", (0, 0), (0, 1)),
        ("SPAN", (1, 0), (1, 1)),
        ("GRID", (0, 0), (-1, -1), 0.4, GRID),
        ("BOX", (0, 0), (-1, -1), 1.2, RULE),
        ("LINEBELOW", (0, 2), (-1, 2), 1.2, RULE),
        ("LINEABOVE", (0, last), (-1, last), 1.2, RULE),
        ("ALIGN", (0, 0), (-1, 1), "CENTER"),
        ("ALIGN", (0, 2), (0, -1), "RIGHT"),
        ("ALIGN", (2, 2), (-1, -1), "RIGHT"),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LEFTPADDING", (0, 0), (-1, -1), PADDING),
        ("RIGHTPADDING", (0, 0), (-1, -1), PADDING),
        ("TOPPADDING", (0, 0), (-1, -1), 1),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
    ]


def _fitted_styles(names: Sequence[FittedText], summaries: Sequence[FittedText]) -> list[tuple]:
    """Each name and summary at the size it was fitted at."""
    style = [
        ("FONT", (2 + 2 * index, 0), (2 + 2 * index, 0), BOLD, fitted.size, fitted.size * 1.15)
        for index, fitted in enumerate(names)
    ]
    style += [
        (
            "FONT",
            (1, HEAD_ROWS + row),
            (1, HEAD_ROWS + row),
            REGULAR,
            fitted.size,
            fitted.size * 1.1,
        )
        for row, fitted in enumerate(summaries)
    ]
    return style


def fit_summaries(doc: ScoreSheetDoc, column: float, row_height: float) -> tuple[FittedText, ...]:
    """Each recorded hand's summary fitted to its cell: two lines where the row has room."""
    size = hand_font_size(row_height)
    lines = 2 if row_height >= 2 * size * 1.1 + 2 else 1
    width = column - 2 * PADDING
    return tuple(
        fit_text(
            hand.summary, REGULAR, width, max_lines=lines, largest=size, smallest=min(size, 5.5)
        )
        for hand in doc.hands
    )


def grid_table(doc: ScoreSheetDoc, width: float, row_height: float) -> Table:
    """The sheet's grid, `width` wide, with hand rows `row_height` tall."""
    widths = column_widths(doc, width)
    names = fit_names(doc, widths)
    summaries = fit_summaries(doc, widths[1], row_height)
    last = HEAD_ROWS + doc.rows
    style = _base_style(hand_font_size(row_height), last) + _seat_styles(len(doc.seats), last)
    heights = [NAME_ROW, LABEL_ROW, START_ROW, *[row_height] * doc.rows, FINAL_ROW]
    return Table(
        _rows(doc, names, summaries),
        colWidths=widths,
        rowHeights=heights,
        style=TableStyle(style + _fitted_styles(names, summaries)),
    )
