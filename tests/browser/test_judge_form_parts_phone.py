"""The hand form's folded parts (the cards, Pagat, Valat, values, penalties) are drawn
when the judge opens them (issue 29: the table page reloads without building them), and
work as before: with scripts, through the phone's queue and htmx's card count, and
without scripts, where the browser shows and sends them as part of the form."""

from playwright.sync_api import expect

from tests.browser.conftest import BROWSER_TEST, logged_in, previewed

pytestmark = BROWSER_TEST

# The form's elements on the page as it loads, and the parts' fields not yet built.
ELEMENTS = "() => document.querySelectorAll('#add-hand *').length"


def _pagat_hand(page) -> None:
    """A Povinost of seats 1 and 3 with 59 points, seat 1's silent Pagat ultimo won."""
    page.click("summary.button")
    page.select_option("#id_declarer", "1")
    page.select_option("#id_partner", "3")
    page.fill("#id_declarer_points", "59")
    page.click("#add-hand summary:text-is('Pagat')")
    page.select_option("#id_pagat_holder", "1")
    page.check("#id_pagat_won")


def _pagat_saved(table) -> bool:
    from tournaments.models import Hand

    hand = Hand.objects.get(table=table)
    return hand.data["pagat"]["holder"] == 1 and hand.data["pagat"]["won"] is True


def test_a_part_is_drawn_when_opened_and_its_fields_are_saved(
    browser_page, live_server, judge, table1
):
    logged_in(browser_page, live_server, judge)
    page = browser_page.new_page()
    page.goto(f"{live_server.url}/tables/{table1.pk}/")
    # The blank form as loaded: the game's fields, the parts as text.
    assert page.evaluate(ELEMENTS) < 100
    for field in ("#id_pagat_holder", "#id_value_1_0", "#id_penalty_0_code", "input[name=cards]"):
        assert page.locator(field).count() == 0
    _pagat_hand(page)
    assert page.locator("#id_penalty_0_code").count() == 0  # Penalties not opened yet
    previewed(page)
    # The game's 3 and the Pagat's 2: a preview of the game alone may show first, as the
    # points were typed before the Pagat was ticked.
    expect(page.locator("#preview")).to_contain_text("+5")
    # Penalties opened and left blank: the hand sends their blank fields too, and is
    # previewed again as it will be saved (its row then shows its chips at once).
    with page.expect_response(lambda response: response.request.method == "POST"):
        page.click("#add-hand summary:text-is('Penalties')")
    assert page.locator("#id_penalty_0_code").is_visible()
    page.wait_for_selector("#preview table.settlement")
    # The row shown as the save is tapped (marked sending) carries the preview's chips.
    shown = page.evaluate(
        """() => {
          document.querySelector("button[value=save]").click();
          return document.querySelector("#hands-body tr.pending").textContent;
        }"""
    )
    assert "+5" in shown and "…" not in shown
    page.wait_for_selector("text=Hand 1 saved")
    assert _pagat_saved(table1)
    # The form is blank again, the Pagat part drawn and reset.
    assert page.input_value("#id_pagat_holder") == ""
    assert not page.is_checked("#id_pagat_won")

    # The card counter's part: drawn when opened, counted by htmx as before.
    page.click("summary:has-text('Count the points from the cards')")
    page.locator("label.card").first.click()  # the Pagat, the first trump
    page.wait_for_selector("#card-count .count")
    assert "1 card ticked" in page.inner_text("#card-count")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_without_javascript_the_parts_are_part_of_the_form(chromium, live_server, table1):
    context = chromium.new_context(
        viewport={"width": 360, "height": 780}, java_script_enabled=False
    )
    table1.judge_token = "p" * 43
    table1.save()
    page = context.new_page()
    page.goto(f"{live_server.url}/judge/{table1.judge_token}/")
    # Every field is on the page, the parts folded as before.
    assert page.locator("#id_penalty_0_code").count() == 1
    assert page.locator("input[name=other_cards]").count() > 50
    _pagat_hand(page)
    with page.expect_navigation():
        page.click("button[value=save]")
    assert "Hand 1 saved" in page.inner_text("body")
    assert _pagat_saved(table1)
    context.close()


def test_a_hand_put_back_into_the_form_draws_the_parts_it_needs(
    browser_page, live_server, judge, table1
):
    """A queued hand entered again (or refused) goes back into the blank form, whose
    parts are not drawn yet: they are, and hold the hand's fields."""
    logged_in(browser_page, live_server, judge)
    page = browser_page.new_page()
    page.goto(f"{live_server.url}/tables/{table1.pk}/")
    page.evaluate(
        """async () => {
          const forms = document.querySelector("link[rel=modulepreload][href*='judge/forms']");
          const {fill} = await import(forms.href);
          fill(document.querySelector("#add-hand form"), [["declarer", "1"], ["partner", "3"],
            ["declarer_points", "59"], ["pagat_holder", "1"], ["pagat_won", "on"],
            ["penalty_0_code", "spjst.misdeal"], ["penalty_0_seat", "2"]]);
        }"""
    )
    assert page.input_value("#id_pagat_holder") == "1"
    assert page.is_checked("#id_pagat_won")
    assert page.input_value("#id_penalty_0_seat") == "2"
    assert page.locator("noscript.later").count() == 0
