"""The judge's table page with no connection (issue 16), in a real browser (Chromium):
the service worker keeps the page for the session that opened it, and for nobody else."""

import contextlib

from playwright.sync_api import Error as PlaywrightError

from tests.browser.conftest import BROWSER_TEST, logged_in

pytestmark = BROWSER_TEST

WAIT_FOR_WORKER = """async () => {
  await navigator.serviceWorker.ready;
  while (!navigator.serviceWorker.controller) await new Promise((done) => setTimeout(done, 50));
}"""


def _open_with_worker(context, url):
    """Open `url` and wait until the service worker controls the page (the first visit
    installs it; the page is kept from the next answer on, so it is loaded once more)."""
    page = context.new_page()
    page.goto(url)
    # (wait_for_function would evaluate a string, which the page's CSP forbids)
    page.evaluate(WAIT_FOR_WORKER)
    page.reload()
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
    # Its styles and htmx come from the worker's cache too.
    assert page.evaluate("typeof htmx") == "object"
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

    browser_page.set_offline(True)
    page.goto(url)
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
    # Chromium's own error page (goto raises): nothing was kept in this context.
    with contextlib.suppress(PlaywrightError):
        page.goto(url)
    assert page.locator("#add-hand").count() == 0
