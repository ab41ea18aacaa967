"""Pages on a 360 px phone: nothing hides behind sideways scrolling (a table of eight's
hands and preview, the rulings, the API docs), the card counter's total stays in view,
the header is slim, and the conflict box keeps a hand's chips on one line."""

import datetime
from decimal import Decimal

import pytest

from clubs.models import Season
from tests.browser.conftest import BROWSER_TEST, fill_slovenian_trojka, logged_in
from tournaments.models import PlayerStats, Tournament

pytestmark = BROWSER_TEST
PHONE = 360

# Every element that scrolls sideways on its own (a .table-wrap) and by how much.
OVERFLOWING = """[...document.querySelectorAll('.table-wrap, article, main, pre, code')]
  .filter(e => e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).display !== 'inline')
  .map(e => `${e.className || e.tagName}: ${e.scrollWidth} > ${e.clientWidth}`)"""


def assert_fits(page) -> None:
    """Neither the page nor any table in it scrolls sideways at 360 px."""
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE
    assert page.evaluate(OVERFLOWING) == []


def right_edge(page, selector: str) -> float:
    box = page.locator(selector).last.bounding_box()
    assert box is not None, selector
    return box["x"] + box["width"]


def test_a_table_of_eight_shows_every_seat_and_the_edit_link_at_360_px(
    browser_page, live_server, judge, slovenian_table_of_eight
):
    logged_in(browser_page, live_server, judge)
    page = browser_page.new_page()
    page.goto(f"{live_server.url}/tables/{slovenian_table_of_eight.pk}/")
    fill_slovenian_trojka(page)
    assert_fits(page)
    assert right_edge(page, "#preview table.settlement tfoot th") <= PHONE
    page.click("button[value=save]")
    page.wait_for_selector("text=Hand 1 saved")
    page.reload()
    assert_fits(page)
    # Seat 8's amount and the hand's edit link are on the screen, not beyond its edge.
    assert right_edge(page, "table.hands tbody tr:first-child td.num") <= PHONE
    assert right_edge(page, "table.hands a:has-text('edit')") <= PHONE


@pytest.mark.parametrize("language", ["en", "cs", "sl"])
@pytest.mark.parametrize(
    ("path", "drawn"),
    [("/rulings/", "article.ruling"), ("/ratings/", "table"), ("/api/v1/docs/", "article section")],
)
def test_the_rulings_the_rating_list_and_the_api_docs_are_no_wider_than_a_phone(
    browser_page, live_server, language, path, drawn
):
    browser_page.add_cookies(
        [{"name": "django_language", "value": language, "url": live_server.url}]
    )
    page = browser_page.new_page()
    page.goto(f"{live_server.url}{path}")
    page.wait_for_selector(drawn)
    assert_fits(page)


def test_the_card_counters_total_stays_in_view_while_cards_are_ticked(browser_page, live_server):
    page = browser_page.new_page()
    page.goto(f"{live_server.url}/calculator/cz_xix/")
    page.click("text=Count the points from the cards")
    page.select_option("#id_cards_side", "opponents")
    first = page.locator("label.card:has(input[name=cards][value='K-hearts'])")
    first.scroll_into_view_if_needed()
    first.click()
    page.wait_for_selector("#card-count:has-text('1 card ticked')")
    # The first cards at the top of the screen: the count, below the whole pack, is
    # still on the screen.
    page.evaluate(
        "window.scrollBy(0, document.querySelector('.card-picker').getBoundingClientRect().top)"
    )
    box = page.locator("#card-count .count").bounding_box()
    height = page.viewport_size["height"]
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height, box
    assert_fits(page)


def test_the_header_takes_at_most_an_eighth_of_a_phones_screen(browser_page, live_server, judge):
    logged_in(browser_page, live_server, judge)
    page = browser_page.new_page()
    page.goto(f"{live_server.url}/")
    height = page.locator("header.topbar").bounding_box()["height"]
    assert height <= page.viewport_size["height"] / 8, height
    # Every link of the menu can still be reached and tapped.
    for link in page.locator("header.topbar nav a").all():
        box = link.bounding_box()
        assert box is not None and box["height"] >= 24
    assert_fits(page)


