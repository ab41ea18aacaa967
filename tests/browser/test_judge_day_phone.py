"""A tournament day as judges meet it on a 360 px phone (issue 26), in Chromium: a save
that loses to another device keeps what was typed, the table page is kept for offline
use from its first visit, and a page whose sign-in changed in another tab loses nothing."""

from tests.browser.conftest import (
    BROWSER_TEST,
    fill_povinost_hand,
    hand_saved,
    logged_in,
    previewed,
)
from tests.browser.test_judge_phone import SHOTS

pytestmark = BROWSER_TEST


def _points(table):
    from tournaments.models import Hand

    return [
        hand.data["declarer_points"] for hand in Hand.objects.filter(table=table).order_by("number")
    ]


def test_a_save_another_phone_beat_keeps_the_typed_hand_in_the_form(
    chromium, live_server, judge, table1
):
    """Two phones on one table: the second saves a hand built before the first's save.
    Refused (the version check), it comes back in the form as typed, on the table as it
    is now; Save again stores it."""
    phones = []
    for _ in range(2):
        context = chromium.new_context(viewport={"width": 360, "height": 780})
        logged_in(context, live_server, judge)
        page = context.new_page()
        page.goto(f"{live_server.url}/tables/{table1.pk}/")
        phones.append(page)
    first, second = phones
    fill_povinost_hand(second)  # 1 and 3, 59 points
    first.click("summary.button")
    first.select_option("#id_declarer", "2")
    first.select_option("#id_partner", "4")
    first.fill("#id_declarer_points", "70")
    previewed(first)
    first.click("button[value=save]")
    first.wait_for_selector("text=Hand 1 saved")

    second.evaluate("window.notReloaded = true")
    second.click("button[value=save]")
    second.wait_for_selector("#conflict")
    assert "Another device changed this table" in second.inner_text("#conflict")
    assert second.input_value("#id_declarer") == "1"
    assert second.input_value("#id_partner") == "3"
    assert second.input_value("#id_declarer_points") == "59"
    # The table as it is now: the first phone's hand and its chips.
    assert second.locator("#hands-body tr").count() == 1
    assert second.inner_text("#hand-count") == "1 hand"
    assert second.locator("#seat-board .seat-chips").all_inner_texts() == ["95", "105", "95", "105"]
    assert _points(table1) == [70]
    assert second.evaluate("window.notReloaded") is True
    assert second.evaluate("document.documentElement.scrollWidth") <= 360
    SHOTS.mkdir(exist_ok=True)
    second.locator("#add-hand").screenshot(path=str(SHOTS / "judge-phone-conflict-kept.png"))

    second.click("button[value=save]")
    second.wait_for_selector("text=Hand 2 saved")
    assert _points(table1) == [70, 59]
    assert second.locator("#hands-body tr").count() == 2


# Resolves once a judge-page cache holds `url` with `text` in it (fails after 15 s).
WAIT_FOR_KEPT = """async ([url, text]) => {
  for (const start = Date.now(); Date.now() - start < 15000;) {
    for (const name of await caches.keys()) {
      if (!name.startsWith("judge-page-")) continue;
      const kept = await (await caches.open(name)).match(url);
      if (kept && (await kept.text()).includes(text)) return;
    }
    await new Promise((done) => setTimeout(done, 50));
  }
  throw new Error(`${url} was not kept with ${text}`);
}"""


def test_the_table_page_opened_once_opens_offline_with_the_hands_saved_on_it(
    browser_page, live_server, judge, table1
):
    """One visit (no reload), a hand saved through htmx, then no connection: the page
    opens from the phone's copy, with the saved hand."""
    logged_in(browser_page, live_server, judge)
    url = f"{live_server.url}/tables/{table1.pk}/"
    page = browser_page.new_page()
    page.goto(url)
    fill_povinost_hand(page)
    page.click("button[value=save]")
    page.wait_for_selector("text=Hand 1 saved")
    history = f"/tables/{table1.pk}/hands/1/history/"
    page.evaluate(WAIT_FOR_KEPT, [url, history])
    page.evaluate(WAIT_FOR_KEPT, [f"{url}sheet/", "sheet-form"])

    browser_page.set_offline(True)
    page.reload()
    page.wait_for_selector("#connection[data-state=offline]")
    assert page.locator("#offline-notice").count() == 0
    assert page.locator("#add-hand").count() == 1
    assert page.locator("#hands-body tr").count() == 1
    assert page.inner_text("#hand-count") == "1 hand"
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    SHOTS.mkdir(exist_ok=True)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(SHOTS / "judge-phone-kept-first-visit.png"))
    # And its score sheet page, kept with it.
    page.click("text=Enter the score sheet")
    page.wait_for_selector("#sheet-form")


def _sign_in_in_another_tab(context, live_server) -> None:
    """The judge signs in on the same phone in a second tab: the browser's CSRF token
    changes (and the session's key), so the first tab's page carries an old one."""
    tab = context.new_page()
    tab.goto(f"{live_server.url}/accounts/login/")
    tab.fill("#id_username", "jan-judge")
    tab.fill("#id_password", "pw")
    tab.click("main button[type=submit]")
    tab.wait_for_url(f"{live_server.url}/")
    tab.close()


