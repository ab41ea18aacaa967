"""The phone's queue past the first hands (issue 16), in Chromium with `set_offline`: the
score sheet entered offline after the hands, a conflict with another device shown side
by side until the judge chooses, running chips for a previewed hand, and a queue left by
an earlier sign-in."""

from tests.browser.conftest import BROWSER_TEST, fill_povinost_hand, logged_in
from tests.browser.test_judge_offline import HANDS, _enter_offline, _open_with_worker, _stored
from tests.browser.test_judge_phone import SHOTS

pytestmark = BROWSER_TEST

COUNTS = [103, 97, 103, 97]


def _sheets(table):
    from tournaments.models import ScoreSheet

    return [sheet.counts() for sheet in ScoreSheet.objects.filter(table=table)]


def _offline_with_three_hands_and_the_sheet(context, live_server, judge, table):
    """Open the table online, go offline, reload it from the phone's copy, enter three
    hands, go to the sheet page (kept too) and enter the sheet: four items wait."""
    logged_in(context, live_server, judge)
    url = f"{live_server.url}/tables/{table.pk}/"
    page = _open_with_worker(context, url)
    page.on("dialog", lambda dialog: dialog.dismiss())
    context.set_offline(True)
    page.reload()
    page.wait_for_selector("#connection[data-state=offline]")
    for declarer, partner, points in HANDS:
        _enter_offline(page, declarer, partner, points)
    page.wait_for_selector("#offline-queue li.queued >> nth=2")
    # To the sheet page: the queue goes along (no warning), the kept page opens offline.
    page.click("text=Enter the score sheet")
    page.wait_for_selector("#sheet-form")
    page.wait_for_selector("#offline-queue li.queued >> nth=2")
    for seat, chips in enumerate(COUNTS, start=1):
        page.fill(f"#id_seat_{seat}", str(chips))
    page.click("text=Check and save the sheet")
    page.wait_for_selector("#offline-queue li.queued >> nth=3")
    return page


def test_three_hands_and_the_sheet_entered_offline_are_stored_once_in_order(
    browser_page, live_server, judge, table1
):
    page = _offline_with_three_hands_and_the_sheet(browser_page, live_server, judge, table1)
    sheet = page.locator("#offline-queue li.queued").nth(3)
    assert sheet.get_attribute("data-kind") == "sheet"
    assert "Score sheet: 1. P11 Player11: 103" in sheet.inner_text()
    assert "4 waiting to send" in page.inner_text("#connection")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    SHOTS.mkdir(exist_ok=True)
    page.locator("#offline-queue").screenshot(path=str(SHOTS / "judge-phone-sheet-queued.png"))
    assert _stored(table1) == [] and _sheets(table1) == []

    with page.expect_navigation():
        browser_page.set_offline(False)
    page.wait_for_selector("text=The counts on the sheet")
    assert _stored(table1) == [(1, "1", "3"), (2, "2", "4"), (3, "1", "2")]
    assert _sheets(table1) == [dict(enumerate(COUNTS, start=1))]
    # The page agrees with the server: the three hands and the sheet's counts.
    assert page.locator("table.hands tbody tr").count() == 3
    assert page.locator("table.sheet-lines tr").count() == 4
    assert page.locator("#offline-queue").is_hidden()
    page.click(f"a[href='/tables/{table1.pk}/']")
    assert page.locator("#hands-body tr").count() == 3


# The page hears "connection lost" instead of the answer to the 2nd and the 5th item it
# sends (the second hand, then the sheet once "Send now" sent the second hand again) (the requests reach the server): the phone's requests go through its service
# worker, where Playwright's routes do not see them.
LOSE_ANSWERS = """() => {
  const send = window.fetch;
  window.sentItems = 0;
  window.fetch = async (url, options) => {
    const answer = await send(url, options);
    if (options && options.method === "POST" && !String(url).includes("/contact/")) {
      window.sentItems += 1;
      if (window.sentItems === 2 || window.sentItems === 5) throw new TypeError("connection lost");
    }
    return answer;
  };
}"""


