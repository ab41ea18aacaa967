"""Text measured before it is drawn: names at eight seats whole, the totals line's labels
apart in Slovenian, and the Czech filled sheet with its accents and hlášky."""

import datetime

import pytest
from django.utils import translation
from reportlab.pdfbase.pdfmetrics import getFont

from scoring.rulesets import cz_three, cz_xix
from scoring.translate import say
from tests.printing.samples import filled_sheet, page_texts, placed_text, reader, seats
from tournaments.printing import (
    PrintWords,
    SeatingDoc,
    SeatingTable,
    SheetHand,
    score_sheets_pdf,
    seating_pdf,
)
from tournaments.printing.fonts import REGULAR, register_fonts

EIGHT = (
    "Žiga Šuštaršič", "Špela Zupančič-Kovačević", "Nejc Brezovšek", "Urška Hribernik",
    "Blaž Štrukelj", "Tjaša Vrhovnik", "Rok Podlogar", "Maja Kokošinek",
)  # fmt: skip


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_eight_seats_print_every_name_whole_never_split_mid_word(paper):
    doc = SeatingDoc("Open", datetime.date(2026, 11, 28), 1, (SeatingTable(1, seats(EIGHT)),))
    by_table = page_texts(seating_pdf(doc, paper=paper))[0]
    # A name may wrap at its space or after its hyphen, never inside a word.
    printed = by_table.replace("-\n", "-").split()
    for name in EIGHT:
        for part in name.replace("-", "- ").split():
            assert any(part.rstrip("-") in token for token in printed), (part, by_table)
    assert "Šuštarši\n" not in by_table


def _same_row(placed, first: str, second: str):
    (a,) = [piece for piece in placed if piece[0] == first]
    (b,) = [piece for piece in placed if piece[0] == second]
    assert abs(a[2] - b[2]) < 3  # on one line of the page
    return a, b


def test_the_slovenian_totals_line_is_measured_so_its_labels_do_not_overlap():
    slovenian = PrintWords(
        counts_are_sums="Stanja = vsote stolpcev", sum_of_counts="Vsota končnih stanj"
    )
    pdf = score_sheets_pdf([filled_sheet(table_total=None, words=slovenian)], paper="a4")
    rule, label = _same_row(
        placed_text(reader(pdf).pages[0]), "Stanja = vsote stolpcev", "Vsota končnih stanj"
    )
    assert rule[1] + rule[4] + 4 <= label[1], (rule, label)


def test_a_very_long_totals_label_wraps_inside_its_cell():
    long_words = PrintWords(
        counts_are_sums="Stanja na koncu so vsote vseh stolpcev posameznih igralcev",
        sum_of_counts="Vsota vseh končnih stanj vseh igralcev za mizo",
    )
    pdf = score_sheets_pdf([filled_sheet(table_total=None, words=long_words)], paper="a4")
    placed = placed_text(reader(pdf).pages[0])
    rule = [p for p in placed if p[0] and "Stanja".startswith(p[0][:6])]
    label = [p for p in placed if p[0].startswith("Vsota vseh")]
    assert rule and label
    assert max(p[1] + p[4] for p in rule) + 4 <= label[0][1]


def test_dejavu_has_every_czech_and_slovenian_letter():
    register_fonts()
    face = getFont(REGULAR).face
    for letter in "áčďéěíňóřšťúůýžÁČĎÉĚÍŇÓŘŠŤÚŮÝŽćđĆĐ–−":
        assert ord(letter) in face.charToGlyph, letter


def test_the_czech_filled_sheet_writes_the_contracts_with_accents_and_the_hlasky():
    hands = [
        cz_xix.summary(
            {"contract": "prvni", "declarer": 1, "partner": 3, "declarer_points": 41,
             "hlasky": [{"seat": 2, "kind": "honery"}, {"seat": 1, "kind": "tarocky"}]}
        ),
        cz_three.summary(
            {"contract": "druha", "declarer": 2, "declarer_points": 40,
             "bonuses": [{"kind": "pagat", "side": "declarer", "announced": False, "won": True}]}
        ),
        cz_three.summary({"contract": "varsava", "declarer": 1}),
    ]  # fmt: skip
    with translation.override("cs"):
        summaries = [say(summary) for summary in hands]
    assert summaries[0] == "První 1+3: 41, Honéry (2), Taročky (1)"
    sheet = filled_sheet(
        hands=tuple(
            SheetHand(number, summary, (0, 0, 0, 0))
            for number, summary in enumerate(summaries, start=1)
        )
    )
    printed = " ".join(page_texts(score_sheets_pdf([sheet], paper="a4"))[0].split())
    for expected in ("První 1+3: 41", "Honéry (2)", "Taročky (1)", "Druhá 2: 40", "Pagát"):
        assert expected in printed
    assert "Varšava 1" in printed
    assert "Prvni" not in printed and "Druha" not in printed and "Varsava" not in printed
