"""What scoring a hand returns, and the settling rules shared by every ruleset.

A :class:`Settlement` is a list of :class:`Line` objects, one per item of the hand (the
game, each bonus, each value, each penalty), each with a readable label and what that item
alone moves for every seat. Amounts are exact: ``int``, or ``Decimal`` where halves occur.

>>> settle_side_item((1, 2, 3, 4), (1, 3), 3)
Deltas({1: 3, 2: -3, 3: 3, 4: -3})
>>> settle_side_item((1, 2, 3, 4), (4,), -12)
Deltas({1: 12, 2: 12, 3: 12, 4: -36})
>>> settle_personal_item((1, 2, 3, 4), 4, 4)
Deltas({1: -4, 2: -4, 3: -4, 4: 12})
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction
from functools import cached_property

from scoring.words import Phrase, joined

__all__ = [
    "Amount",
    "Deltas",
    "Line",
    "Seat",
    "Settlement",
    "exact",
    "round_half_up",
    "settle_personal_item",
    "settle_side_item",
    "shift_to_offenders",
]

Seat = int
Amount = int | Decimal


class Deltas(Mapping[Seat, Amount]):
    """A read-only, hashable mapping seat → amount won (+) or lost (−).

    Deltas add and subtract seat by seat: ``a + b``, ``a - b``.
    """

    __slots__ = ("_amounts",)

    def __init__(self, amounts: Mapping[Seat, Amount] | Iterable[tuple[Seat, Amount]] = ()):
        self._amounts = dict(amounts)

    def __getitem__(self, seat: Seat) -> Amount:
        return self._amounts[seat]

    def __iter__(self) -> Iterator[Seat]:
        return iter(self._amounts)

    def __len__(self) -> int:
        return len(self._amounts)

    def __hash__(self) -> int:
        return hash(tuple(self._amounts.items()))

    def __add__(self, other: Mapping[Seat, Amount]) -> Deltas:
        return Deltas({s: exact(a + other.get(s, 0)) for s, a in self._amounts.items()})

    def __sub__(self, other: Mapping[Seat, Amount]) -> Deltas:
        return Deltas({s: exact(a - other.get(s, 0)) for s, a in self._amounts.items()})

    def __bool__(self) -> bool:
        """True when some seat wins or loses something (not merely when there are seats)."""
        return any(self._amounts.values())

    def __repr__(self) -> str:
        return f"Deltas({self._amounts!r})"

    def to_json(self) -> dict[str, Amount]:
        return {str(seat): amount for seat, amount in self._amounts.items()}


@dataclass(frozen=True, init=False)
class Line:
    """One item of a settlement: a code (``"game"``, ``"value"``…), the words that say what
    it is and how it was reckoned, and its deltas.

    ``words`` are :class:`~scoring.words.Phrase` parts, given as one phrase or several (a
    plain text is taken as a phrase with no blanks); :attr:`label` is their English, joined
    by "; ".
    """

    item: str
    words: tuple[Phrase, ...]
    deltas: Deltas

    def __init__(
        self,
        item: str,
        words: Phrase | str | Iterable[Phrase | str],
        deltas: Mapping[Seat, Amount],
    ) -> None:
        parts = (words,) if isinstance(words, (str, Phrase)) else tuple(words)
        object.__setattr__(self, "item", item)
        object.__setattr__(
            self, "words", tuple(w if isinstance(w, Phrase) else Phrase(w) for w in parts)
        )
        object.__setattr__(self, "deltas", deltas if isinstance(deltas, Deltas) else Deltas(deltas))

    @property
    def label(self) -> str:
        """The line's words in English, as the JSON form and the command line give them."""
        return joined(self.words)

    def to_json(self, *, words: bool = False) -> dict[str, object]:
        """RULES §0.3's line; with ``words``, also the phrases to translate its label by."""
        answer: dict[str, object] = {"item": self.item, "label": self.label}
        if words:
            answer["words"] = [part.to_json() for part in self.words]
        answer["deltas"] = self.deltas.to_json()
        return answer

    def __repr__(self) -> str:
        return f"Line({self.item!r}, {self.label!r}, {dict(self.deltas)!r})"


@dataclass(frozen=True)
class Settlement:
    """The result of scoring one hand: every seat's delta and the lines that make it."""

    ruleset: str
    seats: tuple[Seat, ...]
    lines: tuple[Line, ...]

    def __post_init__(self) -> None:
        for line in self.lines:
            if tuple(line.deltas) != self.seats:
                raise ValueError(f"line {line.item!r} does not list the seats {self.seats}")

    @cached_property
    def deltas(self) -> Deltas:
        """Seat → the sum of that seat's amounts over all lines (zeros included)."""
        totals: dict[Seat, Amount] = dict.fromkeys(self.seats, 0)
        for line in self.lines:
            for seat, amount in line.deltas.items():
                totals[seat] += amount
        return Deltas({seat: exact(total) for seat, total in totals.items()})

    def to_json(self, *, words: bool = False) -> dict[str, object]:
        """The JSON form of RULES §0.3 (seat keys as strings). A recorded hand keeps its
        settlement ``words`` too, so its page can show the lines in the reader's language."""
        return {
            "ruleset": self.ruleset,
            "deltas": self.deltas.to_json(),
            "lines": [line.to_json(words=words) for line in self.lines],
        }

    def __repr__(self) -> str:
        count = len(self.lines)
        return (
            f"<Settlement {self.ruleset} {dict(self.deltas)} from {count} line{'s' * (count != 1)}>"
        )