def test_a_send_cut_off_twice_still_stores_each_hand_and_the_sheet_once(
    browser_page, live_server, judge, table1
):
    page = _offline_with_three_hands_and_the_sheet(browser_page, live_server, judge, table1)
    page.evaluate(LOSE_ANSWERS)
    browser_page.set_offline(False)
    # The first is stored and gone; the queue stops at the second, waiting again.
    page.wait_for_selector("#offline-queue li.queued:nth-child(4)", state="detached")
    page.wait_for_selector("#connection[data-state=online]")
    assert page.get_attribute("#offline-queue li.queued >> nth=0", "data-state") == "waiting"
    assert [number for number, *_ in _stored(table1)] == [1, 2]

    # Sent again: the second is recognised, the third stored, the sheet's answer lost.
    page.click("#send-now")
    page.wait_for_selector("#offline-queue li.queued:nth-child(2)", state="detached")
    page.wait_for_selector("#connection[data-state=online]")
    assert page.get_attribute("#offline-queue li.queued", "data-kind") == "sheet"
    assert len(_sheets(table1)) == 1

    with page.expect_navigation():
        page.click("#send-now")
    page.wait_for_selector("text=The counts on the sheet")
    assert _stored(table1) == [(1, "1", "3"), (2, "2", "4"), (3, "1", "2")]
    assert _sheets(table1) == [dict(enumerate(COUNTS, start=1))]
    assert page.locator("table.hands tbody tr").count() == 3


def _conflict(context, live_server, judge, table):
    """A hand queued offline while another phone at the table saves one: back online,
    the queued hand is refused as a conflict, shown beside the server's hand."""
    from django.test import Client

    from tests.tournaments.helpers import hand_post

    logged_in(context, live_server, judge)
    page = _open_with_worker(context, f"{live_server.url}/tables/{table.pk}/")
    page.on("dialog", lambda dialog: dialog.dismiss())
    context.set_offline(True)
    _enter_offline(page, *HANDS[0])
    page.wait_for_selector("#offline-queue li.queued")

    other = Client()
    other.force_login(judge)
    table.refresh_from_db()
    other.post(
        f"/tables/{table.pk}/hands/", hand_post(table, declarer=2, partner=4, declarer_points=70)
    )
    assert _stored(table) == [(1, "2", "4")]

    context.set_offline(False)
    page.wait_for_selector("#offline-queue li.queued[data-state=conflict] .server-hands")
    row = page.locator("#offline-queue li.queued")
    assert row.inner_text().startswith("Not saved: another device changed the table")
    server, phone = row.locator(".conflict-side").nth(0), row.locator(".conflict-side").nth(1)
    assert "On the server now" in server.inner_text()
    assert "Povinost 2+4: 70" in server.inner_text()
    assert "Waiting on this phone" in phone.inner_text()
    assert "Declarer (seat): 1 · P11 Player11" in phone.inner_text()
    assert "Declaring side's points: 59" in phone.inner_text()
    # Side by side, on a phone's width.
    left, right = server.bounding_box(), phone.bounding_box()
    assert abs(left["y"] - right["y"]) < 2 and left["x"] + left["width"] <= right["x"]
    assert page.evaluate("document.documentElement.scrollWidth") <= 360

    # Nothing is applied until the judge chooses, however often the queue is sent.
    page.click("#send-now")
    page.wait_for_timeout(300)
    assert page.locator("#offline-queue li.queued[data-state=conflict]").count() == 1
    assert _stored(table) == [(1, "2", "4")]
    return page


def test_a_conflict_is_shown_side_by_side_and_the_hand_entered_again(
    browser_page, live_server, judge, table1
):
    page = _conflict(browser_page, live_server, judge, table1)
    SHOTS.mkdir(exist_ok=True)
    page.locator("#offline-queue").screenshot(path=str(SHOTS / "judge-phone-conflict.png"))

    page.click("#offline-queue >> text=Enter it again")
    # The queued hand is in the form, on the table as it is now, with its preview.
    assert page.input_value("#id_declarer") == "1"
    assert page.input_value("#id_partner") == "3"
    assert page.input_value("#id_declarer_points") == "59"
    page.wait_for_selector("#preview table.settlement")
    assert "check it and save it" in page.inner_text("#offline-queue")
    assert _stored(table1) == [(1, "2", "4")]

    # Saved: it leaves the queue, and the page shows the table as the server has it.
    with page.expect_navigation():
        page.click("button[value=save]")
    page.wait_for_selector("#hands-body tr >> nth=1")
    assert _stored(table1) == [(1, "2", "4"), (2, "1", "3")]
    assert page.locator("#offline-queue").is_hidden()
    assert page.locator("#hands-body tr").count() == 2


