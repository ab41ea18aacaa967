"""Score sheets: one page a table, blank or filled, that total 400 and fit the page."""

import pytest
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.units import cm

from tests.printing.samples import (
    LONG_NAMES,
    NAMES,
    URL,
    filled_sheet,
    forms,
    long_sheet,
    placed_text,
    reader,
    sheet,
    text,
    words,
)
from tournaments.printing import PrintError, SheetHand, score_sheets_pdf
from tournaments.printing.pages import MARGIN


def test_a_blank_sheet_names_the_table_and_every_player_exactly():
    printed = text(score_sheets_pdf([sheet()]))
    assert "SPJST Tarock Open — Ennis 2026" in printed
    assert "Table 7" in printed and "Round 3" in printed
    assert "SPJST Tarock" in printed and "Saturday 14 March 2026" in printed
    for name in NAMES:
        assert name in printed


def test_a_blank_sheet_says_the_total_and_has_lines_to_sign():
    printed = text(score_sheets_pdf([sheet()]))
    assert "Total must equal 400" in printed
    assert "Sum of final counts" in printed
    for number, name in enumerate(NAMES, start=1):
        assert f"{name} · seat {number}" in printed
    assert "Judge" in printed


def test_a_blank_sheet_has_16_rows_unless_the_round_has_another_number_of_hands():
    assert "\n16\n" in text(score_sheets_pdf([sheet()]))
    assert "\n17\n" not in text(score_sheets_pdf([sheet()]))
    assert "\n24\n" in text(score_sheets_pdf([sheet(hands_per_round=24)]))


def test_the_total_line_gives_the_real_total_of_a_table_of_five():
    printed = text(score_sheets_pdf([sheet(seats=sheet().seats, table_total=500)]))
    assert "Total must equal 500" in printed


def test_a_filled_sheet_shows_each_hand_and_the_running_counts():
    printed = text(score_sheets_pdf([filled_sheet()]))
    for summary in (
        "Solo by Jiří, won",
        "Povinnost, partner Šárka, won; trull ×2",
        "Valát announced, lost",
    ):
        assert summary in printed
    # Hand 1: −4, +12, −4, −4 from 100 each; a real minus sign, a plus on gains.
    assert "\n1\nSolo by Jiří, won\n−4\n96\n+12\n112\n−4\n96\n−4\n96\n" in printed
    assert "\n3\nValát announced, lost\n−24\n78\n+8\n114\n+8\n110\n+8\n98\n" in printed


def test_a_filled_sheet_shows_the_final_counts_their_sum_and_who_confirmed_them():
    printed = text(score_sheets_pdf([filled_sheet()]))
    assert "Final count\n78\n114\n110\n98\n" in printed
    assert "Total must equal 400\nSum of final counts\n400\n✓" in printed
    assert "Counts confirmed by Jan Novák" in printed


def test_counts_that_miss_the_total_say_by_how_much():
    printed = text(score_sheets_pdf([filled_sheet(counts=(78, 114, 110, 95))]))
    assert "397" in printed and "off by −3" in printed


def test_decimal_amounts_print_without_trailing_zeros():
    printed = text(score_sheets_pdf([long_sheet()]))
    assert "−2.5\n97.5\n+10\n110\n" in printed
    assert "2.50" not in printed and "10.00" not in printed


@pytest.mark.parametrize(("paper", "size"), [("a4", A4), ("letter", LETTER)])
def test_a_sheet_is_printed_on_the_paper_asked_for(paper, size):
    box = reader(score_sheets_pdf([sheet()], paper=paper)).pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx(size)


def test_the_default_paper_is_letter():
    box = reader(score_sheets_pdf([sheet()])).pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx(LETTER)


def test_a_table_of_five_is_printed_landscape_between_portrait_tables():
    pdf = score_sheets_pdf([sheet(), long_sheet(), sheet()], paper="a4")
    widths = [float(page.mediabox.width) for page in reader(pdf).pages]
    assert widths == pytest.approx([A4[0], A4[1], A4[0]])


def test_eight_sheets_make_eight_pages_in_order():
    sheets = [sheet(table=table) for table in range(1, 9)]
    pages = reader(score_sheets_pdf(sheets)).pages
    assert len(pages) == 8
    assert [
        f"Table {table}" in page.extract_text() for table, page in enumerate(pages, start=1)
    ] == [True] * 8


def test_five_long_names_and_30_hands_fit_one_page_unshrunk():
    pdf = score_sheets_pdf([long_sheet()], paper="letter")
    (page,) = reader(pdf).pages
    width, height = float(page.mediabox.width), float(page.mediabox.height)
    placed = placed_text(page)
    for line, x, y, _, length in placed:
        assert x >= MARGIN - 1 and x + length <= width - MARGIN + 1, line
        assert MARGIN - 1 <= y <= height - MARGIN, line
    assert min(size for _, _, _, size, _ in placed) >= 5.5
    printed = words(pdf)
    assert "Hand 30:" in printed
    for name in LONG_NAMES[:3]:
        assert name in printed


def test_the_judge_qr_code_is_printed_at_least_2_5_cm_wide_with_its_link():
    pdf = score_sheets_pdf([sheet(judge_url=URL)])
    (code,) = forms(reader(pdf).pages[0]).values()
    left, bottom, right, top = (float(value) for value in code["/BBox"])
    assert right - left >= 2.5 * cm and top - bottom >= 2.5 * cm
    assert URL in text(pdf)


def test_without_a_judge_link_there_is_no_qr_code():
    assert forms(reader(score_sheets_pdf([sheet()])).pages[0]) == {}


def test_a_hand_with_a_missing_delta_is_refused_naming_the_hand():
    with pytest.raises(PrintError, match=r"hand 2: deltas has 3 amounts for 4 seats: \(1, 2, -3\)"):
        sheet(hands=(SheetHand(1, "Pass", (0, 0, 0, 0)), SheetHand(2, "Solo", (1, 2, -3))))


def test_counts_for_the_wrong_number_of_seats_are_refused():
    with pytest.raises(PrintError, match="counts has 3 amounts for 4 seats"):
        sheet(counts=(100, 100, 200))


def test_no_sheets_is_refused():
    with pytest.raises(PrintError, match="sheets is empty"):
        score_sheets_pdf([])


def test_an_unknown_paper_is_refused():
    with pytest.raises(PrintError, match="paper must be 'a4' or 'letter': 'legal'"):
        score_sheets_pdf([sheet()], paper="legal")


def test_the_same_sheets_give_the_same_bytes():
    assert score_sheets_pdf([filled_sheet(judge_url=URL)]) == score_sheets_pdf(
        [filled_sheet(judge_url=URL)]
    )
