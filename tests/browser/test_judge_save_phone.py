"""Save hand on a phone shows the row at once (issue 29): marked sending from the entered
hand and its preview's chips, confirmed by the server's answer, or, refused, the hand
back in the form with the reason in words. In Chromium, with the save's answer held in
the page until the test lets it through."""

from tests.browser.conftest import BROWSER_TEST, fill_povinost_hand, logged_in
from tests.browser.test_judge_phone import SHOTS

pytestmark = BROWSER_TEST

# The page's saves wait, unsent, until `window.release()`.
HOLD_SAVES = """() => {
  const send = window.fetch;
  window.released = new Promise((done) => { window.release = done; });
  window.fetch = async (url, options) => {
    if (options && options.method === "POST" && String(url).endsWith("/hands/")) await window.released;
    return send(url, options);
  };
}"""


def _held_save(context, live_server, judge, table):
    """A Povinost (1 and 3, 59 points) previewed and saved, its send held."""
    logged_in(context, live_server, judge)
    page = context.new_page()
    page.goto(f"{live_server.url}/tables/{table.pk}/")
    page.evaluate("window.notReloaded = true")
    fill_povinost_hand(page)
    page.evaluate(HOLD_SAVES)
    page.click("button[value=save]")
    return page


def test_the_row_shows_at_once_as_sending_and_the_answer_confirms_it(
    browser_page, live_server, judge, table1
):
    from tournaments.models import Hand

    page = _held_save(browser_page, live_server, judge, table1)
    pending = page.locator("#hands-body tr[data-state=sending]")
    pending.wait_for()
    # From what was entered and previewed, before the server has it; the form is blank.
    assert pending.locator("td").all_inner_texts()[:5] == ["1", "+3", "−3", "+3", "−3"]
    assert "Sending…" in pending.inner_text()
    assert page.locator("#no-hand").is_hidden()
    assert page.input_value("#id_declarer_points") == ""
    assert not Hand.objects.exists()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "judge-phone-row-sending.png"), full_page=True)

    page.evaluate("window.release()")
    page.wait_for_selector("#hands-body tr[data-state=saved]")
    assert page.locator("#hands-body tr").count() == 1
    assert page.locator("#hands-body tr.pending").count() == 0
    assert "history" in page.inner_text("#hands-body tr[data-state=saved]")
    page.wait_for_selector("text=Hand 1 saved")
    assert page.locator("#seat-board .seat-chips").all_inner_texts() == ["103", "97", "103", "97"]
    assert Hand.objects.get().number == 1
    # The next hand builds on the table's new version, with a new submission id.
    assert page.input_value("#add-hand input[name=version]") == "1"
    assert page.evaluate("window.notReloaded") is True


def test_a_refused_save_puts_the_hand_back_into_the_form_with_the_reason(
    browser_page, live_server, judge, director, table1
):
    from tournaments import score_sheets
    from tournaments.access import TableAccess
    from tournaments.models import Hand

    page = _held_save(browser_page, live_server, judge, table1)
    page.locator("#hands-body tr[data-state=sending]").wait_for()
    # Meanwhile the table's sheet is confirmed: the table is locked.
    table1.refresh_from_db()
    access = TableAccess(table1, None, "link", False, browser="another-phone")
    sheet = score_sheets.add_sheet(access=access, counts=dict.fromkeys(range(1, 5), 100)).sheet
    score_sheets.confirm_sheet(sheet=sheet, by=director)

    page.evaluate("window.release()")
    page.wait_for_selector("#refusal")
    assert "is locked: its score sheet was confirmed" in page.inner_text("#refusal")
    # Nothing shown as saved: no row, the typed hand back in the form as it was sent.
    assert page.locator("#hands-body tr.pending").count() == 0
    assert page.locator("#hands-body tr[data-state=saved]").count() == 0
    assert page.locator("#no-hand").is_visible()
    assert page.input_value("#id_declarer") == "1"
    assert page.input_value("#id_partner") == "3"
    assert page.input_value("#id_declarer_points") == "59"
    assert page.input_value("#add-hand input[name=version]") == "0"
    assert page.locator("#offline-queue li.queued").count() == 0
    assert not Hand.objects.exists()
    assert page.evaluate("window.notReloaded") is True
