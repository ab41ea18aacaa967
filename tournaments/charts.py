"""The player's chart of chips over the rounds, as the coordinates an inline SVG draws.

No drawing library and no image request: the server turns a few dozen numbers into
positions in a fixed viewBox, and templates/tournaments/_chips_chart.html draws them as
lines in the page itself, so the chart costs no script, shows without JavaScript and
scales to the width of a phone.
"""

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

# The viewBox; small enough that its text stays readable scaled to a 360 px phone.
WIDTH, HEIGHT = 400, 240
# Room for the axes' numbers and names around the plot.
LEFT, RIGHT, TOP, BOTTOM = 52, 12, 12, 44
# About this many steps on the chips axis.
STEPS = 4


@dataclass(frozen=True)
class Tick:
    """A labelled value on an axis and where it sits in the viewBox (x or y)."""

    value: int
    at: float


@dataclass(frozen=True)
class Point:
    """A round's cumulative chips, placed in the viewBox."""

    x: float
    y: float
    round: int
    total: int


@dataclass(frozen=True)
class Line:
    """One tournament's line: its label and its points in round order."""

    label: str
    points: tuple[Point, ...]

    @property
    def polyline(self) -> str:
        """The points as SVG's `points` attribute reads them."""
        return " ".join(f"{point.x:g},{point.y:g}" for point in self.points)


@dataclass(frozen=True)
class ChipsChart:
    """Everything the template draws: the lines, both axes' ticks and the zero line."""

    lines: tuple[Line, ...]
    rounds: tuple[Tick, ...]
    chips: tuple[Tick, ...]
    zero: float
    width: int = WIDTH
    height: int = HEIGHT
    left: int = LEFT
    right: int = WIDTH - RIGHT
    top: int = TOP
    bottom: int = HEIGHT - BOTTOM


def step_for(span: int) -> int:
    """A round step (1, 2 or 5 times a power of ten) giving about `STEPS` steps over `span`.

    >>> step_for(30), step_for(7), step_for(2), step_for(0)
    (10, 2, 1, 1)
    """
    if span <= 0:
        return 1
    # Whole steps only: the axis counts chips (or a rating rounded), never tenths.
    power = 10 ** max(0, math.floor(math.log10(span / STEPS)))
    return next(
        (multiple * power for multiple in (1, 2, 5) if span / (multiple * power) <= STEPS + 1),
        10 * power,
    )


def _running(points: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    total, running = 0, []
    for number, chips in points:
        total += chips
        running.append((number, total))
    return running


def chips_chart(series: Mapping[str, Sequence[tuple[int, int]]]) -> ChipsChart | None:
    """One line per tournament: the chips won so far after each round (cumulative).

    `series`: label → [(round number, net chips that round), …] in round order. None when
    there is nothing to draw. The chips axis always shows zero; the rounds axis ticks each
    round played, with half a round of room either side.
    """
    running = {label: _running(points) for label, points in series.items() if points}
    if not running:
        return None
    rounds = sorted({number for points in running.values() for number, _ in points})
    # Zero among the totals: the axis always shows where the player broke even.
    totals = [0, *(total for points in running.values() for _, total in points)]
    step = step_for(max(totals) - min(totals))
    low = math.floor(min(totals) / step) * step
    high = max(math.ceil(max(totals) / step) * step, low + step)
    first, last = rounds[0] - 0.5, rounds[-1] + 0.5

    def x(number: float) -> float:
        return round(LEFT + (number - first) / (last - first) * (WIDTH - RIGHT - LEFT), 1)

    def y(chips: float) -> float:
        return round(HEIGHT - BOTTOM - (chips - low) / (high - low) * (HEIGHT - BOTTOM - TOP), 1)

    lines = tuple(
        Line(label, tuple(Point(x(number), y(total), number, total) for number, total in points))
        for label, points in running.items()
    )
    return ChipsChart(
        lines=lines,
        rounds=tuple(Tick(number, x(number)) for number in rounds),
        chips=tuple(Tick(value, y(value)) for value in range(low, high + 1, step)),
        zero=y(0),
    )
