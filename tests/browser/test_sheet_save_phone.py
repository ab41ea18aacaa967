"""The score sheet's *Check and save* on a phone (issue 29): saved from the page with a
small answer that takes its place (no page to load), a refusal said in words in place
with the counts kept in the form, and without JavaScript the plain form still posts."""

from tests.browser.conftest import BROWSER_TEST, logged_in

pytestmark = BROWSER_TEST

AGREEING = [100, 100, 100, 100]  # no hand played: every player still has the start's


def _sheet_page(context, live_server, judge, table):
    logged_in(context, live_server, judge)
    page = context.new_page()
    page.goto(f"{live_server.url}/tables/{table.pk}/sheet/")
    return page


def _fill(page, counts) -> None:
    for seat, chips in enumerate(counts, start=1):
        page.fill(f"#id_seat_{seat}", str(chips))


def test_the_sheet_is_saved_in_the_page_and_its_check_shown_in_place(
    browser_page, live_server, judge, table1
):
    from tournaments.models import ScoreSheet

    page = _sheet_page(browser_page, live_server, judge, table1)
    page.evaluate("window.notReloaded = true")
    _fill(page, AGREEING)
    with page.expect_response(lambda response: response.request.method == "POST") as posted:
        page.click("text=Check and save the sheet")
    answer = posted.value
    assert answer.headers["x-hand-outcome"] == "saved"
    # The answer is the parts of the page the save changes, not the page.
    assert "<html" not in answer.text() and len(answer.text()) < 8000
    page.wait_for_selector("#sheet-said >> text=needs a second person")
    assert page.evaluate("window.notReloaded") is True
    assert page.locator("table.sheet-lines tr").count() == 4
    assert "Waiting for a second person" in page.inner_text("#sheet-state")
    assert page.input_value("#id_seat_1") == "100"
    assert ScoreSheet.objects.get(table=table1).counts() == dict.fromkeys(range(1, 5), 100)
    # The message was shown in place: the next page does not say it again.
    page.reload()
    assert page.locator("ul.messages").count() == 0


def test_a_refused_sheet_says_why_in_place_and_keeps_the_counts(
    browser_page, live_server, judge, director, table1
):
    from tournaments import score_sheets
    from tournaments.access import TableAccess
    from tournaments.models import ScoreSheet

    page = _sheet_page(browser_page, live_server, judge, table1)
    page.evaluate("window.notReloaded = true")
    # Meanwhile the table's sheet is entered elsewhere and confirmed: the table is locked.
    access = TableAccess(table1, None, "link", False, browser="elsewhere")
    sheet = score_sheets.add_sheet(access=access, counts=dict.fromkeys(range(1, 5), 100)).sheet
    score_sheets.confirm_sheet(sheet=sheet, by=director)
    _fill(page, [101, 99, 100, 100])
    page.click("text=Check and save the sheet")
    page.wait_for_selector("#sheet-said >> text=Nothing was saved")
    said = page.inner_text("#sheet-said")
    assert "is locked" in said
    assert page.evaluate("window.notReloaded") is True
    assert ScoreSheet.objects.filter(table=table1).count() == 1
    # The sheet as the server has it now (confirmed), and the counts as typed.
    assert "Confirmed by" in page.inner_text("#sheet-state")
    assert [page.input_value(f"#id_seat_{seat}") for seat in (1, 2)] == ["101", "99"]


def test_without_javascript_the_plain_form_saves_the_sheet(chromium, live_server, judge, table1):
    from tournaments.models import ScoreSheet

    context = chromium.new_context(
        viewport={"width": 360, "height": 780}, java_script_enabled=False
    )
    page = _sheet_page(context, live_server, judge, table1)
    _fill(page, AGREEING)
    with page.expect_navigation():
        page.click("text=Check and save the sheet")
    assert "needs a second person" in page.inner_text("main")
    assert page.locator("table.sheet-lines tr").count() == 4
    assert ScoreSheet.objects.filter(table=table1).count() == 1


def test_a_sheet_whose_send_is_cut_off_waits_in_the_queue_and_is_sent_later(
    browser_page, live_server, judge, table1
):
    from tournaments.models import ScoreSheet

    page = _sheet_page(browser_page, live_server, judge, table1)
    # The connection drops on the way: the send fails although the phone says online.
    page.route(
        "**/sheet/",
        lambda route: route.abort() if route.request.method == "POST" else route.continue_(),
    )
    _fill(page, AGREEING)
    page.click("text=Check and save the sheet")
    sheet = page.locator("#offline-queue li.queued[data-kind=sheet]")
    sheet.wait_for()
    assert "100" in sheet.inner_text()
    assert not ScoreSheet.objects.exists()
    # Back: sent from the queue, stored once.
    page.unroute("**/sheet/")
    with page.expect_navigation():
        page.click("#send-now")
    page.wait_for_selector("text=The counts on the sheet")
    assert ScoreSheet.objects.get(table=table1).counts() == dict.fromkeys(range(1, 5), 100)
