"""Ranked tables (standings, leaderboards): numbers right-aligned, the header on every page."""

from decimal import Decimal

import pytest
from reportlab.lib.pagesizes import LETTER

from tests.printing.samples import page_texts, placed_text, reader
from tournaments.printing import PrintError, TableDoc, table_pdf
from tournaments.printing.ranked_table import numeric_columns

COLUMNS = ("Rank", "Player", "Club", "Money", "Chips")


def standings(players: int) -> TableDoc:
    rows = tuple(
        (rank, f"Player {rank} Dvořák", "Lodge 88", Decimal(rank * 25) / 100 - 10, 400 - rank)
        for rank in range(1, players + 1)
    )
    return TableDoc("Standings after round 3", "SPJST Tarock Open — Ennis 2026", COLUMNS, rows)


def test_300_rows_span_several_pages_with_the_header_on_each():
    pages = page_texts(table_pdf(standings(300)))
    assert len(pages) >= 5
    for number, page in enumerate(pages, start=1):
        assert "Rank\nPlayer\nClub\nMoney\nChips\n" in page
        assert f"Page {number} of {len(pages)}" in page
    assert "Player 300 Dvořák" in pages[-1]


def test_amounts_have_a_real_minus_sign_and_no_trailing_zeros():
    printed = "".join(page_texts(table_pdf(standings(300))))
    assert "1\nPlayer 1 Dvořák\nLodge 88\n−9.75\n399\n" in printed
    assert "\n−9.5\n" in printed and "−9.50" not in printed
    assert "Player 40 Dvořák\nLodge 88\n0\n360\n" in printed
    assert "Player 300 Dvořák\nLodge 88\n65\n100\n" in printed


def test_numbers_are_right_aligned():
    page = reader(table_pdf(standings(20))).pages[0]
    chips = [
        (x + width)
        for text, x, _, _, width in placed_text(page)
        if text.isdigit() and int(text) > 300
    ]
    assert max(chips) - min(chips) == pytest.approx(0, abs=0.01)


def test_a_column_is_numeric_when_all_its_filled_cells_are_numbers():
    doc = TableDoc(
        "T", "S", ("A", "B", "C", "D"), ((1, "x", None, Decimal(1)), (None, "y", None, 2))
    )
    assert numeric_columns(doc) == (True, False, False, True)
    assert numeric_columns(TableDoc("T", "S", ("A",), ((1,),), numeric=(False,))) == (False,)


def test_a_missing_value_prints_as_a_dash():
    doc = TableDoc("T", "S", ("Player", "Points"), (("Anna", None), ("Jiří", 3)))
    assert "Anna\n–\n" in page_texts(table_pdf(doc))[0]


def test_a_narrow_table_stays_portrait_and_a_wide_one_turns():
    assert float(reader(table_pdf(standings(5))).pages[0].mediabox.width) == pytest.approx(
        LETTER[0]
    )
    columns = ("Player", *[f"Round {number}" for number in range(1, 13)], "Total")
    rows = (("Šárka Kříž", *[Decimal("-123.5")] * 12, 1000),)
    wide = reader(table_pdf(TableDoc("Season", "All rounds", columns, rows))).pages[0]
    assert float(wide.mediabox.width) == pytest.approx(LETTER[1])


def test_a_row_of_the_wrong_length_is_refused():
    with pytest.raises(PrintError, match=r"row 1 has 1 cells for 2 columns: \('Jiří',\)"):
        TableDoc("T", "S", ("Player", "Points"), (("Anna", 1), ("Jiří",)))
