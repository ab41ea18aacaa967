"""A judge records a hand on a 360 px phone screen, in a real browser (Chromium)."""

from pathlib import Path

from tests.browser.conftest import (
    BROWSER_TEST,
    fill_povinost_hand,
    hand_saved,
    logged_in,
    previewed,
)

pytestmark = BROWSER_TEST

SHOTS = Path(__file__).resolve().parents[2] / "test-results"


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


def test_a_judge_saves_hand_after_hand_without_the_page_reloading(
    browser_page, live_server, judge, table1
):
    """With htmx the save answers with the new row, the chips and a blank form, whose
    new submission id and version the next save sends."""
    from tournaments.models import Hand

    logged_in(browser_page, live_server, judge)
    page = browser_page.new_page()
    page.goto(f"{live_server.url}/tables/{table1.pk}/")
    page.evaluate("window.notReloaded = true")
    fill_povinost_hand(page)
    page.click("button[value=save]")
    page.wait_for_selector("text=Hand 1 saved")
    assert page.locator("#hands-body tr").count() == 1
    assert page.locator("#no-hand").count() == 0
    assert page.inner_text("#hand-count") == "1 hand"
    chips = page.locator("#seat-board .seat-chips").all_inner_texts()
    assert chips == ["103", "97", "103", "97"]
    assert "seat 1 deals, seat 2 is Povinost" in page.inner_text("#seat-board")

    # The blank form is open for the next hand: seat 2 with 4, 70 points.
    assert page.input_value("#id_declarer_points") == ""
    page.select_option("#id_declarer", "2")
    page.select_option("#id_partner", "4")
    page.fill("#id_declarer_points", "70")
    previewed(page)
    page.click("button[value=save]")
    page.wait_for_selector("text=Hand 2 saved")
    assert page.evaluate("window.notReloaded") is True
    assert page.locator("#hands-body tr").count() == 2
    assert page.locator("#seat-board .seat-chips").all_inner_texts() == ["98", "102", "98", "102"]
    assert list(Hand.objects.order_by("number").values_list("number", flat=True)) == [1, 2]
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "judge-phone-after-two-hands.png"), full_page=True)


def test_a_hand_the_rules_refuse_is_not_saved_and_says_why_at_its_field(
    browser_page, live_server, judge, table1
):
    """The form takes a partner who is the declarer; the rules do not. Save answers in the
    preview, at the partner's field, and nothing is stored; corrected, the hand saves."""
    from tournaments.models import Hand

    logged_in(browser_page, live_server, judge)
    page = browser_page.new_page()
    page.goto(f"{live_server.url}/tables/{table1.pk}/")
    page.evaluate("window.notReloaded = true")
    fill_povinost_hand(page)
    page.select_option("#id_partner", "1")
    with page.expect_response(hand_saved) as saved:
        page.click("button[value=save]")
    assert saved.value.headers["x-hand-outcome"] == "invalid"
    page.wait_for_selector("#preview >> text=must differ from the declarer")
    assert not Hand.objects.exists()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "judge-phone-refused-hand.png"), full_page=True)

    page.select_option("#id_partner", "3")
    previewed(page)
    page.click("button[value=save]")
    page.wait_for_selector("text=Hand 1 saved")
    assert page.evaluate("window.notReloaded") is True
    assert Hand.objects.get().data["partner"] == 3
