"""axe-core (node_modules/axe-core, from package.json) on the most used pages, in English,
Czech and Slovenian, on a 360 px phone and a desktop: no serious or critical violation
(colour contrast AA and labelled form controls among them). And the judge's page works
from the keyboard alone: a hand is entered and saved without the mouse.

Each page is visited once per language and size, in one browser.
"""

import os
from pathlib import Path

import pytest

from tests.browser.conftest import BROWSER_TEST, logged_in

pytestmark = BROWSER_TEST

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
SIZES = {"phone": {"width": 360, "height": 780}, "desktop": {"width": 1280, "height": 900}}
# WCAG 2.x A and AA, which include colour contrast AA and labels for every control, and
# the best practices' minor findings named in MINOR (fixed, so kept fixed); only the
# violations are detailed (the passes' details would double axe's time).
MINOR = ["empty-table-header"]
RUN_AXE = """async () => {
  const MINOR_FAILS = MINOR_LIST;
  const result = await axe.run(document, {runOnly: {type: 'tag',
    values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']},
    resultTypes: ['violations']});
  return result.violations.filter(v => v.impact === 'serious' || v.impact === 'critical'
      || MINOR_FAILS.includes(v.id))
    .map(v => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', ')}`
      + ` (${v.nodes.length}) — ${v.help}`);
}""".replace("MINOR_LIST", str(MINOR))


@pytest.fixture
def axe_script() -> Path:
    """axe-core's script; under CI its absence is a failure, not a skip (`make lint`
    installs it with `npm ci`)."""
    if not AXE.exists():
        message = f"{AXE} is missing: run `npm ci` (package.json pins axe-core)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return AXE


@pytest.fixture
def pages(table1, director):
    """The 20 pages the club's people open most: (who, path)."""
    from clubs.models import Season

    tournament = table1.round.tournament
    club = tournament.host_club
    season = Season.objects.create(
        name="2026", start_date="2026-01-01", end_date="2026-12-31", club=club
    )
    player = table1.seats.first().player
    t = f"/tournaments/{tournament.pk}"
    public = [
        "/", "/clubs/", f"/clubs/{club.pk}/", "/players/", f"/players/{player.pk}/",
        "/seasons/", f"/seasons/{season.pk}/leaderboard/", "/tournaments/", f"{t}/",
        f"{t}/standings/", "/calculator/spjst/", "/calculator/cz_xix/",
        "/calculator/si_double/", "/rulings/", "/accounts/login/",
    ]  # fmt: skip
    staff = [
        f"/tables/{table1.pk}/", f"/tables/{table1.pk}/sheet/", "/my-tables/",
        f"{t}/rounds/1/", f"{t}/dashboard/",
    ]  # fmt: skip
    return [("anon", path) for path in public] + [("director", path) for path in staff]


def _open_forms(page) -> None:
    """Unfold what a user unfolds (the judge's hand form, the card picker) so axe sees it."""
    page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", ["en", "cs", "sl"])
def test_the_most_used_pages_have_no_serious_accessibility_violation(
    chromium, live_server, director, axe_script, pages, language, size
):
    contexts = {}
    for who in ("anon", "director"):
        # The site's Content-Security-Policy refuses inline scripts; axe is injected as one.
        context = chromium.new_context(viewport=SIZES[size], bypass_csp=True)
        context.add_cookies(
            [{"name": "django_language", "value": language, "url": live_server.url}]
        )
        if who == "director":
            logged_in(context, live_server, director)
        contexts[who] = context.new_page()
    found = {}
    for who, path in pages:
        page = contexts[who]
        response = page.goto(f"{live_server.url}{path}")
        assert response is not None and response.status == 200, (path, response)
        assert page.locator("html").get_attribute("lang") == language
        _open_forms(page)
        page.add_script_tag(path=str(axe_script))
        violations = page.evaluate(RUN_AXE)
        if violations:
            found[path] = violations
    assert found == {}


def tab_to(page, selector: str, presses: int = 120) -> None:
    """Press Tab until the element matching `selector` has the focus, as a keyboard user
    moves through the page."""
    for _ in range(presses):
        page.keyboard.press("Tab")
        if page.evaluate("s => document.activeElement.matches(s)", selector):
            return
    raise AssertionError(f"{selector} was not reached with Tab in {presses} presses")


def choose(page, selector: str, value: str) -> None:
    """Tab to a list and pick `value` with the arrow keys, from the top of the list."""
    tab_to(page, selector)
    page.keyboard.press("Home")
    for _ in range(12):
        if page.input_value(selector) == value:
            return
        page.keyboard.press("ArrowDown")
    raise AssertionError(f"{value!r} was not reached in {selector} with the arrow keys")


def test_a_judge_enters_and_saves_a_hand_with_the_keyboard_alone(
    browser_page, live_server, judge, table1
):
    from tournaments.models import Hand

    logged_in(browser_page, live_server, judge)
    page = browser_page.new_page()
    page.goto(f"{live_server.url}/tables/{table1.pk}/")
    tab_to(page, "summary.button")
    page.keyboard.press("Enter")  # opens the hand form
    choose(page, "#id_declarer", "1")
    choose(page, "#id_partner", "3")
    tab_to(page, "#id_declarer_points")
    page.keyboard.type("59")
    page.keyboard.press("Tab")  # leaving the field asks for the preview
    page.wait_for_selector("#preview table.settlement")
    tab_to(page, "button[value=save]")
    page.keyboard.press("Enter")
    page.wait_for_selector("text=Hand 1 saved")
    hand = Hand.objects.get()
    assert hand.data["declarer"] == 1 and hand.data["partner"] == 3
    assert hand.data["declarer_points"] == 59
