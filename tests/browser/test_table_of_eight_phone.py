"""A table of eight on a 360 px phone: eight seats, eight score inputs, no sideways scroll.

The two-pack Slovenian game seats eight; Tally (tests/rulesets/tally.py) stands in for it
so the page's layout is tested apart from that game's form.
"""

from pathlib import Path

import pytest

from scoring.registry import registered
from tests.browser.conftest import (
    BROWSER_TEST,
    fill_slovenian_trojka,
    logged_in,
    table_of_eight_for,
)
from tests.rulesets import tally

pytestmark = BROWSER_TEST
SHOTS = Path(__file__).resolve().parent.parent.parent / "test-results"


@pytest.fixture
def table_of_eight(club, director, judge):
    with registered(tally):
        yield table_of_eight_for(club, director, judge, "tally", "Zupančič-Kovačević")


def _fits(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth") <= 360


def test_a_judge_records_a_hand_at_a_table_of_eight_on_a_phone(
    browser_page, live_server, judge, table_of_eight
):
    from tournaments.models import Hand

    logged_in(browser_page, live_server, judge)
    page = browser_page.new_page()
    page.goto(f"{live_server.url}/tables/{table_of_eight.pk}/")
    assert page.locator(".seat-chips").count() == 8
    assert _fits(page)
    page.click("summary.button")
    for seat, points in enumerate((10, 0, 5, 0, 20, 35, 0, 0), start=1):
        page.fill(f"#id_points_{seat}", str(points))
    page.locator("#id_points_1").focus()
    page.wait_for_selector("#preview table.settlement")
    assert _fits(page)
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=SHOTS / "table-of-eight-360.png", full_page=True)
    page.click("button[value=save]")
    page.wait_for_selector("text=Hand 1 saved")
    assert _fits(page)
    assert Hand.objects.get().deltas()[6] == 35


def test_a_slovenian_hand_at_a_table_of_eight_on_a_phone(
    browser_page, live_server, judge, slovenian_table_of_eight
):
    from tournaments.models import Hand

    logged_in(browser_page, live_server, judge)
    page = browser_page.new_page()
    page.goto(f"{live_server.url}/tables/{slovenian_table_of_eight.pk}/")
    assert page.locator(".seat-chips").count() == 8
    assert _fits(page)
    # Every seat's full name is shown (wrapped, not cut off).
    clipped = page.evaluate(
        "[...document.querySelectorAll('.seat-name')].filter(e => e.scrollHeight > e.clientHeight + 1).length"
    )
    assert clipped == 0
    fill_slovenian_trojka(page)
    assert "30 + |83 − 70|" in page.inner_text("#preview") or "+45" in page.inner_text("#preview")
    assert _fits(page)
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=SHOTS / "slovenian-table-of-eight-360.png", full_page=True)
    page.click("button[value=save]")
    page.wait_for_selector("text=Hand 1 saved")
    assert _fits(page)
    assert Hand.objects.get().deltas() == {1: 45, 2: 0, 3: 45, 4: 0, 5: 0, 6: 0, 7: 45, 8: 0}
