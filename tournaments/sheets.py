"""Checking a table's score sheet against the rules and the recorded hands (RULES §8).

Pure functions over plain numbers, so the same check serves the judge's page, the
director's dashboard and the round results.

>>> check = check_sheet({1: 103, 2: 97, 3: 100, 4: 100}, start=100,
...                     hand_deltas=[{1: 3, 2: -3, 3: 3, 4: -3}])
>>> check.total_ok, check.differences
(True, {3: -3, 4: 3})
"""

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal

Amount = int | Decimal


@dataclass(frozen=True)
class SheetCheck:
    """What the sheet says, what it should say, and where the two differ.

    `expected_total` is what the counts must add up to; `computed` each seat's count
    from the hands (None for a paper-only table); `differences` seat → sheet − computed,
    only for the seats that differ.
    """

    counts: Mapping[int, Amount]
    expected_total: Amount
    computed: Mapping[int, Amount] | None
    differences: Mapping[int, Amount] = field(default_factory=dict)

    @property
    def total(self) -> Amount:
        return sum(self.counts.values())

    @property
    def total_ok(self) -> bool:
        return self.total == self.expected_total

    @property
    def ok(self) -> bool:
        return self.total_ok and not self.differences


def computed_counts(
    seats: Iterable[int], start: Amount, hand_deltas: Iterable[Mapping[int, Amount]]
) -> dict[int, Amount]:
    """Each seat's count after the hands: the start plus everything the hands moved."""
    counts = dict.fromkeys(seats, start)
    for deltas in hand_deltas:
        for seat, amount in deltas.items():
            counts[seat] += amount
    return counts


def check_sheet(
    counts: Mapping[int, Amount],
    *,
    start: Amount,
    hand_deltas: Iterable[Mapping[int, Amount]] = (),
    paper_only: bool = False,
    zero_sum: bool = True,
) -> SheetCheck:
    """Check a sheet: (a) the total, and (b) unless paper-only, each seat against the hands.

    For payment rulesets (`zero_sum`) the total must be the start times the players (400
    at a table of four starting with 100 chips), whatever the hands say. For rulesets that
    write scores for each player the total must equal the sum of the hands.
    """
    if paper_only:
        # Without the hands, a sheet of written scores has nothing to add up to: as written.
        expected = start * len(counts) if zero_sum else sum(counts.values())
        return SheetCheck(counts, expected, None)
    computed = computed_counts(counts.keys(), start, hand_deltas)
    expected_total = start * len(counts) if zero_sum else sum(computed.values())
    differences = {
        seat: counts[seat] - computed[seat] for seat in counts if counts[seat] != computed[seat]
    }
    return SheetCheck(counts, expected_total, computed, differences)
