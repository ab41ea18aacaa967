"""Table cards: a big table number, the seats, the judge's QR code; two to a page."""

import pytest
from reportlab.lib.units import cm

from tests.printing.samples import LONG_NAMES, NAMES, URL, forms, page_texts, reader, seats, words
from tournaments.printing import PrintError, TableCard, table_cards_pdf


def card(table: int, **changes) -> TableCard:
    values = {
        "tournament": "SPJST Tarock Open — Ennis 2026",
        "round": 3,
        "table": table,
        "seats": seats(),
    }
    return TableCard(**values | changes)


def test_a_card_shows_the_table_number_round_and_players_by_seat():
    (page,) = page_texts(table_cards_pdf([card(12)]))
    assert "Table\n12\n" in page and "Round 3" in page
    for number, name in enumerate(NAMES, start=1):
        assert f"{number}\n{name}\n" in page


def test_two_cards_go_on_a_page():
    pages = page_texts(table_cards_pdf([card(table) for table in range(1, 6)]))
    assert len(pages) == 3
    assert "Table\n1\n" in pages[0] and "Table\n2\n" in pages[0] and "Table\n5\n" in pages[2]


def test_each_card_with_a_judge_link_carries_its_own_qr_code_4_cm_wide():
    pdf = table_cards_pdf([card(1, judge_url=URL + "1"), card(2, judge_url=URL + "2")])
    codes = forms(reader(pdf).pages[0])
    assert len(codes) == 2
    for code in codes.values():
        left, bottom, right, top = (float(value) for value in code["/BBox"])
        assert right - left == top - bottom == pytest.approx(4 * cm)
    assert "Judge: scan to record hands" in page_texts(pdf)[0]


def test_a_card_without_a_judge_link_has_no_code():
    assert forms(reader(table_cards_pdf([card(1)])).pages[0]) == {}


def test_five_long_names_fit_on_a_card():
    pdf = table_cards_pdf([card(1, seats=seats(LONG_NAMES), judge_url=URL)], paper="a4")
    assert len(reader(pdf).pages) == 1
    for name in LONG_NAMES:
        assert name in words(pdf)


def test_no_cards_is_refused():
    with pytest.raises(PrintError, match="cards is empty"):
        table_cards_pdf([])
