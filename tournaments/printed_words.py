"""The words of the printed documents in the visitor's language.

`tournaments.printing` imports no Django, so it cannot translate; each view that prints
fills its documents' `words` from here, at request time, when the language is known.
"""

from django.utils.dates import WEEKDAYS
from django.utils.translation import get_language, pgettext
from django.utils.translation import gettext as _

from tournaments.printing import PrintWords


def print_words() -> PrintWords:
    """Every phrase of the printed documents, translated into the active language."""
    return PrintWords(
        language=get_language(),
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
        # Translators: under the tournament's name on a whist drive player's score card.
        score_card_subtitle=_("Score card · %(player)s · %(date)s"),
        # Translators: the title of the PDF file of a drive's score cards.
        score_cards_title=_("%(tournament)s · score cards"),
        movement_subtitle=_("Movement sheet · %(date)s"),
        movement_title=_("%(tournament)s · movement sheet"),
        # Translators: printed on a whist drive's score cards and movement sheet.
        movement_rule=_(
            "Progressive movement: at each table the pair with more tricks in the round wins "
            "(equal tricks: N–S). Winners move up one table, the top table's winners stay; "
            "losers stay, the top table's losers go to the bottom table. At each table the two "
            "who stay split and each partners one of the two who arrive (seats 1 and 2 stay, "
            "3 and 4 arrive)."
        ),
        # Translators: %(first)s is the first round's trumps, "hearts, diamonds, …";
        # %(last)s the number of the drive's last hand and %(trumps)s its trumps.
        trumps_line=_("Trumps by hand, over the drive: %(first)s, … (hand %(last)s: %(trumps)s)"),
        round=_("Round"),
        # Whist's trumps (the suit of each hand), not tarock's trumps (taroky, taroki).
        trumps=pgettext("whist", "Trumps"),
        partner=_("Partner"),
        opponents=_("Opponents"),
        tricks=_("Tricks"),
        round_total=_("Round %(number)s total"),
        drive_total=_("Drive total"),
        # Translators: the North–South pair of a whist table, seats 1 and 3.
        north_south_pair=_("N–S (seats 1, 3)"),
        east_west_pair=_("E–W (seats 2, 4)"),
        north_south=_("N–S"),
        east_west=_("E–W"),
        winners=_("Winners"),
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
