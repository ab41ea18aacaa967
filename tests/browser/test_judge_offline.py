"""The judge's table page with no connection (issue 16), in a real browser (Chromium):
the service worker keeps the page for the session that opened it, and for nobody else."""

import contextlib

from tests.browser.conftest import BROWSER_TEST, fill_povinost_hand, logged_in
from tests.browser.test_judge_phone import SHOTS

pytestmark = BROWSER_TEST


WAIT_FOR_WORKER = """async () => {
  await navigator.serviceWorker.ready;
  while (!navigator.serviceWorker.controller) await new Promise((done) => setTimeout(done, 50));
}"""


# The worker keeps a table's page (asked by the page once it controls it) and its sheet
# page with it, in the background.
WAIT_FOR_KEPT_PAGE = """async (url) => {
  for (;;) {
    for (const name of await caches.keys()) {
      if (name.startsWith("judge-page-") && await (await caches.open(name)).match(url)) return;
    }
    await new Promise((done) => setTimeout(done, 50));
  }
}"""


def _open_with_worker(context, url):
    """Open the table page `url` once and wait until the service worker controls the
    page (the first visit installs it) and has kept the page and the table's sheet page
    (no request left in flight)."""
    page = context.new_page()
    page.goto(url)
    # (wait_for_function would evaluate a string, which the page's CSP forbids)
    page.evaluate(WAIT_FOR_WORKER)
    page.evaluate(WAIT_FOR_KEPT_PAGE, url)
    page.evaluate(WAIT_FOR_KEPT_PAGE, f"{url}sheet/")
    return page


def test_the_table_page_opens_offline_once_opened(browser_page, live_server, judge, table1):
    logged_in(browser_page, live_server, judge)
    url = f"{live_server.url}/tables/{table1.pk}/"
    page = _open_with_worker(browser_page, url)
    assert page.locator("#add-hand").count() == 1

    browser_page.set_offline(True)
    page.reload()
    assert page.locator("#add-hand").count() == 1
    assert page.title().startswith(str(table1))
    # Its styles and htmx (loaded once the page has) come from the worker's cache too.
    page.wait_for_function("typeof htmx === 'object'")
    assert page.evaluate("getComputedStyle(document.body).margin") != "8px"


def test_after_logout_the_kept_page_is_not_shown(browser_page, live_server, judge, table1):
    logged_in(browser_page, live_server, judge)
    url = f"{live_server.url}/tables/{table1.pk}/"
    page = _open_with_worker(browser_page, url)
    page.click("form[data-logout] button")
    page.wait_for_url(f"{live_server.url}/")

    browser_page.set_offline(True)
    page.goto(url)
    assert page.locator("#offline-notice").count() == 1
    assert page.locator("#add-hand").count() == 0
    assert str(table1) not in page.content()
    # The sheet page kept with it is gone too.
    page.goto(f"{url}sheet/")
    assert page.locator("#offline-notice").count() == 1
    assert page.locator("#sheet-form").count() == 0


def test_the_next_person_on_the_phone_never_gets_the_page(
    browser_page, live_server, judge, other_judge, table1, table2
):
    """Another session on the same phone (here without the logout's own clearing): its
    first table page empties what the previous session kept, and another judge's table
    (403) is dropped."""
    logged_in(browser_page, live_server, judge)
    url = f"{live_server.url}/tables/{table1.pk}/"
    _open_with_worker(browser_page, url).close()

    browser_page.clear_cookies()
    logged_in(browser_page, live_server, other_judge)
    page = browser_page.new_page()
    page.goto(f"{live_server.url}/tables/{table2.pk}/")
    assert page.locator("#add-hand").count() == 1
    assert page.goto(url).status == 403

    assert page.goto(f"{url}sheet/").status == 403

    browser_page.set_offline(True)
    for kept in (url, f"{url}sheet/"):
        page.goto(kept)
        assert page.locator("#offline-notice").count() == 1
        assert str(table1) not in page.content()