def round_half_up(value: Decimal | Fraction | int) -> int:
    """Round to the nearest integer, halves away from zero (004 §29: "5 or greater goes up").

    >>> round_half_up(Fraction(45, 10)), round_half_up(Fraction(39, 10))
    (5, 4)
    >>> round_half_up(Decimal("-2.5"))
    -3
    """
    if isinstance(value, int):
        return value
    if isinstance(value, Decimal):
        return int(value.to_integral_value(rounding=ROUND_HALF_UP))
    num, den = abs(value.numerator), value.denominator
    rounded = (2 * num + den) // (2 * den)
    return rounded if value >= 0 else -rounded


def exact(value: Fraction | int | Decimal) -> Amount:
    """An exact amount: ``int`` when whole, else a ``Decimal`` (which must terminate)."""
    if isinstance(value, int):
        return value
    fraction = Fraction(value)
    if fraction.denominator == 1:
        return fraction.numerator
    den = fraction.denominator
    for prime in (2, 5):
        while den % prime == 0:
            den //= prime
    if den != 1:
        raise ValueError(f"{value} has no exact decimal form")
    with localcontext() as context:
        context.prec = 60
        return Decimal(fraction.numerator) / Decimal(fraction.denominator)


def zero(seats: Sequence[Seat]) -> Deltas:
    """Nothing for anybody: the deltas of a ruling or a void item."""
    return Deltas(dict.fromkeys(seats, 0))


def settle_side_item(seats: Sequence[Seat], side: Iterable[Seat], amount: Amount) -> Deltas:
    """Settle a side item (RULES §0.1): ``side`` wins ``amount`` (loses it when negative).

    Each member of the larger side (of either, when equal) settles the amount with the
    other side, whose members share the total equally: 2 v 2 each ±X; 1 v 3 the three ±X
    and the lone player ∓3X. Every seat not in ``side`` is on the other side.
    """
    members = frozenset(side)
    size, others = len(members), len(seats) - len(members)
    if not size or not others or not members <= frozenset(seats):
        raise ValueError(f"side {sorted(members)} does not split the seats {tuple(seats)}")
    larger, smaller = max(size, others), min(size, others)
    share: Amount
    if isinstance(amount, int) and amount * larger % smaller == 0:
        share = amount * larger // smaller
    else:
        share = exact(Fraction(amount) * larger / smaller)
    mine, theirs = (exact(amount), -share) if size >= others else (share, -exact(amount))
    return Deltas({seat: mine if seat in members else theirs for seat in seats})


def settle_personal_item(
    seats: Sequence[Seat], seat: Seat, amount: Amount, payers: Iterable[Seat] | None = None
) -> Deltas:
    """Settle a personal item: each payer (every other seat by default) pays ``seat``."""
    paying = frozenset(payers) if payers is not None else frozenset(seats) - {seat}
    if seat in paying or not paying <= frozenset(seats) or seat not in seats:
        raise ValueError(f"seat {seat} and payers {sorted(paying)} do not fit {tuple(seats)}")
    amount = exact(amount)
    total = exact(amount * len(paying))
    return Deltas({s: total if s == seat else -amount if s in paying else 0 for s in seats})


def shift_to_offenders(deltas: Mapping[Seat, Amount], offenders: Sequence[Seat]) -> Deltas:
    """A side item after the offender rule (SPJST 004 §30, "discarding irregularities").

    The side with positive deltas won the item. If an offender is among the winners, the
    offenders collect nothing, the losers pay nothing, and the first such offender (in
    the order given) pays the other winners what they won. Otherwise, if an offender is
    among the losers, the first such offender also pays the losses of the losers who did
    not offend. An offender alone on a side so simply collects nothing or pays the loss.
    """
    winners = [s for s, a in deltas.items() if a > 0]
    losers = [s for s, a in deltas.items() if a < 0]
    first = next((o for o in offenders if o in winners), None)
    if first is not None:
        shifted: dict[Seat, Amount] = dict.fromkeys(deltas, 0)
        for seat in winners:
            if seat not in offenders:
                shifted[seat] = deltas[seat]
                shifted[first] -= deltas[seat]
        return Deltas(shifted)
    first = next((o for o in offenders if o in losers), None)
    shifted = dict(deltas)
    if first is not None:
        for seat in losers:
            if seat not in offenders:
                shifted[first] += shifted[seat]
                shifted[seat] = 0
    return Deltas(shifted)
