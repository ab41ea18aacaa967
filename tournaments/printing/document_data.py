"""What each printed document says, as frozen values the site fills in from its models.

The printing package never reads the database: a view gathers the tournament, round and
table into these values and hands them to a `*_pdf` function. Each value checks its own
shape when it is made, so a sheet with a missing delta fails in the view, not halfway
through a PDF.
"""

import datetime
from dataclasses import dataclass
from decimal import Decimal
from typing import Literal

Paper = Literal["a4", "letter"]
Amount = int | Decimal
Cell = str | int | Decimal | None

# Rows a blank score sheet offers when the ruleset does not say how many hands a round has.
DEFAULT_HANDS_PER_ROUND = 16


class PrintError(ValueError):
    """A document that cannot be printed as given; the message names the field."""


@dataclass(frozen=True)
class PrintWords:
    """Every word the printed documents say around the data, English by default.

    The printing package imports no Django, so the site passes these already translated
    (`tournaments.views.printing.print_words`). A phrase with a value in it is a %-format
    with named placeholders, as gettext's translators see it: `"Table %(table)s"`.
    """

    # The language the words are in: the lists of names are filed in its alphabet.
    language: str = "en"
    page_of: str = "Page %(page)s of %(pages)s"
    table: str = "Table"
    table_number: str = "Table %(number)s"
    round_number: str = "Round %(number)s"
    seat_number: str = "Seat %(seat)s"
    seat: str = "Seat"
    player: str = "Player"
    bye: str = "bye"
    score_sheet_about: str = "Score sheet · %(ruleset)s · %(date)s"
    score_sheets_title: str = "%(tournament)s · round %(round)s · score sheets"
    hand_number: str = "#"
    hand: str = "Hand"
    amount: str = "+/−"
    count: str = "Count"
    start: str = "Start"
    final_count: str = "Final count"
    off_by: str = "off by %(amount)s"
    total_must_equal: str = "Total must equal %(total)s"
    counts_are_sums: str = "Counts = column sums"
    sum_of_counts: str = "Sum of final counts"
    counts_confirmed_by: str = "Counts confirmed by %(name)s"
    signature: str = "%(name)s · seat %(seat)s"
    judge: str = "Judge"
    judge_page: str = "Judge’s page: %(url)s"
    judge_scan: str = "Judge: scan to record hands"
    seating_subtitle: str = "Round %(round)s seating · %(date)s"
    seating_title: str = "%(tournament)s · round %(round)s seating"
    by_table: str = "By table"
    players_a_z: str = "Players A–Z"
    byes: str = "Byes this round"
    table_cards_title: str = "%(tournament)s · round %(round)s · table cards"
    # A drive's score cards and movement sheet.
    score_card_subtitle: str = "Score card · %(player)s · %(date)s"
    score_cards_title: str = "%(tournament)s · score cards"
    movement_subtitle: str = "Movement sheet · %(date)s"
    movement_title: str = "%(tournament)s · movement sheet"
    movement_rule: str = (
        "Progressive movement: at each table the pair with more tricks in the round wins "
        "(equal tricks: N–S). Winners move up one table, the top table's winners stay; losers "
        "stay, the top table's losers go to the bottom table. At each table the two who stay "
        "split and each partners one of the two who arrive (seats 1 and 2 stay, 3 and 4 arrive)."
    )
    trumps_line: str = "Trumps by hand, over the drive: %(first)s, … (hand %(last)s: %(trumps)s)"
    round: str = "Round"
    trumps: str = "Trumps"
    partner: str = "Partner"
    opponents: str = "Opponents"
    tricks: str = "Tricks"
    round_total: str = "Round %(number)s total"
    drive_total: str = "Drive total"
    north_south_pair: str = "N–S (seats 1, 3)"
    east_west_pair: str = "E–W (seats 2, 4)"
    north_south: str = "N–S"
    east_west: str = "E–W"
    winners: str = "Winners"
    # A date on the wall: "Saturday 14 March 2026"; the names in the reader's language.
    long_date: str = "%(weekday)s %(day)s %(month)s %(year)s"
    weekdays: tuple[str, ...] = (
        "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday",
    )  # fmt: skip
    months: tuple[str, ...] = (
        "January", "February", "March", "April", "May", "June", "July", "August",
        "September", "October", "November", "December",
    )  # fmt: skip


ENGLISH = PrintWords()


@dataclass(frozen=True)
class SheetSeat:
    """A player in a seat: seat numbers as the draw gave them, 1 upwards."""

    number: int
    name: str


@dataclass(frozen=True)
class SheetHand:
    """One recorded hand: what was played, and what it moved for each seat in seat order.

    A deleted hand keeps its row and number (so the numbering has no gap) and moves nothing.
    """

    number: int
    summary: str
    deltas: tuple[Amount, ...]
    deleted: bool = False


