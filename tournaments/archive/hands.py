"""Checking an archive table's hands and score sheets as the site checked them.

Every hand and every revision of it is scored again as the site scores a saved hand
(`hand_store.settle`, with the tournament's pinned house rules): the settlement the file
holds must be the engine's. A confirmed sheet passes the check that confirmed it
(`sheets.check_sheet` with the arguments `score_sheets.table_check` gives it: the starting
chips, the hands not deleted, paper-only or not), since the standings read the
confirmed sheets: a sheet saying +1000 chips its hands never moved would put them in the
public standings.
"""

from decimal import Decimal
from typing import Any

from django.utils.translation import gettext as _

from scoring import HandError, get_ruleset
from scoring.forms import refusal_text
from tournaments.archive.fields import field, listed, record, refuse
from tournaments.hand_store import settle
from tournaments.models import Hand, HandRevision, Round, ScoreSheet, SheetLine, Table, Tournament
from tournaments.sheets import check_sheet

HAND = ("number", "data", "settlement", "deleted", "revision", "submission", "revisions")
REVISION = (
    "revision",
    "data",
    "settlement",
    "deleted",
    "changed_by",
    "actor",
    "changed_at",
    "reason",
)
SHEET = (
    "entered_by",
    "entered_actor",
    "entered_browser",
    "entered_at",
    "confirmed_by",
    "confirmed_browser",
    "confirmed_at",
    "lines",
)
LINE = ("seat", "player", "chips")

Deltas = dict[int, int | Decimal]


def _chips(amount: int | Decimal) -> str:
    return f"{amount:,}"


def _scored(tournament: dict[str, Any], row: dict[str, Any], where: str) -> None:
    """Refuse a hand (or revision) whose settlement is not what the site stores for it."""
    data = row["data"]
    if not isinstance(data, dict):
        refuse(f"{where}.data", _("must be an object"))
    table = Table(
        round=Round(
            tournament=Tournament(
                ruleset=tournament["ruleset"], house_rules=tournament["house_rules"]
            )
        )
    )
    try:
        settlement = settle(table, data)
    except HandError as error:
        # Where in the file, then the hand's part by the hand form's labels.
        refuse(f"{where}.data", refusal_text(error, tournament["ruleset"]))
    except ValueError as error:
        refuse(f"{where}.data", str(error))
    if row["settlement"] != settlement:
        refuse(
            f"{where}.settlement",
            _(
                "is not what the engine gives for this hand under the tournament's house "
                "rules; the archive was edited"
            ),
        )


def check_hands(
    table: dict[str, Any], where: str, tournament: dict[str, Any], seats: dict, archive: Any
) -> list[Deltas]:
    """Check a table's hands; what each hand not deleted moved, seat → chips."""
    hands = listed(table["hands"], f"{where}.hands")
    if hands and table["paper_only"]:
        refuse(f"{where}.hands", _("a paper-only table records no hands"))
    moved = []
    for index, hand in enumerate(hands):
        place = f"{where}.hands[{index}]"
        record(hand, place, HAND)
        for name in ("number", "deleted", "revision", "submission"):
            field(Hand, name, hand[name], f"{place}.{name}")
        if hand["submission"] in archive.submissions:
            refuse(f"{place}.submission", _("is another hand's"))
        archive.submissions.add(hand["submission"])
        _scored(tournament, hand, place)
        _revisions(hand, place, tournament, archive)
        deltas = {int(seat): amount for seat, amount in hand["settlement"]["deltas"].items()}
        if not set(deltas) <= set(seats):
            refuse(f"{place}.settlement", _("moves chips of a seat the table does not have"))
        if not hand["deleted"]:
            moved.append(deltas)
    numbers = [hand["number"] for hand in hands]
    for index in range(1, len(numbers)):
        if not numbers[index - 1] < numbers[index]:
            refuse(f"{where}.hands[{index}]", _("is out of order or given twice"))
    return moved