def test_another_browser_context_gets_nothing(chromium, live_server, judge, table1):
    first = chromium.new_context(viewport={"width": 360, "height": 780})
    logged_in(first, live_server, judge)
    url = f"{live_server.url}/tables/{table1.pk}/"
    _open_with_worker(first, url)

    second = chromium.new_context(viewport={"width": 360, "height": 780})
    second.set_offline(True)
    page = second.new_page()
    from playwright.sync_api import Error as PlaywrightError

    # Chromium's own error page (goto raises): nothing was kept in this context.
    with contextlib.suppress(PlaywrightError):
        page.goto(url)
    assert page.locator("#add-hand").count() == 0


# Three hands the judge enters offline: (declarer, partner, declarer's points).
HANDS = [("1", "3", "59"), ("2", "4", "70"), ("1", "2", "40")]


def _enter_offline(page, declarer, partner, points) -> None:
    """Fill and save a hand with no connection (no preview comes back)."""
    # The page knows it is offline first: else the save may still reach the server, and
    # only its answer be lost (queued, and stored once, but not "entered offline").
    page.wait_for_selector("#connection[data-state=offline]")
    if page.locator("#add-hand[open]").count() == 0:
        page.click("summary.button")
    page.select_option("#id_declarer", declarer)
    page.select_option("#id_partner", partner)
    page.fill("#id_declarer_points", points)
    page.click("button[value=save]")


def _stored(table):
    from tournaments.models import Hand

    return [
        (hand.number, str(hand.data["declarer"]), str(hand.data["partner"]))
        for hand in Hand.objects.filter(table=table).order_by("number")
    ]


def _three_hands_offline(context, live_server, judge, table):
    logged_in(context, live_server, judge)
    page = _open_with_worker(context, f"{live_server.url}/tables/{table.pk}/")
    # Reloads with hands waiting ask first (beforeunload): the judge stays.
    page.on("dialog", lambda dialog: dialog.dismiss())
    context.set_offline(True)
    for declarer, partner, points in HANDS:
        _enter_offline(page, declarer, partner, points)
    page.wait_for_selector("#offline-queue li.queued >> nth=2")
    return page


def test_three_hands_saved_offline_are_stored_once_in_order(
    browser_page, live_server, judge, table1
):
    page = _three_hands_offline(browser_page, live_server, judge, table1)
    page.click("button[value=save]")  # a second tap on the cleared form queues nothing
    queued = page.locator("#offline-queue li.queued")
    assert queued.count() == 3
    assert queued.nth(0).inner_text().startswith("Waiting to send")
    assert "not yet scored" in queued.nth(0).inner_text()
    first = queued.nth(0).inner_text()
    # The game first, chosen or left as it was, then what the judge entered.
    assert first.split("\n")[0].startswith("Waiting to send Povinost (with a partner); ")
    assert "Declarer (seat): 1 · P11 Player11; Partner (holds the called trump): 3" in first
    assert "Declaring side's points: 59" in first and "70" in queued.nth(1).inner_text()
    assert "3 waiting to send" in page.inner_text("#connection")
    assert page.get_attribute("#connection", "data-state") == "offline"
    assert _stored(table1) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    SHOTS.mkdir(exist_ok=True)
    # From the connection line down to the queue's button (the form below is as ever).
    page.evaluate("window.scrollTo(0, 0)")
    box = page.locator("#offline-queue").bounding_box()
    height = box["y"] + box["height"] + 8
    clip = {"x": 0, "y": 0, "width": 360, "height": height}
    page.screenshot(path=str(SHOTS / "judge-phone-waiting-to-send.png"), full_page=True, clip=clip)

    # Back online: sent in order, then the page is read again from the server.
    with page.expect_navigation():
        browser_page.set_offline(False)
    page.wait_for_selector("#hands-body tr >> nth=2")
    assert _stored(table1) == [(1, "1", "3"), (2, "2", "4"), (3, "1", "2")]
    assert page.locator("#hands-body tr").count() == 3
    assert page.inner_text("#hand-count") == "3 hands"
    assert page.locator("#offline-queue").is_hidden()
    page.wait_for_selector("#connection[data-state=online]")
    assert page.inner_text("#connection") == "Online"


