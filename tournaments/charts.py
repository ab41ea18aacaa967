"""Charts drawn with matplotlib, as SVG text (no files, no display).

matplotlib's Figure is used directly, not pyplot: pyplot keeps global state that is not
safe across a server's threads.
"""

import io
from collections.abc import Mapping, Sequence

from django.utils.translation import gettext
from matplotlib.figure import Figure


def chips_chart_svg(series: Mapping[str, Sequence[tuple[int, int]]], *, title: str = "") -> str:
    """One line per tournament: the chips won so far after each round (cumulative).

    `series`: label → [(round number, net chips that round), …] in round order.
    """
    figure = Figure(figsize=(6.4, 3.2), dpi=100)
    axes = figure.subplots()
    for label, points in series.items():
        running, total = [], 0
        for _, chips in points:
            total += chips
            running.append(total)
        axes.plot([number for number, _ in points], running, marker="o", label=label)
    axes.axhline(0, color="#999", linewidth=0.8)
    # Translators: the x axis of a player's chart: the rounds of a tournament.
    axes.set_xlabel(gettext("Round"))
    axes.set_ylabel(gettext("Chips won so far"))
    # A tick at each round played and half a round of room either side: with one round
    # matplotlib would otherwise label fractions of a round (0.96 … 1.04).
    rounds = sorted({number for points in series.values() for number, _chips in points})
    if rounds:
        axes.set_xticks(rounds)
        axes.set_xlim(rounds[0] - 0.5, rounds[-1] + 0.5)
    if title:
        axes.set_title(title)
    if series:
        axes.legend(fontsize="small", loc="best")
    figure.tight_layout()
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg")
    return buffer.getvalue()
