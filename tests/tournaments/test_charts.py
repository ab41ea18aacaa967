"""The player's chart: its round axis names the rounds played, whole numbers only."""

import re

from tournaments.charts import chips_chart_svg


def _tick_labels(svg: str) -> list[str]:
    # matplotlib writes each tick label's text as a comment before its glyphs.
    return re.findall(r"<!-- (\S+) -->", svg)


def test_one_round_has_one_tick_at_that_round_not_fractions():
    svg = chips_chart_svg({"Spring (2026-04-11)": [(1, 7)]})
    labels = _tick_labels(svg)
    assert "1" in labels
    assert not any(re.fullmatch(r"\d\.\d+", label) for label in labels)


def test_several_rounds_tick_each_round_played():
    svg = chips_chart_svg({"A": [(1, 3), (2, -1), (3, 4)], "B": [(1, -2), (2, 5)]})
    labels = _tick_labels(svg)
    assert {"1", "2", "3"} <= set(labels)
    assert "2.5" not in labels and "0.5" not in labels