def test_a_save_refused_for_a_sign_in_in_another_tab_keeps_the_hand(
    browser_page, live_server, judge, table1
):
    """The phone holds the table's judge link, signs in as the judge in a second tab, and
    presses Save hand in the first: the server refuses the page's old token (nothing
    saved); the hand waits on the phone, the page says to reload; reloaded, it is sent."""
    table1.judge_token = "t" * 43
    table1.save()
    page = browser_page.new_page()
    page.goto(f"{live_server.url}/judge/{table1.judge_token}/")
    page.on("dialog", lambda dialog: dialog.dismiss())
    fill_povinost_hand(page)
    _sign_in_in_another_tab(browser_page, live_server)

    with page.expect_response(hand_saved) as refused:
        page.click("button[value=save]")
    assert refused.value.status == 403
    assert refused.value.headers["x-csrf-failure"] == "1"
    page.wait_for_selector("#sign-in-changed:visible")
    assert "sign-in is out of date" in page.inner_text("#sign-in-changed")
    queued = page.locator("#offline-queue li.queued")
    assert queued.count() == 1
    assert queued.get_attribute("data-state") == "waiting"
    assert "Declaring side's points: 59" in queued.inner_text()
    assert _points(table1) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "judge-phone-sign-in-changed.png"))

    # Reloaded, the page has the new sign-in's token; the hand, kept under the earlier
    # one, is sent once the judge says so.
    with page.expect_navigation():
        page.click("#reload-page")
    page.wait_for_selector("#offline-queue li.queued[data-state=orphan]")
    page.locator("#offline-queue").screenshot(path=str(SHOTS / "judge-phone-sign-in-reloaded.png"))
    with page.expect_navigation():
        page.click("#offline-queue >> text=Send it with this sign-in")
    page.wait_for_selector("#hands-body tr >> nth=0")
    assert _points(table1) == [59]
    assert page.locator("#offline-queue").is_hidden()


def test_without_javascript_the_refusal_is_a_page_in_words(chromium, live_server, table1):
    context = chromium.new_context(
        viewport={"width": 360, "height": 780}, java_script_enabled=False
    )
    table1.judge_token = "t" * 43
    table1.save()
    page = context.new_page()
    page.goto(f"{live_server.url}/judge/{table1.judge_token}/")
    page.click("summary.button")
    page.select_option("#id_declarer", "1")
    page.select_option("#id_partner", "3")
    page.fill("#id_declarer_points", "59")
    _sign_in_in_another_tab(context, live_server)

    with page.expect_navigation():
        page.click("button[value=save]")
    assert "you signed in or out in another tab or window" in page.inner_text("#csrf-failure")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "judge-phone-csrf-page.png"))
    # Back on the table's page (read again, with the new token), the hand saves.
    page.click("text=Back to the page")
    page.click("summary.button")
    page.select_option("#id_declarer", "1")
    page.select_option("#id_partner", "3")
    page.fill("#id_declarer_points", "59")
    with page.expect_navigation():
        page.click("button[value=save]")
    assert _points(table1) == [59]


def test_a_queued_hand_sent_after_a_sign_in_in_another_tab_keeps_waiting(
    browser_page, live_server, judge, table1
):
    """A hand saved offline (on the table's judge link) is sent when the connection
    returns, but the judge signed in in another tab meanwhile: refused for the old token, it waits (not "refused"),
    nothing more is sent from the page, and the page says to reload."""
    from tests.browser.test_judge_offline import (
        HANDS,
        WAIT_FOR_KEPT_PAGE,
        WAIT_FOR_WORKER,
        _enter_offline,
    )

    table1.judge_token = "t" * 43
    table1.save()
    page = browser_page.new_page()
    page.goto(f"{live_server.url}/judge/{table1.judge_token}/")
    page.evaluate(WAIT_FOR_WORKER)
    page.evaluate(WAIT_FOR_KEPT_PAGE, f"{live_server.url}/tables/{table1.pk}/")
    page.on("dialog", lambda dialog: dialog.dismiss())
    _sign_in_in_another_tab(browser_page, live_server)
    browser_page.set_offline(True)
    _enter_offline(page, *HANDS[0])
    page.wait_for_selector("#offline-queue li.queued")

    browser_page.set_offline(False)
    page.wait_for_selector("#sign-in-changed:visible")
    queued = page.locator("#offline-queue li.queued")
    assert queued.get_attribute("data-state") == "waiting"
    assert page.locator("#send-now").is_hidden()
    assert _points(table1) == []

    with page.expect_navigation():
        page.click("#reload-page")
    with page.expect_navigation():
        page.click("#offline-queue >> text=Send it with this sign-in")
    page.wait_for_selector("#hands-body tr >> nth=0")
    assert _points(table1) == [59]
