"""A whist drive's printouts: a score card per player and the director's movement sheet."""

import datetime

import pytest

from tests.printing.samples import page_texts
from tournaments.printing import (
    DrivePlace,
    MovementSheetDoc,
    MovementTable,
    PrintError,
    ScoreCardDoc,
    movement_sheet_pdf,
    score_cards_pdf,
)

DATE = datetime.date(2026, 12, 5)
TRUMPS = ("hearts", "diamonds", "spades", "clubs") * 3
RULE = "Winners move up one table, the top table's winners stay"


def _card(player: str, *places: DrivePlace) -> ScoreCardDoc:
    return ScoreCardDoc("Whist drive", DATE, player, 4, TRUMPS, places)


def test_a_card_a_page_with_the_seated_rounds_filled_and_the_rest_to_write_in():
    cards = [
        _card(
            "Šárka Kříž",
            DrivePlace(1, 2, "Jiří Dvořák", ("Anna Nováková", "Žiga Zupančič")),
            DrivePlace(2),
            DrivePlace(3),
        ),
        _card("Anna Nováková", DrivePlace(1, 2, "Žiga Zupančič"), DrivePlace(2), DrivePlace(3)),
    ]
    pages = [" ".join(text.split()) for text in page_texts(score_cards_pdf(cards))]
    assert len(pages) == 2
    first = pages[0]
    assert "Score card · Šárka Kříž · Saturday 5 December 2026" in first
    assert (
        RULE in first and "Trumps by hand, over the drive: hearts, diamonds, spades, clubs" in first
    )
    assert "Round Hand Trumps Table Partner Opponents Tricks" in first
    assert "1 1 hearts 2 Jiří Dvořák Anna Nováková, Žiga Zupančič 2 diamonds 3 spades" in first
    assert "2 5 hearts 6 diamonds" in first  # round 2 not seated: no table, no partner
    assert "12 clubs Round 3 total Drive total" in first
    assert "Score card · Anna Nováková" in pages[1]


def test_a_card_needs_a_trump_for_every_hand():
    with pytest.raises(PrintError, match="trumps has 4 hands for 3 rounds of 4"):
        ScoreCardDoc("Drive", DATE, "Ann", 4, TRUMPS[:4], (DrivePlace(1),) * 3)


def test_the_movement_sheet_has_each_rounds_pairs_tricks_and_winners():
    played = (
        MovementTable(1, ("Ann", "Cyril"), ("Bob", "Dana"), (30, 22)),
        MovementTable(2, ("Eva", "Gita"), ("Filip", "Hugo"), (26, 26)),
    )
    seated = (
        MovementTable(1, ("Ann", "Bob"), ("Cyril", "Dana")),
        MovementTable(2, ("Eva", "Filip"), ("Gita", "Hugo")),
    )
    blank = (MovementTable(1), MovementTable(2))
    doc = MovementSheetDoc("Whist drive", DATE, 4, TRUMPS, (played, seated, blank))
    text = " ".join("".join(page_texts(movement_sheet_pdf(doc, paper="a4"))).split())
    assert "Movement sheet · Saturday 5 December 2026" in text and RULE in text
    assert "Round 1 Table N–S (seats 1, 3) E–W (seats 2, 4) N–S E–W Winners" in text
    assert "1 Ann & Cyril Bob & Dana 30 22 N–S 2 Eva & Gita Filip & Hugo 26 26 N–S" in text
    assert "Round 2 Table N–S (seats 1, 3) E–W (seats 2, 4) N–S E–W Winners 1 Ann & Bob" in text
    # Round 3 is not seated yet: its tables are rows to fill in.
    assert "Round 3 Table N–S (seats 1, 3) E–W (seats 2, 4) N–S E–W Winners 1 2 Whist" in text
