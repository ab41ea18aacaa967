"""Amounts as printed, text fitted to cells, names in Czech and Slovenian order."""

from decimal import Decimal

import pytest

from clubs.collation import collation_key
from tournaments.printing.amounts import MINUS, format_amount
from tournaments.printing.fonts import REGULAR, register_fonts
from tournaments.printing.text import fit_text, wrap_text


@pytest.mark.parametrize(
    ("amount", "signed", "printed"),
    [
        (0, False, "0"),
        (-12, False, "−12"),
        (12, True, "+12"),
        (0, True, "0"),
        (Decimal("2.50"), False, "2.5"),
        (Decimal("-0.25"), True, "−0.25"),
        (Decimal("100.00"), False, "100"),
        (Decimal("1E+3"), False, "1000"),
        (Decimal("-0.0"), False, "0"),
    ],
)
def test_amounts_print_with_a_real_minus_and_no_trailing_zeros(amount, signed, printed):
    assert format_amount(amount, signed=signed) == printed


def test_the_minus_sign_is_u_2212():
    assert MINUS == "\u2212"


def test_a_long_word_is_cut_between_characters_to_fit():
    register_fonts()
    lines = wrap_text("https://tarock.example.org/judge/3/7?key=0f3a9c0f3a9c", REGULAR, 8, 60)
    assert (
        len(lines) > 1 and "".join(lines) == "https://tarock.example.org/judge/3/7?key=0f3a9c0f3a9c"
    )


def test_text_shrinks_before_it_wraps_a_word_and_is_cut_only_at_the_smallest_size():
    register_fonts()
    shrunk = fit_text("Křížovnický-Dvořáček", REGULAR, 70, max_lines=1, largest=9, smallest=6)
    assert shrunk.lines == ("Křížovnický-Dvořáček",) and 6 <= shrunk.size < 9
    cut = fit_text(
        "Ludmila Černá z Vlčkovic a Mníšku " * 3, REGULAR, 50, max_lines=2, largest=9, smallest=6
    )
    assert len(cut.lines) == 2 and cut.size == 6 and cut.lines[-1].endswith("…")


def test_names_sort_with_hacek_letters_after_their_base_letter():
    names = [
        "Žiga",
        "Zupan",
        "Čestmír",
        "Cyril",
        "Šárka",
        "Sýkora",
        "Řehoř",
        "Rudolf",
        "Ábel",
        "Adam",
    ]
    # The printed lists file names with `clubs.collation`, in the words' language.
    assert sorted(names, key=lambda name: collation_key(name, "cs")) == [
        "Ábel", "Adam", "Cyril", "Čestmír", "Rudolf", "Řehoř", "Sýkora", "Šárka", "Zupan", "Žiga",
    ]  # fmt: skip
