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


@dataclass(frozen=True)
class TableCard:
    """The card that stands on a table: its number, who sits there, the judge's link."""

    tournament: str
    round: int
    table: int
    seats: tuple[SheetSeat, ...]
    judge_url: str | None = None


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
    drive; `places` one per round, 1..rounds.
    """

    tournament: str
    date: datetime.date
    player: str
    hands_per_round: int
    trumps: tuple[str, ...]
    places: tuple[DrivePlace, ...]
    rule: str  # the movement in a sentence, printed on the card

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
    rule: str
