"""What a player's recorded hands say about them: tables and hands played, the contracts
declared and won, announcements made and won, penalties and the average per hand.

Pure Python (no database): the site hands it each table's recorded hands (the engine's
JSON input and settlement, RULES §0.3) with the table's seats, and stores the tallies it
returns. It reads the fields every ruleset's hand JSON names alike:

* ``contract`` and ``declarer`` (with ``partner`` or ``partners``): the declaring side;
  the contract counts as won when the declarer's ``game`` lines of the settlement pay
  him, lost when they cost him (a plichta, or a hand voided before its game, neither);
* announced items, each ``{"announced": true, "won": …}``: the ``pagat`` (its
  ``holder``), the ``valat``, ``bonuses`` and ``announcements`` (their ``side``);
  the hlášky (``hlasky``, each by its ``seat``: won when its side won the game) and
  the SPJST ``values`` (won unless an illegal declaration voids them);
* ``penalties``: one for each entry naming the seat;
* ``sitter``: the seat that sits the hand out (ve třech at four) plays no part in it.

>>> hands = [({"contract": "povinost", "declarer": 1, "partner": 3, "declarer_points": 59},
...           {"deltas": {"1": 2, "2": -2, "3": 2, "4": -2},
...            "lines": [{"item": "game", "deltas": {"1": 2, "2": -2, "3": 2, "4": -2}}]})]
>>> tally = tally_table(hands, {1: 10, 2: 20, 3: 30, 4: 40})[10]
>>> (tally.tables, tally.hands, tally.declared, tally.declared_won, tally.contracts)
(1, 1, 1, 1, {'povinost': (1, 1)})
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

Amount = int | Decimal
Seat = int
# A recorded hand: the engine's JSON input and the settlement it wrote (seat keys as text).
RecordedHand = tuple[Mapping[str, Any], Mapping[str, Any]]

_COUNTS = (
    "tables",
    "hands",
    "declared",
    "declared_won",
    "announced",
    "announced_won",
    "penalties",
)


@dataclass(frozen=True)
class Tally:
    """One player's figures over some tables; tallies add up (``a + b``).

    ``contracts`` maps each contract declared to (times declared, times won); ``total``
    is what the player's hands moved for them, penalties included.
    """

    tables: int = 0
    hands: int = 0
    total: Amount = 0
    declared: int = 0
    declared_won: int = 0
    contracts: Mapping[str, tuple[int, int]] = field(default_factory=dict)
    announced: int = 0
    announced_won: int = 0
    penalties: int = 0

    def __add__(self, other: Tally) -> Tally:
        contracts = dict(self.contracts)
        for name, (declared, won) in other.contracts.items():
            before = contracts.get(name, (0, 0))
            contracts[name] = (before[0] + declared, before[1] + won)
        counts = {name: getattr(self, name) + getattr(other, name) for name in _COUNTS}
        return Tally(total=self.total + other.total, contracts=contracts, **counts)

    @property
    def average(self) -> Decimal | None:
        """What a hand brought on average, to two places, a half rounded away from zero as
        a director rounds by hand (None before any hand)."""
        if not self.hands:
            return None
        return (Decimal(self.total) / self.hands).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)

    def to_json(self) -> dict[str, Any]:
        """Plain data: the counts, the total and average as text (exact), the contracts."""
        answer: dict[str, Any] = {f.name: getattr(self, f.name) for f in fields(self)}
        answer["total"] = str(self.total)
        answer["average"] = None if self.average is None else str(self.average)
        answer["contracts"] = {
            name: {"declared": declared, "won": won}
            for name, (declared, won) in sorted(self.contracts.items())
        }
        return answer


class _Counter:
    """A player's figures while a table is counted (mutable; frozen as a :class:`Tally`)."""

    def __init__(self) -> None:
        self.counts = dict.fromkeys(_COUNTS, 0)
        self.total: Amount = 0
        self.contracts: dict[str, list[int]] = {}

    def frozen(self) -> Tally:
        contracts = {name: (pair[0], pair[1]) for name, pair in self.contracts.items()}
        return Tally(total=self.total, contracts=contracts, **self.counts)


