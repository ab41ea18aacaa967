"""The Czech calculator on a 360 px phone: the card counter counts as the cards are tapped."""

from tests.browser.conftest import BROWSER_TEST

pytestmark = BROWSER_TEST


def test_tapped_cards_are_counted_live_and_scored_without_scrolling_sideways(
    browser_page, live_server
):
    page = browser_page.new_page()
    page.goto(f"{live_server.url}/calculator/cz_xix/")
    page.select_option("#id_partner", "3")
    page.click("text=Count the points from the cards")
    page.select_option("#id_cards_side", "opponents")
    for card in ("K-hearts", "Q-hearts", "7-clubs"):
        page.click(f"label.card:has(input[name=cards][value='{card}'])")
    page.wait_for_selector("#card-count:has-text('3 cards ticked: 8 points')")
    assert "declaring side 62, opponents 8 (of 70)" in page.inner_text("#card-count")
    # The result follows every tap; wait for the one after the third card.
    page.wait_for_selector("#result table.settlement:has-text('|62−35|=27')")
    page.click("text=Check the count: tick the other side's cards too")
    page.click("label.card:has(input[name=other_cards][value='skys'])")
    page.wait_for_selector("#card-count:has-text('Not ticked on either side')")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
