"""The standings widget on a club's own page: a plain HTML page served from another
origin (a second port) pastes the snippet of the README, and Chromium shows the live
server's standings in the page's language, fitting a 360 px phone; the next poll costs a
304, and once the tournament is finished the widget stops asking."""

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from django.urls import reverse

from tests.browser.conftest import BROWSER_TEST
from tests.tournaments.helpers import confirm_sheets
from tournaments.models import Round, Tournament

pytestmark = BROWSER_TEST

COUNTS = {
    1: {1: 110, 2: 110, 3: 90, 4: 90},
    2: {1: 130, 2: 100, 3: 90, 4: 80},
    3: {1: 100, 2: 100, 3: 100, 4: 100},
    4: {1: 100, 2: 100, 3: 100, 4: 100},
}

CLUB_PAGE = """<!doctype html>
<html lang="cs">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Tarokový klub</title><style>table {{ border: 9px solid red; }}</style></head>
<body>
<h1>Náš klub</h1>
<div id="ours" data-tarock-standings="{standings}"></div>
<div id="slovene" data-tarock-standings="{standings}" data-lang="sl"></div>
<script src="{script}" defer></script>
</body>
</html>"""


@pytest.fixture
def played(round1, director):
    """Round 1 of 3 with confirmed sheets at every table, closed."""
    confirm_sheets(round1, director, COUNTS)
    Round.objects.filter(pk=round1.pk).update(status=Round.Status.CLOSED)
    return round1.tournament


@pytest.fixture
def club_site(live_server, played):
    """The club's page on http://127.0.0.1:<another port>/ (the live server is on
    localhost), with the widget pointed at the live server."""
    html = CLUB_PAGE.format(
        standings=live_server.url + reverse("api:standings", args=[played.pk]),
        script=live_server.url + "/static/js/widget/standings.js",
    ).encode()

    class ClubPage(BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.end_headers()
            self.wfile.write(html)

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), ClubPage)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


SHOW_AGAIN = """() => {
  for (const state of ["hidden", "visible"]) {
    Object.defineProperty(document, "visibilityState", {value: state, configurable: true});
    document.dispatchEvent(new Event("visibilitychange"));
  }
}"""


def test_a_club_page_on_another_origin_shows_the_live_standings(
    browser_page, club_site, played, live_server
):
    page = browser_page.new_page()
    errors = []
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    page.goto(club_site)
    ours = page.locator("#ours")
    ours.locator("tbody tr").first.wait_for()
    page.locator("#slovene tbody tr").first.wait_for()

    # Sixteen players in the API's order, with the host page's Czech and the asked Slovenian.
    api = live_server.url + reverse("api:standings", args=[played.pk])
    rows = ours.locator("tbody tr")
    assert rows.count() == 16
    first = rows.first.inner_text()
    assert first.startswith("1") and "+30" in first
    assert ours.locator("h2").inner_text() == "Westfest Tarock · Pořadí"
    assert ours.locator("th").nth(1).inner_text() == "Hráč"
    assert ours.locator(".provisional").inner_text() == "Předběžné po 1. kole z 3"
    assert page.locator("#slovene th").nth(1).inner_text() == "Igralec"
    assert ours.get_attribute("data-state") == "provisional"
    assert ours.get_attribute("data-next-ms") == "30000"
    link = ours.locator("a").get_attribute("href")
    assert link == live_server.url + f"/tournaments/{played.pk}/standings/"
    # The club's own style does not reach the widget's table.
    border = ours.locator("table").evaluate("t => getComputedStyle(t).borderTopWidth")
    assert border == "0px"
    # A 360 px phone: nothing scrolls sideways.
    assert page.evaluate("document.documentElement.scrollWidth") <= 360

    # Both widgets ask the same address; the Czech one's answers are the ones awaited, so
    # that the Slovenian widget's late 304 is never taken for the answer after the finish.
    def ours_answer(response):
        request = response.request
        return (
            response.url == api
            and request.method == "GET"
            and request.headers.get("accept-language") == "cs"
        )

    # Shown again after a while in the background, it asks at once: nothing changed, 304.
    with page.expect_response(ours_answer) as answer:
        page.evaluate(SHOW_AGAIN)
    assert answer.value.status == 304
    assert rows.count() == 16

    # Finished: the next answer says so, and the widget stops polling.
    Tournament.objects.filter(pk=played.pk).update(status=Tournament.Status.FINISHED)
    with page.expect_response(ours_answer) as answer:
        page.evaluate(SHOW_AGAIN)
    assert answer.value.status == 200
    page.wait_for_function("document.querySelector('#ours').dataset.state === 'final'")
    assert ours.locator(".mark").inner_text() == "Konečné pořadí"
    assert errors == []
