"""The seating list: by table, then A–Z by player, then the byes."""

import dataclasses
import datetime

import pytest
from reportlab.lib.pagesizes import A4, LETTER

from tests.printing.samples import page_texts, reader, seats
from tournaments.printing import SeatingDoc, SeatingTable, seating_pdf
from tournaments.printing.document_data import ENGLISH

TABLES = (
    SeatingTable(1, seats(("Šárka Kříž", "Jiří Dvořák", "Žiga Zupančič", "Anna Nováková"))),
    SeatingTable(
        2, seats(("Zdeněk Černý", "Sýkora Tomáš", "Čestmír Hrubý", "Zupan Marko", "Bára Malá"))
    ),
)
# English words, names filed as a Czech reader files them (the site passes its words, in
# the reader's language: `tournaments.printed_words`).
DOC = SeatingDoc(
    "SPJST Tarock Open — Ennis 2026",
    datetime.date(2026, 3, 14),
    3,
    TABLES,
    byes=("Ludmila Černá",),
    words=dataclasses.replace(ENGLISH, language="cs"),
)


def test_the_first_page_lists_each_table_with_its_players_in_seat_order():
    by_table = " ".join(page_texts(seating_pdf(DOC))[0].split())  # a long name may wrap
    assert "Round 3 seating · Saturday 14 March 2026" in by_table
    assert "Table Seat 1 Seat 2 Seat 3 Seat 4 Seat 5" in by_table
    assert " 1 Šárka Kříž Jiří Dvořák Žiga Zupančič Anna Nováková 2 " in by_table
    assert " 2 Zdeněk Černý Sýkora Tomáš Čestmír Hrubý Zupan Marko Bára Malá " in by_table


def test_players_are_listed_a_to_z_with_table_and_seat_hacek_letters_after_their_base():
    by_player = page_texts(seating_pdf(DOC))[1]
    assert "Players A–Z" in by_player
    assert "Šárka Kříž\n1\n1\n" in by_player and "Bára Malá\n2\n5\n" in by_player
    order = [
        "Anna Nováková", "Bára Malá", "Čestmír Hrubý", "Jiří Dvořák", "Ludmila Černá",
        "Sýkora Tomáš", "Šárka Kříž", "Zdeněk Černý", "Zupan Marko", "Žiga Zupančič",
    ]  # fmt: skip
    positions = [by_player.index(name) for name in order]
    assert positions == sorted(positions)


def test_an_english_list_files_hacek_letters_with_their_base_letter():
    by_player = page_texts(seating_pdf(dataclasses.replace(DOC, words=ENGLISH)))[1]
    assert by_player.index("Šárka Kříž") < by_player.index("Sýkora Tomáš")
    assert by_player.index("Žiga Zupančič") < by_player.index("Zupan Marko")


def test_byes_are_in_the_player_list_and_named_at_the_end():
    by_player = page_texts(seating_pdf(DOC))[-1]
    assert "Ludmila Černá\nbye\n" in by_player
    assert by_player.rindex("Byes this round") < by_player.rindex("Ludmila Černá")


def test_without_byes_there_is_no_bye_section():
    assert "Byes" not in "".join(
        page_texts(seating_pdf(SeatingDoc("Open", datetime.date(2026, 3, 14), 1, TABLES)))
    )


def test_a_long_draw_runs_over_pages_numbered_n_of_m():
    tables = tuple(
        SeatingTable(number, seats(tuple(f"Player {number}-{seat}" for seat in range(4))))
        for number in range(1, 65)
    )
    pages = page_texts(
        seating_pdf(SeatingDoc("Open", datetime.date(2026, 3, 14), 1, tables), paper="a4")
    )
    assert len(pages) > 2
    assert all(
        f"Page {number} of {len(pages)}" in page for number, page in enumerate(pages, start=1)
    )
    assert "Player 64-3" in "".join(pages)


def test_the_list_is_printed_on_the_paper_asked_for():
    for paper, height in (("a4", A4[1]), ("letter", LETTER[1])):
        box = reader(seating_pdf(DOC, paper=paper)).pages[0].mediabox
        assert float(box.height) == pytest.approx(height)