def test_a_hand_entered_again_with_no_connection_waits_again_on_the_new_version(
    browser_page, live_server, judge, table1
):
    page = _conflict(browser_page, live_server, judge, table1)
    page.click("#offline-queue >> text=Enter it again")
    page.wait_for_selector("#preview table.settlement")
    page.fill("#id_declarer_points", "61")  # the judge corrects it while checking
    browser_page.set_offline(True)
    page.wait_for_selector("#connection[data-state=offline]")
    page.click("button[value=save]")
    page.wait_for_selector("#offline-queue li.queued[data-state=waiting]")
    assert "Declaring side's points: 61" in page.inner_text("#offline-queue li.queued")
    assert page.locator("#offline-queue li.queued").count() == 1

    with page.expect_navigation():
        browser_page.set_offline(False)
    page.wait_for_selector("#hands-body tr >> nth=1")
    assert _stored(table1) == [(1, "2", "4"), (2, "1", "3")]
    from tournaments.models import Hand

    assert Hand.objects.get(number=2).data["declarer_points"] == 61


def test_a_conflict_is_discarded_only_when_the_judge_confirms(
    browser_page, live_server, judge, table1
):
    page = _conflict(browser_page, live_server, judge, table1)
    page.click("#offline-queue >> text=Discard it")
    assert "Discard it for good? It will not be sent." in page.inner_text("#offline-queue")
    page.click("#offline-queue button:text-is('No')")
    assert page.locator("#offline-queue li.queued[data-state=conflict]").count() == 1

    page.click("#offline-queue >> text=Discard it")
    with page.expect_navigation():
        page.click("#offline-queue >> text=Yes, discard it")
    assert page.locator("#hands-body tr").count() == 1
    assert page.locator("#offline-queue").is_hidden()
    assert _stored(table1) == [(1, "2", "4")]


def test_a_locked_table_refuses_a_queued_hand_with_the_locks_words(
    browser_page, live_server, judge, director, table1
):
    from tournaments import score_sheets
    from tournaments.access import TableAccess

    logged_in(browser_page, live_server, judge)
    page = _open_with_worker(browser_page, f"{live_server.url}/tables/{table1.pk}/")
    page.on("dialog", lambda dialog: dialog.dismiss())
    browser_page.set_offline(True)
    _enter_offline(page, *HANDS[0])
    page.wait_for_selector("#offline-queue li.queued")

    table1.refresh_from_db()
    access = TableAccess(table1, None, "link", False, browser="another-phone")
    sheet = score_sheets.add_sheet(access=access, counts=dict.fromkeys(range(1, 5), 100)).sheet
    score_sheets.confirm_sheet(sheet=sheet, by=director)

    browser_page.set_offline(False)
    page.wait_for_selector("#offline-queue li.queued[data-state=refused]")
    refused = page.inner_text("#offline-queue li.queued")
    assert refused.startswith("Refused by the server, not saved")
    assert "is locked: its score sheet was confirmed" in refused
    page.click("#offline-queue >> text=Keep it")
    page.wait_for_selector("#offline-queue li.queued[data-state=kept]")
    assert _stored(table1) == []


def test_a_hand_previewed_online_and_saved_offline_shows_the_chips_after_it(
    browser_page, live_server, judge, table1
):
    logged_in(browser_page, live_server, judge)
    page = _open_with_worker(browser_page, f"{live_server.url}/tables/{table1.pk}/")
    page.on("dialog", lambda dialog: dialog.dismiss())
    fill_povinost_hand(page)  # the server's preview: seats 1 and 3 win 3 each
    browser_page.set_offline(True)
    page.click("button[value=save]")
    page.wait_for_selector("#offline-queue li.queued")
    first = page.inner_text("#offline-queue li.queued >> nth=0")
    assert "chips after it: 1: 103 · 2: 97 · 3: 103 · 4: 97" in first
    assert "not yet scored" not in first

    # Entered offline (no preview): not yet scored, and so every hand after it.
    _enter_offline(page, *HANDS[1])
    page.wait_for_selector("#offline-queue li.queued >> nth=1")
    assert "not yet scored" in page.inner_text("#offline-queue li.queued >> nth=1")
    SHOTS.mkdir(exist_ok=True)
    page.evaluate("window.scrollTo(0, 0)")
    box = page.locator("#offline-queue").bounding_box()
    clip = {"x": 0, "y": 0, "width": 360, "height": box["y"] + box["height"] + 8}
    page.screenshot(path=str(SHOTS / "judge-phone-running-chips.png"), full_page=True, clip=clip)