@dataclass(frozen=True)
class ScoreSheetDoc:
    """One table's score sheet for one round: blank when `hands` is empty, filled otherwise.

    `start` is every seat's count before the first hand (100 chips in the Texas game) and
    `table_total` what the end-of-round counts must add up to (400 at a table of four), or
    None where scores are written for each player: then each count is its hands' sum.
    """

    tournament: str
    date: datetime.date
    round: int
    table: int
    ruleset: str
    seats: tuple[SheetSeat, ...]
    start: int
    table_total: int | None
    hands_per_round: int | None = None
    judge_url: str | None = None
    hands: tuple[SheetHand, ...] = ()
    counts: tuple[int, ...] | None = None
    confirmed_by: str | None = None
    words: PrintWords = ENGLISH

    def __post_init__(self) -> None:
        if not self.seats:
            raise PrintError(f"table {self.table}: seats is empty: {self.seats!r}")
        for hand in self.hands:
            if len(hand.deltas) != len(self.seats):
                raise PrintError(
                    f"table {self.table}, hand {hand.number}: deltas has {len(hand.deltas)} "
                    f"amounts for {len(self.seats)} seats: {hand.deltas!r}"
                )
        if self.counts is not None and len(self.counts) != len(self.seats):
            raise PrintError(
                f"table {self.table}: counts has {len(self.counts)} amounts for "
                f"{len(self.seats)} seats: {self.counts!r}"
            )
        if self.hands_per_round is not None and self.hands_per_round < 1:
            raise PrintError(
                f"table {self.table}: hands_per_round must be at least 1: {self.hands_per_round!r}"
            )

    @property
    def filled(self) -> bool:
        """A filled sheet prints the recorded hands; a blank one leaves rows to write in."""
        return bool(self.hands)

    @property
    def rows(self) -> int:
        """How many hand rows the grid has."""
        if self.filled:
            return len(self.hands)
        return self.hands_per_round or DEFAULT_HANDS_PER_ROUND


@dataclass(frozen=True)
class SeatingTable:
    """A table of the draw and who sits where."""

    number: int
    seats: tuple[SheetSeat, ...]


@dataclass(frozen=True)
class SeatingDoc:
    """A round's draw as posted on the wall: by table, by player, and who sits out."""

    tournament: str
    date: datetime.date
    round: int
    tables: tuple[SeatingTable, ...]
    byes: tuple[str, ...] = ()
    # Every player's name in the order the reader's language files them by surname (the
    # caller knows surnames and the language); empty: A–Z by the names as written.
    order: tuple[str, ...] = ()
    words: PrintWords = ENGLISH


@dataclass(frozen=True)
class TableCard:
    """The card that stands on a table: its number, who sits there, the judge's link."""

    tournament: str
    round: int
    table: int
    seats: tuple[SheetSeat, ...]
    judge_url: str | None = None
    words: PrintWords = ENGLISH


@dataclass(frozen=True)
class TableDoc:
    """A ranked table (standings, a season's leaderboard): a header row and rows of cells.

    `numeric` says which columns hold numbers (right-aligned); when None, a column is
    numeric if every filled cell in it is an int or a Decimal.
    """

    title: str
    subtitle: str
    columns: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]
    numeric: tuple[bool, ...] | None = None
    words: PrintWords = ENGLISH

    def __post_init__(self) -> None:
        width = len(self.columns)
        if self.numeric is not None and len(self.numeric) != width:
            raise PrintError(
                f"numeric has {len(self.numeric)} flags for {width} columns: {self.numeric!r}"
            )
        for index, row in enumerate(self.rows):
            if len(row) != width:
                raise PrintError(f"row {index} has {len(row)} cells for {width} columns: {row!r}")


@dataclass(frozen=True)
class DrivePlace:
    """Where a player sits in one round of a drive: the table, the partner and the two
    opponents; all None for a round not seated yet (the card leaves them to write in)."""

    round: int
    table: int | None = None
    partner: str | None = None
    opponents: tuple[str, ...] = ()


@dataclass(frozen=True)
class ScoreCardDoc:
    """A drive player's score card: the movement so far, the trump schedule, and a box
    for the tricks of every hand.

    `trumps` is the schedule for hands 1..rounds × hands_per_round, numbered over the
    drive (the suits' names in the reader's language); `places` one per round, 1..rounds.
    """

    tournament: str
    date: datetime.date
    player: str
    hands_per_round: int
    trumps: tuple[str, ...]
    places: tuple[DrivePlace, ...]
    words: PrintWords = ENGLISH

    def __post_init__(self) -> None:
        if self.hands_per_round < 1:
            raise PrintError(f"{self.player}: hands_per_round must be at least 1")
        wanted = len(self.places) * self.hands_per_round
        if len(self.trumps) != wanted:
            raise PrintError(
                f"{self.player}: trumps has {len(self.trumps)} hands for {len(self.places)} "
                f"rounds of {self.hands_per_round}: {self.trumps!r}"
            )


@dataclass(frozen=True)
class MovementTable:
    """A table of a drive round: its two pairs and, once played, their tricks."""

    number: int
    north_south: tuple[str, str] | None = None
    east_west: tuple[str, str] | None = None
    tricks: tuple[int, int] | None = None  # N–S, E–W over the round


@dataclass(frozen=True)
class MovementSheetDoc:
    """The director's movement sheet: every round's tables (blank for rounds not seated
    yet, to fill in as the winners move), the rule and the trump schedule."""

    tournament: str
    date: datetime.date
    hands_per_round: int
    trumps: tuple[str, ...]
    rounds: tuple[tuple[MovementTable, ...], ...]
    words: PrintWords = ENGLISH
