"""The player's chart: the points placed in the viewBox, whole rounds, zero always shown."""

import re

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from tournaments.charts import BOTTOM, HEIGHT, LEFT, RIGHT, TOP, WIDTH, chips_chart, step_for
from tournaments.score_words import score_words


def test_one_round_has_one_tick_at_that_round_in_the_middle():
    chart = chips_chart({"Spring (2026-04-11)": [(1, 7)]})
    assert [tick.value for tick in chart.rounds] == [1]
    assert chart.rounds[0].at == (LEFT + WIDTH - RIGHT) / 2


def test_the_lines_run_through_the_running_totals():
    chart = chips_chart({"A": [(1, 3), (2, -1), (3, 4)], "B": [(1, -2), (2, 5)]})
    assert [point.total for point in chart.lines[0].points] == [3, 2, 6]
    assert [point.total for point in chart.lines[1].points] == [-2, 3]
    assert [tick.value for tick in chart.rounds] == [1, 2, 3]
    values = [tick.value for tick in chart.chips]
    assert values[0] <= -2 and values[-1] >= 6 and 0 in values


def test_every_point_lies_inside_the_plot():
    chart = chips_chart({"A": [(1, -300), (2, 450), (5, 20)], "B": [(3, 1)]})
    for line in chart.lines:
        for point in line.points:
            assert LEFT <= point.x <= WIDTH - RIGHT and TOP <= point.y <= HEIGHT - BOTTOM
    assert TOP <= chart.zero <= HEIGHT - BOTTOM


def test_nothing_played_draws_no_chart():
    assert chips_chart({}) is None
    assert chips_chart({"A": []}) is None


def test_a_level_line_of_zeros_still_has_an_axis_to_sit_on():
    chart = chips_chart({"A": [(1, 0), (2, 0)]})
    assert len(chart.chips) >= 2 and chart.lines[0].points[0].y == chart.zero


def test_steps_are_round_numbers():
    assert step_for(30) == 10 and step_for(7) == 2 and step_for(900) == 200
    assert step_for(0) == 1


def test_the_drawing_names_itself_and_its_lines_for_a_screen_reader():
    chart = chips_chart({"Cup (2026-04-11)": [(1, 5), (2, -3)]})
    words = score_words(["spjst"])
    svg = render_to_string("tournaments/_chips_chart.html", {"chart": chart, "words": words})
    assert 'role="img"' in svg and 'aria-labelledby="chips-chart-title"' in svg
    assert '<title id="chips-chart-title">Chips won so far after each round' in svg
    assert '<polyline points="' in svg and "Cup (2026-04-11)" in svg
    assert "style=" not in svg


@pytest.mark.parametrize("language", ["cs", "sl", "en"])
def test_positions_are_svg_numbers_in_every_language(language):
    # A Czech or Slovenian page writes 196.0 as "196,0", which is no SVG length: the
    # browser drops the line (found walking the player's page at 360 px in Czech).
    chart = chips_chart({"Cup (2026-04-11)": [(1, 5), (2, -3), (3, 11)], "B": [(2, 7)]})
    words = score_words(["spjst"])
    with translation.override(language):
        svg = render_to_string("tournaments/_chips_chart.html", {"chart": chart, "words": words})
    positions = re.findall(r'\s(?:x|y|x1|x2|y1|y2|cx|cy)="([^"]*)"', svg)
    assert positions and all(re.fullmatch(r"-?\d+(\.\d+)?", value) for value in positions)
    view_box = re.search(r'viewBox="([^"]*)"', svg).group(1)
    assert re.fullmatch(r"0 0 \d+ \d+", view_box)
    points = re.findall(r'points="([^"]*)"', svg)
    assert points and all(re.fullmatch(r"(-?[\d.]+,-?[\d.]+ ?)+", value) for value in points)
