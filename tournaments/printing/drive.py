"""A drive's printouts: a score card per player (the movement, the trump schedule
and a box for the tricks of every hand) and the director's movement sheet.

Rounds not seated yet print blank, to be written in as the winners move: a progressive
movement is known only one round ahead.
"""

from xml.sax.saxutils import escape

from reportlab.platypus import Flowable, PageBreak, Paragraph

from tournaments.printing.document_data import (
    ENGLISH,
    MovementSheetDoc,
    Paper,
    PrintWords,
    ScoreCardDoc,
)
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


def _trumps_line(trumps: tuple[str, ...], hands_per_round: int, words: PrintWords) -> str:
    first = ", ".join(trumps[:hands_per_round])
    return words.trumps_line % {"first": first, "last": len(trumps), "trumps": trumps[-1]}


def _card(doc: ScoreCardDoc, width: float) -> list[Flowable]:
    words = doc.words
    name_column = (width - 4 * NARROW - 70) / 2
    header = [
        words.round, words.hand, words.trumps, words.table, words.partner, words.opponents,
        words.tricks,
    ]  # fmt: skip
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
        total = words.round_total % {"number": place.round}
        rows.append(["", "", total, "", "", "", BLANK])
    rows.append(["", "", words.drive_total, "", "", "", BLANK])
    widths = [NARROW, NARROW, 70.0, NARROW, name_column, name_column, NARROW]
    subtitle = words.score_card_subtitle % {
        "player": doc.player,
        "date": long_date(doc.date, words),
    }
    return [
        *title_block(doc.tournament, subtitle),
        Paragraph(escape(words.movement_rule), BODY),
        Paragraph(escape(_trumps_line(doc.trumps, doc.hands_per_round, words)), BODY),
        Paragraph(escape(words.tricks), HEADING),
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
    words = docs[0].words if docs else ENGLISH
    title = words.score_cards_title % {"tournament": docs[0].tournament if docs else ""}
    return numbered_pdf(story, paper=paper, title=title, page_of=words.page_of)


def movement_sheet_pdf(doc: MovementSheetDoc, paper: Paper = "letter") -> bytes:
    """Every round's tables with the N–S and E–W pairs and their tricks, blank where the
    round is not seated or not played yet."""
    register_fonts()
    words = doc.words
    width = flow_width(paper)
    pair_column = (width - 3 * NARROW - 60) / 2
    header = [
        words.table, words.north_south_pair, words.east_west_pair, words.north_south,
        words.east_west, words.winners,
    ]  # fmt: skip
    widths = [NARROW, pair_column, pair_column, NARROW, NARROW, 60.0]
    subtitle = words.movement_subtitle % {"date": long_date(doc.date, words)}
    story: list[Flowable] = [
        *title_block(doc.tournament, subtitle),
        Paragraph(escape(words.movement_rule), BODY),
        Paragraph(escape(_trumps_line(doc.trumps, doc.hands_per_round, words)), BODY),
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
                north_south_won = table.tricks[0] >= table.tricks[1]
                winners = words.north_south if north_south_won else words.east_west
            rows.append([str(table.number), *pairs, *tricks, winners])
        story += [
            Paragraph(escape(words.round_number % {"number": number}), HEADING),
            listing_table([header, *rows], widths, right=[0, 3, 4], size=SIZE),
        ]
    title = words.movement_title % {"tournament": doc.tournament}
    return numbered_pdf(story, paper=paper, title=title, page_of=words.page_of)
