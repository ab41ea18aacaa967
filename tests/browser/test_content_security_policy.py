"""The site's own pages run under its Content-Security-Policy in Chromium without a single
violation, and htmx still works there (no inline code, no injected style)."""

import pytest

from tests.browser.conftest import BROWSER_TEST, fill_povinost_hand, logged_in

pytestmark = BROWSER_TEST

# Runs before any page script, outside the page's policy: it records every violation.
RECORD_VIOLATIONS = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__violations.push(`${event.violatedDirective} blocked ${event.blockedURI || "inline"}`);
});
"""


@pytest.fixture
def watched(browser_page):
    """A page and the CSP complaints Chromium reports for it, by console or by event."""
    browser_page.add_init_script(RECORD_VIOLATIONS)
    page = browser_page.new_page()
    console = []

    def note(message) -> None:
        if "Content Security Policy" in message.text or "Refused to" in message.text:
            console.append(message.text)

    page.on("console", note)

    def visit(url: str) -> list[str]:
        response = page.goto(url)
        assert response.status == 200, url
        # Before the policy existed nothing could be violated: make sure it is in force.
        assert "script-src 'self'" in response.headers["content-security-policy"], url
        page.wait_for_load_state("load")
        broken = page.evaluate(
            "[...document.images].filter((img) => !img.naturalWidth).map((img) => img.src)"
        )
        assert broken == [], f"{url}: images that did not load: {broken}"
        return page.evaluate("window.__violations") + console

    return page, visit


def test_public_pages_report_no_violation(watched, live_server, tournament, round1, player):
    _page, visit = watched
    for path in (
        "/",
        "/calculator/spjst/",
        "/accounts/login/",
        "/accounts/password-reset/",
        f"/tournaments/{tournament.pk}/",
        f"/tournaments/{tournament.pk}/standings/",
        f"/tournaments/{tournament.pk}/rounds/1/",
        f"/players/{player.pk}/",
        "/api/v1/docs/",
    ):
        assert visit(f"{live_server.url}{path}") == [], path


def test_the_calculator_still_scores_with_htmx_under_the_policy(watched, live_server):
    page, visit = watched
    assert visit(f"{live_server.url}/calculator/spjst/") == []
    page.select_option("#id_declarer", "1")
    page.select_option("#id_partner", "3")
    page.fill("#id_declarer_points", "59")
    page.locator("#id_declarer_points").dispatch_event("change")
    page.wait_for_selector("#result table.settlement")
    assert "|59−53|=6" in page.inner_text("#result")
    assert page.evaluate("window.__violations") == []


def test_a_director_logs_in_and_the_working_pages_report_no_violation(
    watched, browser_page, live_server, director, tournament, table1
):
    page, visit = watched
    assert visit(f"{live_server.url}/accounts/login/") == []
    page.fill("#id_username", "dora-director")
    page.fill("#id_password", "pw")
    page.click("button[type=submit]")
    page.wait_for_url(f"{live_server.url}/")
    for path in (
        f"/tournaments/{tournament.pk}/dashboard/",
        f"/tournaments/{tournament.pk}/rounds/1/",
        f"/tables/{table1.pk}/",
        f"/tournaments/{tournament.pk}/registrations/",
    ):
        assert visit(f"{live_server.url}{path}") == [], path


def test_the_judge_s_table_page_previews_a_hand_under_the_policy(
    watched, browser_page, live_server, judge, table1
):
    logged_in(browser_page, live_server, judge)
    page, visit = watched
    assert visit(f"{live_server.url}/tables/{table1.pk}/") == []
    fill_povinost_hand(page)
    assert page.evaluate("window.__violations") == []


def test_the_admin_works_under_the_policy(watched, browser_page, live_server, admin_user):
    logged_in(browser_page, live_server, admin_user)
    page, visit = watched
    for path in ("/admin/", "/admin/auth/user/", f"/admin/auth/user/{admin_user.pk}/change/"):
        assert visit(f"{live_server.url}{path}") == [], path
    # The changelist's action bar is driven by the admin's own script files.
    page.goto(f"{live_server.url}/admin/auth/user/")
    page.check("#action-toggle")
    assert page.is_checked("input.action-select")
    assert page.evaluate("window.__violations") == []
