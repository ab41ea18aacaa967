"""A judge records a hand on a 360 px phone screen, in a real browser (Chromium)."""

import os
import shutil

import pytest
from django.db import connection

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")

pytestmark = [
    pytest.mark.django_db(transaction=True),
    # The page is the same on either database; on PostgreSQL the live server's request
    # threads keep a session open past the run and the test database could not be dropped.
    pytest.mark.skipif(connection.vendor == "postgresql", reason="browser tests run on SQLite"),
    pytest.mark.skipif(
        CHROMIUM is None and not os.environ.get("CI"),
        reason="Chromium is not installed (CI installs it: see .ci/run)",
    ),
]


@pytest.fixture
def browser_page(live_server, monkeypatch):
    # Playwright's sync API runs an event loop in this thread; Django's ORM would then
    # refuse to run here, although the test only touches it between browser steps.
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-quic",
            ],
        )
        context = browser.new_context(viewport={"width": 360, "height": 780})
        yield context
        browser.close()


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