@pytest.mark.parametrize(
    ("language", "words"), [("en", "My tables"), ("cs", "Moje stoly"), ("sl", "Moje mize")]
)
def test_a_judges_tables_are_in_the_menu_on_screen_without_scrolling_it(
    browser_page, live_server, judge, language, words
):
    """The menu scrolls sideways on a phone; a judge who signs in finds his tables in the
    part of it that is on the screen, in every language."""
    browser_page.add_cookies(
        [{"name": "django_language", "value": language, "url": live_server.url}]
    )
    logged_in(browser_page, live_server, judge)
    page = browser_page.new_page()
    page.goto(f"{live_server.url}/")
    link = page.locator("header.topbar nav a", has_text=words)
    box = link.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE, box
    link.click()
    page.wait_for_url(f"{live_server.url}/my-tables/")


@pytest.mark.parametrize("seats", [4, 8])
def test_the_conflict_box_keeps_a_hands_chips_on_one_line(browser_page, live_server, seats):
    """The conflict box as static/js/judge/conflict.js draws it: the server's hands
    (templates/tournaments/_hands_after.html) beside the phone's."""
    page = browser_page.new_page()
    page.goto(f"{live_server.url}/")
    chips = ["−12", "+36", "−1", "0", "−12", "+12", "−11", "0"][:seats]
    page.evaluate(
        """chips => {
        const row = chips.map(c => `<td class="num">${c}</td>`).join('');
        const head = chips.map((c, i) => `<th class="num">${i + 1}</th>`).join('');
        const table = `<table class="table hands"><thead><tr><th>#</th>${head}</tr></thead>
          <tbody><tr><td>2</td>${row}</tr><tr class="summary"><td colspan="9">Trojka 1: 83</td>
          </tr></tbody></table>`;
        document.querySelector('main').insertAdjacentHTML('beforeend',
          `<div class="queued"><div class="conflict"><div class="conflict-side"><h3>Server</h3>
          ${table}</div><div class="conflict-side"><h3>Phone</h3>${table}</div></div></div>`);
        }""",
        chips,
    )
    lines = page.evaluate(
        """[...document.querySelectorAll('.conflict td.num')].map(td => {
          const range = document.createRange(); range.selectNodeContents(td);
          return range.getClientRects().length; })"""
    )
    assert lines == [1] * (2 * seats), lines
    sides = page.evaluate(
        """[...document.querySelectorAll('.conflict-side')]
          .map(e => e.scrollWidth <= e.clientWidth)"""
    )
    assert sides == [True, True]
    assert_fits(page)


@pytest.fixture
def counted_player(club, player):
    """A player with figures from the hands in two games and two seasons."""
    for year, ruleset in ((2025, "spjst"), (2025, "cz_xix"), (2026, "spjst")):
        season, _new = Season.objects.get_or_create(
            name=f"Federation season {year}",
            start_date=datetime.date(year, 1, 1),
            end_date=datetime.date(year, 12, 31),
        )
        tournament = Tournament.objects.create(
            name=f"Open {year} {ruleset}",
            date=datetime.date(year, 3, 1),
            host_club=club,
            season=season,
            ruleset=ruleset,
            hands_per_round=12,
            status=Tournament.Status.FINISHED,
        )
        PlayerStats.objects.create(
            player=player,
            tournament=tournament,
            tables=3,
            hands=36,
            total=Decimal("-123.5"),
            declared=11,
            declared_won=7,
            contracts={"povinost": [8, 5], "prever": [3, 2]},
            announced=14,
            announced_won=9,
            penalties=2,
        )
    return player


@pytest.mark.parametrize("language", ["en", "cs", "sl"])
def test_the_players_statistics_and_the_rating_method_are_no_wider_than_a_phone(
    browser_page, live_server, counted_player, language
):
    browser_page.add_cookies(
        [{"name": "django_language", "value": language, "url": live_server.url}]
    )
    page = browser_page.new_page()
    page.goto(f"{live_server.url}{counted_player.get_absolute_url()}")
    page.wait_for_selector("table.stats")
    assert page.locator("table.stats").count() == 2  # one a game
    assert_fits(page)
    page.goto(f"{live_server.url}/ratings/method/")
    page.wait_for_selector("table")
    assert_fits(page)


@pytest.mark.parametrize("language", ["en", "cs", "sl"])
def test_a_visually_hidden_heading_in_a_scrolling_table_does_not_widen_the_page(
    browser_page, live_server, director, language
):
    """The merge history's last heading is hidden but for screen readers: placed
    absolutely, it escaped its table's sideways scrolling and widened the whole page by
    some 30 px in Czech and Slovenian (found walking the director's pages at 360 px)."""
    browser_page.add_cookies(
        [{"name": "django_language", "value": language, "url": live_server.url}]
    )
    logged_in(browser_page, live_server, director)
    page = browser_page.new_page()
    page.goto(f"{live_server.url}/player-merges/")
    page.wait_for_selector("table.table th .visually-hidden")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE
