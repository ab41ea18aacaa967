"""A drive's printouts: a score card per player (the movement, the trump schedule
and a box for the tricks of every hand) and the director's movement sheet.

Rounds not seated yet print blank, to be written in as the winners move: a progressive
movement is known only one round ahead.
"""

from xml.sax.saxutils import escape

from reportlab.platypus import Flowable, PageBreak, Paragraph

from tournaments.printing.document_data import MovementSheetDoc, Paper, ScoreCardDoc
from tournaments.printing.fonts import REGULAR, register_fonts
from tournaments.printing.pages import (
    BODY,
    HEADING,
    flow_width,
    listing_table,
    numbered_pdf,
    title_block,
)
from tournaments.printing.text import long_date, wrapped

SIZE = 10
NARROW = 42.0  # round, hand, table and tricks columns
PADDING = 12.0
BLANK = ""  # a box to write in


def _trumps_line(trumps: tuple[str, ...], hands_per_round: int) -> str:
    first_round = ", ".join(trumps[:hands_per_round])
    return f"Trumps by hand, over the drive: {first_round}, … (hand {len(trumps)}: {trumps[-1]})"


def _card(doc: ScoreCardDoc, width: float) -> list[Flowable]:
    name_column = (width - 4 * NARROW - 70) / 2
    header = ["Round", "Hand", "Trumps", "Table", "Partner", "Opponents", "Tricks"]
    rows = []
    for place in doc.places:
        first = (place.round - 1) * doc.hands_per_round
        for index in range(doc.hands_per_round):
            opening = index == 0
            rows.append(
                [
                    str(place.round) if opening else "",
                    str(first + index + 1),
                    doc.trumps[first + index],
                    str(place.table) if opening and place.table else "",
                    wrapped(place.partner or "", REGULAR, SIZE, name_column - PADDING)
                    if opening
                    else "",
                    wrapped(", ".join(place.opponents), REGULAR, SIZE, name_column - PADDING)
                    if opening
                    else "",
                    BLANK,
                ]
            )
        rows.append(["", "", f"Round {place.round} total", "", "", "", BLANK])
    rows.append(["", "", "Drive total", "", "", "", BLANK])
    widths = [NARROW, NARROW, 70.0, NARROW, name_column, name_column, NARROW]
    subtitle = f"Score card · {doc.player} · {long_date(doc.date)}"
    return [
        *title_block(doc.tournament, subtitle),
        Paragraph(escape(doc.rule), BODY),
        Paragraph(escape(_trumps_line(doc.trumps, doc.hands_per_round)), BODY),
        Paragraph("Tricks", HEADING),
        listing_table([header, *rows], widths, right=[0, 1, 3], size=SIZE),
    ]


def score_cards_pdf(docs: list[ScoreCardDoc], paper: Paper = "letter") -> bytes:
    """One score card a page, in the order given (the view sorts them by name)."""
    register_fonts()
    width = flow_width(paper)
    story: list[Flowable] = []
    for index, doc in enumerate(docs):
        if index:
            story.append(PageBreak())
        story += _card(doc, width)
    title = f"{docs[0].tournament} · score cards" if docs else "Score cards"
    return numbered_pdf(story, paper=paper, title=title)


def movement_sheet_pdf(doc: MovementSheetDoc, paper: Paper = "letter") -> bytes:
    """Every round's tables with the N–S and E–W pairs and their tricks, blank where the
    round is not seated or not played yet."""
    register_fonts()
    width = flow_width(paper)
    pair_column = (width - 3 * NARROW - 60) / 2
    header = ["Table", "N–S (seats 1, 3)", "E–W (seats 2, 4)", "N–S", "E–W", "Winners"]
    widths = [NARROW, pair_column, pair_column, NARROW, NARROW, 60.0]
    story: list[Flowable] = [
        *title_block(doc.tournament, f"Movement sheet · {long_date(doc.date)}"),
        Paragraph(escape(doc.rule), BODY),
        Paragraph(escape(_trumps_line(doc.trumps, doc.hands_per_round)), BODY),
    ]
    for number, tables in enumerate(doc.rounds, start=1):
        rows = []
        for table in tables:
            pairs = [
                wrapped(" & ".join(pair), REGULAR, SIZE, pair_column - PADDING) if pair else ""
                for pair in (table.north_south, table.east_west)
            ]
            tricks = [str(count) for count in table.tricks] if table.tricks else ["", ""]
            winners = ""
            if table.tricks:
                winners = "N–S" if table.tricks[0] >= table.tricks[1] else "E–W"
            rows.append([str(table.number), *pairs, *tricks, winners])
        story += [
            Paragraph(f"Round {number}", HEADING),
            listing_table([header, *rows], widths, right=[0, 3, 4], size=SIZE),
        ]
    return numbered_pdf(story, paper=paper, title=f"{doc.tournament} · movement sheet")