def _revisions(hand: dict, where: str, tournament: dict, archive: Any) -> None:
    revisions = listed(hand["revisions"], f"{where}.revisions")
    for index, revision in enumerate(revisions):
        place = f"{where}.revisions[{index}]"
        record(revision, place, REVISION)
        for name in ("revision", "deleted", "actor", "changed_at", "reason"):
            field(HandRevision, name, revision[name], f"{place}.{name}")
        if revision["revision"] != index + 1:
            refuse(f"{place}.revision", _("must be %(number)s") % {"number": index + 1})
        archive.user(revision["changed_by"], f"{place}.changed_by")
        _scored(tournament, revision, place)
    # The hand is its latest revision: the site writes both in the same save.
    latest = revisions[-1] if revisions else None
    if latest is None or hand["revision"] != latest["revision"]:
        refuse(f"{where}.revision", _("is not the hand's latest revision"))
    if any(hand[name] != latest[name] for name in ("data", "settlement", "deleted")):
        refuse(f"{where}", _("is not what its latest revision says"))


def check_sheets(
    table: dict[str, Any], where: str, tournament: dict, seats: dict, moved: list, archive: Any
) -> None:
    """Check a table's score sheets; a confirmed one as the site confirmed it."""
    sheets = listed(table["sheets"], f"{where}.sheets")
    confirmed = None
    entered = []
    for index, sheet in enumerate(sheets):
        place = f"{where}.sheets[{index}]"
        record(sheet, place, SHEET)
        for name in ("entered_actor", "entered_browser", "confirmed_browser", "confirmed_at"):
            field(ScoreSheet, name, sheet[name], f"{place}.{name}")
        entered.append(field(ScoreSheet, "entered_at", sheet["entered_at"], f"{place}.entered_at"))
        archive.user(sheet["entered_by"], f"{place}.entered_by")
        archive.user(sheet["confirmed_by"], f"{place}.confirmed_by")
        if (sheet["confirmed_by"] is None) != (sheet["confirmed_at"] is None):
            refuse(place, _("a confirmation needs both who confirmed it and when"))
        counts = _lines(sheet, place, seats, archive)
        if sheet["confirmed_at"] is not None:
            if confirmed is not None or index != len(sheets) - 1:
                refuse(place, _("only a table's latest sheet is confirmed, and only one"))
            confirmed = index
            _agrees(counts, place, tournament, table, moved)
    for index in range(1, len(entered)):
        if entered[index] < entered[index - 1]:
            refuse(f"{where}.sheets[{index}]", _("is out of order (the site writes it by time)"))


def _lines(sheet: dict, where: str, seats: dict, archive: Any) -> Deltas:
    lines = listed(sheet["lines"], f"{where}.lines")
    counts = {}
    for index, line in enumerate(lines):
        place = f"{where}.lines[{index}]"
        record(line, place, LINE)
        seat = field(SheetLine, "seat", line["seat"], f"{place}.seat")
        archive.player(line["player"], f"{place}.player")
        if seat in counts or seats.get(seat) != line["player"]:
            refuse(place, _("is not the player in this seat, or a seat given twice"))
        counts[seat] = field(SheetLine, "chips", line["chips"], f"{place}.chips")
    if sorted(counts) != list(counts) or set(counts) != set(seats):
        refuse(f"{where}.lines", _("must give a count for every seat of the table, in order"))
    return counts


def _agrees(counts: Deltas, where: str, tournament: dict, table: dict, moved: list) -> None:
    """Refuse a confirmed sheet the site's check would not have let be confirmed."""
    check = check_sheet(
        counts,
        start=tournament["starting_chips"],
        hand_deltas=moved,
        paper_only=table["paper_only"],
        zero_sum=get_ruleset(tournament["ruleset"]).ZERO_SUM,
    )
    if not check.total_ok:
        refuse(
            where,
            _("the sheet totals %(total)s chips but a table's sheet must total %(expected)s")
            % {"total": _chips(check.total), "expected": _chips(check.expected_total)},
        )
    for seat, _difference in check.differences.items():
        refuse(
            where,
            _("the sheet says seat %(seat)s has %(sheet)s chips but its hands give %(hands)s")
            % {
                "seat": seat,
                "sheet": _chips(counts[seat]),
                "hands": _chips(check.computed[seat]),
            },
        )