def tally_table(hands: Iterable[RecordedHand], players: Mapping[Seat, int]) -> dict[int, Tally]:
    """Each seated player's tally of one table (``players``: seat → player), from its
    recorded hands (deleted ones left out by the caller). Every seated player counts the
    table, even one kept on paper without hands."""
    counters = {player: _Counter() for player in players.values()}
    for counter in counters.values():
        counter.counts["tables"] = 1
    for data, settlement in hands:
        _count_hand(data, settlement, players, counters)
    return {player: counter.frozen() for player, counter in counters.items()}


def _count_hand(
    data: Mapping[str, Any],
    settlement: Mapping[str, Any],
    players: Mapping[Seat, int],
    counters: Mapping[int, _Counter],
) -> None:
    deltas = {int(seat): amount for seat, amount in settlement.get("deltas", {}).items()}
    sitter = data.get("sitter")
    seats = [seat for seat in deltas if seat in players and seat != sitter]
    played = bool(data.get("contract") or data.get("variant"))
    for seat in seats:
        counter = counters[players[seat]]
        counter.total += deltas[seat]
        counter.counts["hands"] += played
    for penalty in data.get("penalties") or ():
        if penalty.get("seat") in players:
            counters[players[penalty["seat"]]].counts["penalties"] += 1
    declarer = data.get("declarer")
    won = _game_won(settlement, declarer)
    if isinstance(declarer, int) and declarer in players and won is not _VOID:
        counter = counters[players[declarer]]
        pair = counter.contracts.setdefault(str(data["contract"]), [0, 0])
        pair[0] += 1
        pair[1] += won is True
        counter.counts["declared"] += 1
        counter.counts["declared_won"] += won is True
    for by, made in _announcements(data, seats, won):
        for seat in by:
            if seat in players:
                counters[players[seat]].counts["announced"] += 1
                counters[players[seat]].counts["announced_won"] += made


_VOID = object()  # no game was scored (a voided hand, a standalone ruling)


def _game_won(settlement: Mapping[str, Any], declarer: object) -> object:
    """True/False: the declarer's game lines paid or cost him; None: they came to
    nothing (a plichta); ``_VOID``: no declarer, or no game line."""
    if declarer is None:
        return _VOID
    games = [line for line in settlement.get("lines", ()) if line.get("item") == "game"]
    if not games:
        return _VOID
    amount = sum(line["deltas"].get(str(declarer), 0) for line in games)
    return None if amount == 0 else amount > 0


def _sides(data: Mapping[str, Any], seats: list[Seat]) -> dict[str, tuple[Seat, ...]]:
    """The declaring side (declarer and partners) and the opponents among ``seats``."""
    partners = [data.get("partner"), *(data.get("partners") or ())]
    declaring = tuple(s for s in (data.get("declarer"), *partners) if s is not None)
    return {"declarer": declaring, "opponents": tuple(s for s in seats if s not in declaring)}


def _announcements(
    data: Mapping[str, Any], seats: list[Seat], won: object
) -> Iterable[tuple[tuple[Seat, ...], bool]]:
    """Each announcement of the hand: the seats that made it, and whether it was won."""
    sides = _sides(data, seats)
    pagat = data.get("pagat")
    if isinstance(pagat, Mapping) and pagat.get("announced") and "holder" in pagat:
        yield (pagat["holder"],), bool(pagat.get("won"))
    entries = [data.get("valat"), *(data.get("bonuses") or ()), *(data.get("announcements") or ())]
    for entry in entries:
        if isinstance(entry, Mapping) and entry.get("announced"):
            yield sides.get(str(entry.get("side")), ()), bool(entry.get("won"))
    for hlaska in data.get("hlasky") or ():
        seat = hlaska.get("seat")
        ours = seat in sides["declarer"]
        yield (seat,), won is not None and won is not _VOID and bool(won) == ours
    void = {
        (p.get("seat"), p.get("value"))
        for p in data.get("penalties") or ()
        if str(p.get("code", "")).endswith("illegal_declaration")
    }
    for value in data.get("values") or ():
        yield (value.get("seat"),), (value.get("seat"), value.get("value")) not in void
