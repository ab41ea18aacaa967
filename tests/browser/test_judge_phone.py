"""A judge records a hand on a 360 px phone screen, in a real browser (Chromium)."""

from tests.browser.conftest import BROWSER_TEST, fill_povinost_hand, logged_in

pytestmark = BROWSER_TEST


def test_a_judge_records_a_hand_on_a_phone_without_scrolling_sideways(
    browser_page, live_server, judge, table1
):
    from tournaments.models import Hand

    logged_in(browser_page, live_server, judge)
    page = browser_page.new_page()
    page.goto(f"{live_server.url}/tables/{table1.pk}/")
    fill_povinost_hand(page)
    assert "|59−53|=6" in page.inner_text("#preview")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.click("button[value=save]")
    page.wait_for_selector("text=Hand 1 saved")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert Hand.objects.get().settlement["deltas"] == {"1": 3, "2": -3, "3": 3, "4": -3}
