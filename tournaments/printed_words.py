"""The words of the printed documents in the visitor's language.

`tournaments.printing` imports no Django, so it cannot translate; each view that prints
fills its documents' `words` from here, at request time, when the language is known.
"""

from django.utils.dates import WEEKDAYS
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from tournaments.printing import PrintWords


def print_words() -> PrintWords:
    """Every phrase of the printed documents, translated into the active language."""
    return PrintWords(
        # Translators: the footer of every page of a printed list.
        page_of=_("Page %(page)s of %(pages)s"),
        table=_("Table"),
        table_number=_("Table %(number)s"),
        round_number=_("Round %(number)s"),
        # Translators: a column of the printed seating list, by table.
        seat_number=_("Seat %(seat)s"),
        seat=_("Seat"),
        player=_("Player"),
        # Translators: in the seating list's Table column, for a player who sits this round
        # out (lower case in English).
        bye=_("bye"),
        # Translators: under the tournament's name on a score sheet; %(ruleset)s is the
        # ruleset's title and %(date)s the tournament's date.
        score_sheet_about=_("Score sheet · %(ruleset)s · %(date)s"),
        # Translators: the title of the PDF file of a round's score sheets.
        score_sheets_title=_("%(tournament)s · round %(round)s · score sheets"),
        # Translators: the heading of the score sheet's hand-number column.
        hand_number=_("#"),
        # Translators: the heading of the score sheet's column that says what was played.
        hand=_("Hand"),
        # Translators: a score sheet column: the chips a seat won (+) or lost (−) in a hand.
        amount=_("+/−"),
        # Translators: a score sheet column: a seat's running count of chips after a hand.
        count=_("Count"),
        # Translators: the score sheet's row of every seat's count before the first hand.
        start=_("Start"),
        final_count=_("Final count"),
        # Translators: when the final counts do not add up; %(amount)s is signed (+3, −3).
        off_by=_("off by %(amount)s"),
        total_must_equal=_("Total must equal %(total)s"),
        # Translators: where scores are written for each player, each final count is the
        # sum of its column.
        counts_are_sums=_("Counts = column sums"),
        sum_of_counts=_("Sum of final counts"),
        counts_confirmed_by=_("Counts confirmed by %(name)s"),
        # Translators: under a player's signature line on the score sheet.
        signature=_("%(name)s · seat %(seat)s"),
        # Translators: under the judge's signature line on the score sheet.
        judge=_("Judge"),
        judge_page=_("Judge’s page: %(url)s"),
        # Translators: under the QR code that opens the table's page for its judge.
        judge_scan=_("Judge: scan to record hands"),
        seating_subtitle=_("Round %(round)s seating · %(date)s"),
        # Translators: the title of the seating list's PDF file and its page footer.
        seating_title=_("%(tournament)s · round %(round)s seating"),
        by_table=_("By table"),
        players_a_z=_("Players A–Z"),
        byes=_("Byes this round"),
        # Translators: the title of the PDF file of a round's table cards.
        table_cards_title=_("%(tournament)s · round %(round)s · table cards"),
        # Translators: a date on the printed sheets, "Saturday 14 March 2026"; reorder the
        # parts and add the language's punctuation ("sobota 14. března 2026").
        long_date=_("%(weekday)s %(day)s %(month)s %(year)s"),
        weekdays=tuple(str(WEEKDAYS[day]) for day in range(7)),
        # The month's name as it reads after a day: Czech "14. března", not "březen".
        months=(
            pgettext("month after a day", "January"),
            pgettext("month after a day", "February"),
            pgettext("month after a day", "March"),
            pgettext("month after a day", "April"),
            pgettext("month after a day", "May"),
            pgettext("month after a day", "June"),
            pgettext("month after a day", "July"),
            pgettext("month after a day", "August"),
            pgettext("month after a day", "September"),
            pgettext("month after a day", "October"),
            pgettext("month after a day", "November"),
            pgettext("month after a day", "December"),
        ),
    )