LOSE_SECOND_ANSWER = """() => {
  const send = window.fetch;
  window.sentHands = 0;
  window.fetch = async (url, options) => {
    const answer = await send(url, options);
    if (!String(url).includes("/hands/")) return answer;  // the ping, say
    window.sentHands += 1;
    if (window.sentHands === 2) throw new TypeError("connection lost");
    return answer;
  };
}"""


def test_a_send_cut_off_midway_still_stores_each_hand_once(
    browser_page, live_server, judge, table1
):
    """The second hand reaches the server but its answer is lost: the queue stops, and
    "Send now" sends it again, which the server recognises as stored before."""
    page = _three_hands_offline(browser_page, live_server, judge, table1)
    # The phone's requests go through its service worker, where Playwright's routes do
    # not see them; so the answer is lost in the page itself: the request reaches the
    # server, then the page hears "connection lost" instead of the answer.
    page.evaluate(LOSE_SECOND_ANSWER)
    browser_page.set_offline(False)
    # The first is stored and gone; the queue stops at the second, waiting again.
    page.wait_for_selector("#offline-queue li.queued:nth-child(3)", state="detached")
    page.wait_for_selector("#connection[data-state=online]")
    assert page.get_attribute("#offline-queue li.queued >> nth=0", "data-state") == "waiting"
    assert page.locator("#offline-queue li.queued").count() == 2
    assert [number for number, *_ in _stored(table1)] == [1, 2]
    assert page.evaluate("window.sentHands") == 2

    with page.expect_navigation():
        page.click("#send-now")
    page.wait_for_selector("#hands-body tr >> nth=2")
    assert _stored(table1) == [(1, "1", "3"), (2, "2", "4"), (3, "1", "2")]
    assert page.locator("#hands-body tr").count() == 3


def test_a_hand_entered_on_the_kept_copy_builds_on_the_phones_own_saves(
    browser_page, live_server, judge, table1
):
    """The kept page predates a hand saved online since; opened offline it says it is
    the phone's copy, and a hand entered on it follows the saved one (not stale)."""
    logged_in(browser_page, live_server, judge)
    page = _open_with_worker(browser_page, f"{live_server.url}/tables/{table1.pk}/")
    page.on("dialog", lambda dialog: dialog.dismiss())
    fill_povinost_hand(page)
    page.click("button[value=save]")
    page.wait_for_selector("text=Hand 1 saved")

    browser_page.set_offline(True)
    page.reload()
    page.wait_for_selector("#connection[data-state=offline]")
    assert "as the phone last loaded it" in page.inner_text("#connection")
    _enter_offline(page, *HANDS[1])
    page.wait_for_selector("#offline-queue li.queued")

    with page.expect_navigation():
        browser_page.set_offline(False)
    page.wait_for_selector("#hands-body tr >> nth=1")
    assert _stored(table1) == [(1, "1", "3"), (2, "2", "4")]


def test_leaving_with_hands_waiting_asks_first(browser_page, live_server, judge, table1):
    logged_in(browser_page, live_server, judge)
    page = _open_with_worker(browser_page, f"{live_server.url}/tables/{table1.pk}/")
    browser_page.set_offline(True)
    _enter_offline(page, *HANDS[0])
    page.wait_for_selector("#offline-queue li.queued")
    with page.expect_event("dialog") as asked:
        page.close(run_before_unload=True)
    assert asked.value.type == "beforeunload"
    asked.value.dismiss()  # the judge stays
    assert not page.is_closed()
    assert page.locator("#offline-queue li.queued").count() == 1
