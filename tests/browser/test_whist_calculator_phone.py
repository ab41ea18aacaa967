"""The whist calculator on a 360 px phone: tricks typed in, the hand added to the rubber."""

from tests.browser.conftest import BROWSER_TEST

pytestmark = BROWSER_TEST


def test_a_whist_hand_is_scored_and_added_to_the_rubber_without_scrolling_sideways(
    browser_page, live_server
):
    page = browser_page.new_page()
    page.goto(f"{live_server.url}/calculator/whist/")
    assert page.locator(".card-picker").count() == 0
    page.fill("#id_tricks_NS", "11")
    page.fill("#id_tricks_EW", "2")
    page.locator("#id_tricks_EW").dispatch_event("change")
    page.wait_for_selector("#result table.settlement:has-text('11−6=5 over the book × 2 = 10')")
    page.click("text=Add to the running total")
    page.wait_for_selector("#result:has-text('Game 1 to N–S: +50')")
    assert "1 hand in this rubber." in page.inner_text("#result")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
