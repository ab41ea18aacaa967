"""A judge records a hand on a 360 px phone screen, in a real browser (Chromium)."""

from tests.browser.conftest import BROWSER_TEST

pytestmark = BROWSER_TEST


def test_a_judge_records_a_hand_on_a_phone_without_scrolling_sideways(
    browser_page, live_server, judge, table1
):
    from django.test import Client

    from tournaments.models import Hand

    client = Client()
    client.force_login(judge)
    browser_page.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    page = browser_page.new_page()
    page.goto(f"{live_server.url}/tables/{table1.pk}/")
    page.click("summary.button")
    page.select_option("#id_declarer", "1")
    page.select_option("#id_partner", "3")
    page.fill("#id_declarer_points", "59")
    page.locator("#id_challenge").focus()
    page.wait_for_selector("#preview table.settlement")
    assert "|59−53|=6" in page.inner_text("#preview")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.click("button[value=save]")
    page.wait_for_selector("text=Hand 1 saved")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert Hand.objects.get().settlement["deltas"] == {"1": 3, "2": -3, "3": 3, "4": -3}
