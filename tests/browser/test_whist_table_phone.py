"""A whist table on a 360 px phone: the rubber's score under the hands, no sideways scroll.

Hussar is the widest rubber (four seats, each alone); the judge types a hand of it into
the table's form, and the page shows the rubber's running score and its result.
"""

import datetime

from tests.browser.conftest import BROWSER_TEST, logged_in, table_in_play

pytestmark = BROWSER_TEST


def _whist_table(club, director, judge):
    return table_in_play(
        club, director, judge, "whist", ["Kateřina", "Bohumil", "Jaroslava", "Přemysl"],
        "Novotná-Dvořáková", date=datetime.date(2026, 12, 5), hands_per_round=12,
    )  # fmt: skip


def test_a_hussar_rubber_at_a_table_fits_a_phone(browser_page, live_server, club, director, judge):
    from tournaments.models import Hand

    table = _whist_table(club, director, judge)
    logged_in(browser_page, live_server, judge)
    page = browser_page.new_page()
    page.goto(f"{live_server.url}/tables/{table.pk}/")
    page.click("summary.button")
    page.check("input[name=variant][value=hussar]", force=True)
    page.click("text=Hussar and three players: each seat's tricks")
    for seat, tricks in enumerate((6, 3, 2, 2), start=1):
        page.fill(f"#id_tricks_{seat}", str(tricks))
    page.select_option("#id_honours_seat", "2")
    page.select_option("#id_honours_count", "4")
    page.click("button[value=save]")
    page.wait_for_selector("text=Hand 1 saved")
    # Seat 1: (6 − 3) × 2 = 6; seat 2: four honours 2.
    assert Hand.objects.get().settlement["deltas"] == {"1": 6, "2": 2, "3": 0, "4": 0}
    rubber = page.inner_text("#rubber")
    assert "Rubber 1" in rubber and "1 hand in this rubber." in rubber
    assert page.locator("#rubber th.num").count() == 4
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
