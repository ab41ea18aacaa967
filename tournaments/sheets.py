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

    `expected_total` is what the counts must add up to, None where nothing fixes it (a
    paper-only table of written scores); `computed` each seat's count from the hands
    (None for a paper-only table); `differences` seat → sheet − computed, only for the
    seats that differ. At a paper-only table of written scores `step` is what every
    score is a multiple of (None: the ruleset has no such rule, so nothing is checked)
    and `off_step` seat → count for the counts that are not.
    """

    counts: Mapping[int, Amount]
    expected_total: Amount | None
    computed: Mapping[int, Amount] | None
    differences: Mapping[int, Amount] = field(default_factory=dict)
    step: int | None = None
    off_step: Mapping[int, Amount] = field(default_factory=dict)

    @property
    def total(self) -> Amount:
        return sum(self.counts.values())

    @property
    def total_ok(self) -> bool:
        return self.expected_total is None or self.total == self.expected_total

    @property
    def checks_nothing(self) -> bool:
        """Whether nothing about the sheet could be checked (the page then says so)."""
        return self.expected_total is None and self.computed is None and self.step is None

    @property
    def ok(self) -> bool:
        return self.total_ok and not self.differences and not self.off_step


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
    step: int | None = None,
) -> SheetCheck:
    """Check a sheet: (a) the total, and (b) unless paper-only, each seat against the hands.

    For payment rulesets (`zero_sum`) the total must be the start times the players (400
    at a table of four starting with 100 chips), whatever the hands say. For rulesets that
    write scores for each player the total must equal the sum of the hands.

    A paper-only table of written scores has no total to reach; where every score of the
    ruleset is a multiple of `step` (RULES §5.3: Slovenian scores go in fives), each count
    less the start must be one too (a paper-only table records no hands, so no ruling
    can be off the step either).

    >>> check_sheet({1: 35, 2: -20, 3: 7, 4: 0}, start=0, paper_only=True, zero_sum=False,
    ...             step=5).off_step
    {3: 7}
    """
    if paper_only and zero_sum:
        return SheetCheck(counts, start * len(counts), None)
    if paper_only:
        off_step = {
            seat: count for seat, count in counts.items() if step and (count - start) % step
        }
        return SheetCheck(counts, None, None, step=step, off_step=off_step)
    computed = computed_counts(counts.keys(), start, hand_deltas)
    expected_total = start * len(counts) if zero_sum else sum(computed.values())
    differences = {
        seat: counts[seat] - computed[seat] for seat in counts if counts[seat] != computed[seat]
    }
    return SheetCheck(counts, expected_total, computed, differences)