# Items another sign-in left in the phone's queue (its session key differs): one for this
# table, built from the page's own hand form as it is filled, and one for another table,
# queued eight days ago.
LEAVE_ITEMS = """async (table) => {
  const form = document.querySelector("#add-hand form");
  const fields = Array.from(new FormData(form), ([name, value]) => [name, String(value)])
    .filter(([name]) => name !== "action");
  fields.push(["action", "save"]);
  const field = (name) => fields.find(([key]) => key === name)[1];
  const db = await new Promise((done, fail) => {
    const request = indexedDB.open("judge-queue", 1);
    request.onupgradeneeded = () => request.result.createObjectStore("hands", {keyPath: "submission"});
    request.onsuccess = () => done(request.result);
    request.onerror = () => fail(request.error);
  });
  const old = Date.now() - 8 * 24 * 3600 * 1000;
  const items = [
    {submission: field("submission"), kind: "hand", url: form.getAttribute("action"),
     version: Number(field("version")), known: 0, table, key: "an-earlier-sign-in", order: 1,
     fields, summary: "Declarer (seat): 1", deltas: null, state: "waiting", message: "",
     queuedAt: Date.now()},
    {submission: "00000000-0000-4000-8000-000000000000", kind: "hand", url: "/tables/999/hands/",
     version: 0, known: 0, table: 999, key: "an-earlier-sign-in", order: 1, fields: [],
     summary: "", deltas: null, state: "waiting", message: "", queuedAt: old},
  ];
  await new Promise((done, fail) => {
    const transaction = db.transaction("hands", "readwrite");
    for (const item of items) transaction.objectStore("hands").put(item);
    transaction.oncomplete = done;
    transaction.onerror = () => fail(transaction.error);
  });
}"""

COUNT_ITEMS = """async () => {
  const db = await new Promise((done) => {
    const request = indexedDB.open("judge-queue", 1);
    request.onsuccess = () => done(request.result);
  });
  return new Promise((done) => {
    const request = db.transaction("hands").objectStore("hands").count();
    request.onsuccess = () => done(request.result);
  });
}"""


def test_a_queue_left_by_an_earlier_sign_in_is_shown_and_sent_only_when_the_judge_says(
    browser_page, live_server, judge, table1
):
    logged_in(browser_page, live_server, judge)
    page = browser_page.new_page()
    page.goto(f"{live_server.url}/tables/{table1.pk}/")
    page.click("summary.button")
    page.select_option("#id_declarer", "1")
    page.select_option("#id_partner", "3")
    page.fill("#id_declarer_points", "59")
    page.evaluate(LEAVE_ITEMS, table1.pk)
    page.reload()

    page.wait_for_selector("#offline-queue li.queued[data-state=orphan]")
    row = page.inner_text("#offline-queue li.queued")
    assert row.startswith("Saved on this phone under an earlier sign-in, not sent")
    assert page.locator("#offline-queue li.queued").count() == 1
    # The other table's old item is gone; this table's is kept, and not sent.
    assert page.evaluate(COUNT_ITEMS) == 1
    assert "waiting to send" not in page.inner_text("#connection")
    page.wait_for_timeout(300)
    assert _stored(table1) == []

    with page.expect_navigation():
        page.click("#offline-queue >> text=Send it with this sign-in")
    page.wait_for_selector("#hands-body tr")
    assert _stored(table1) == [(1, "1", "3")]
    assert page.locator("#offline-queue").is_hidden()
    assert page.evaluate(COUNT_ITEMS) == 0
