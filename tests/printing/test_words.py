"""The printed documents say what the site hands them in `words` (translated there, since
this package imports no Django), and English only by default."""

import dataclasses
import datetime

from tests.printing.samples import URL, filled_sheet, seats, words
from tournaments.printing import (
    PrintWords,
    SeatingDoc,
    SeatingTable,
    TableCard,
    TableDoc,
    score_sheets_pdf,
    seating_pdf,
    table_cards_pdf,
    table_pdf,
)

# Each English default made recognisable: "Page %(page)s of %(pages)s" → "«Page %(page)s of
# %(pages)s»", so every phrase shows whether it came from here.
MARKED = PrintWords(
    **{name: f"«{value}»" for name, value in dataclasses.asdict(PrintWords()).items()}
)


def test_a_filled_score_sheet_prints_the_given_words():
    text = words(score_sheets_pdf([filled_sheet(judge_url=URL, words=MARKED)]))
    for phrase in (
        "«Table 7»",
        "«Round 3»",
        "«Final count»",
        "«Sum of final counts»",
        "«Total must equal 400»",
        "«Counts confirmed by Jan Novák»",
        "«Judge: scan to record hands»",
        "«Judge»",
        "«Šárka Kříž · seat 1»",
    ):
        assert phrase in text
    assert "«Score sheet · SPJST Tarock · " in text


def test_the_seating_list_table_cards_and_a_ranked_table_print_the_given_words():
    seating = SeatingDoc(
        "Open",
        datetime.date(2026, 3, 14),
        3,
        (SeatingTable(1, seats()),),
        byes=("Ludmila Černá",),
        words=MARKED,
    )
    text = words(seating_pdf(seating))
    for phrase in ("«By table»", "«Players A–Z»", "«Byes this round»", "«Seat 1»", "«bye»"):
        assert phrase in text
    assert "«Page 1 of 2»" in text
    cards = words(table_cards_pdf([TableCard("Open", 3, 1, seats(), URL, words=MARKED)]))
    assert "«Round 3»" in cards and "«Table»" in cards
    ranked = TableDoc("Standings", "after round 3", ("Place",), ((1,),), words=MARKED)
    assert "«Page 1 of 1»" in words(table_pdf(ranked))


def test_a_printed_date_is_in_the_readers_language():
    import datetime

    from django.utils import translation

    from tournaments.printed_words import print_words
    from tournaments.printing.text import long_date

    with translation.override("cs"):
        czech = long_date(datetime.date(2026, 11, 28), print_words())
    assert "sobota" in czech and "listopadu" in czech and "2026" in czech
    assert long_date(datetime.date(2026, 11, 28)) == "Saturday 28 November 2026"
