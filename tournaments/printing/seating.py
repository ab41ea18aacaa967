"""The seating list posted for a round: every table with its players in seat order, then
every player A–Z with their table and seat (on a page of its own, to post beside it),
then who has a bye."""

from collections.abc import Callable, Iterator
from xml.sax.saxutils import escape

from reportlab.platypus import Flowable, LongTable, PageBreak, Paragraph

from clubs.collation import collation_key
from tournaments.printing.document_data import Paper, SeatingDoc
from tournaments.printing.fonts import REGULAR, register_fonts
from tournaments.printing.pages import (
    BODY,
    HEADING,
    flow_width,
    listing_table,
    numbered_pdf,
    title_block,
)
from tournaments.printing.text import fit_text, long_date, wrapped

SIZE = 11  # read standing, from a step back
TABLE_COLUMN = 50.0
NUMBER_COLUMN = 55.0
PADDING = 12.0  # a cell's left and right padding together


def by_table(doc: SeatingDoc, width: float) -> LongTable:
    """One row a table: its number, then the players in seat order."""
    seats = max((len(table.seats) for table in doc.tables), default=4)
    column = (width - TABLE_COLUMN) / seats
    words = doc.words
    header = [words.table, *[words.seat_number % {"seat": n} for n in range(1, seats + 1)]]
    rows: list[list[str]] = [header]
    sizes: list[tuple] = []
    for row, table in enumerate(doc.tables, start=1):
        # Eight seats leave about 50 points a name: a long surname shrinks to fit rather
        # than break mid-word ("Šuštarši/č").
        names = [
            fit_text(seat.name, REGULAR, column - PADDING, max_lines=3, largest=SIZE, smallest=7)
            for seat in table.seats
        ]
        rows.append([str(table.number), *[name.text for name in names]])
        sizes += [
            ("FONT", (seat, row), (seat, row), REGULAR, name.size, name.size * 1.2)
            for seat, name in enumerate(names, start=1)
            if name.size != SIZE
        ]
    widths = [TABLE_COLUMN, *[column] * seats]
    return listing_table(rows, widths, right=[0], size=SIZE, cell_styles=sizes)


def placements(doc: SeatingDoc) -> Iterator[tuple[str, str, str]]:
    """Every player with their table and seat; a player with a bye gets "bye"."""
    for table in doc.tables:
        for seat in table.seats:
            yield seat.name, str(table.number), str(seat.number)
    for name in doc.byes:
        yield name, doc.words.bye, ""


def _reading_order(doc: SeatingDoc) -> Callable[[tuple[str, str, str]], tuple]:
    """The by-player list's order: the caller's (by surname, the reader's language), else
    the names A–Z as written."""
    position = {name: index for index, name in enumerate(doc.order)}
    language = doc.words.language
    if not position:
        return lambda row: collation_key(row[0], language)
    return lambda row: (position.get(row[0], len(position)), collation_key(row[0], language))


def by_player(doc: SeatingDoc, width: float) -> LongTable:
    """One row a player, A–Z as a Czech or Slovenian reader looks for a name."""
    column = width - 2 * NUMBER_COLUMN
    rows = [
        [wrapped(name, REGULAR, SIZE, column - PADDING), table, seat]
        for name, table, seat in sorted(placements(doc), key=_reading_order(doc))
    ]
    header = [doc.words.player, doc.words.table, doc.words.seat]
    return listing_table(
        [header, *rows], [column, NUMBER_COLUMN, NUMBER_COLUMN], right=[1, 2], size=SIZE
    )


def seating_pdf(doc: SeatingDoc, paper: Paper = "letter") -> bytes:
    """The round's seating: by table, then by player A–Z on a new page, then the byes."""
    register_fonts()  # the names are measured before the document is built
    width = flow_width(paper)
    words = doc.words
    subtitle = words.seating_subtitle % {"round": doc.round, "date": long_date(doc.date, words)}
    story: list[Flowable] = [
        *title_block(doc.tournament, subtitle),
        Paragraph(escape(words.by_table), HEADING),
        by_table(doc, width),
        PageBreak(),
        *title_block(doc.tournament, subtitle),
        Paragraph(escape(words.players_a_z), HEADING),
        by_player(doc, width),
    ]
    if doc.byes:
        names = ", ".join(
            escape(name)
            for name in sorted(doc.byes, key=lambda name: collation_key(name, words.language))
        )
        story += [Paragraph(escape(words.byes), HEADING), Paragraph(names, BODY)]
    title = words.seating_title % {"tournament": doc.tournament, "round": doc.round}
    return numbered_pdf(story, paper=paper, title=title, page_of=words.page_of)
