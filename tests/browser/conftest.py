"""What the browser tests share: the marks that say where they run, and a 360 px phone."""

import datetime
import os

import pytest
from django.db import connection

from tests.browser.chromium import CHROMIUM, CHROMIUM_ARGS

BROWSER_TEST = [
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
def chromium(live_server, monkeypatch):
    """Debian's Chromium driven by Playwright; each person in a test opens a context."""
    # Playwright's sync API runs an event loop in this thread; Django's ORM would then
    # refuse to run here, although the test only touches it between browser steps.
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def browser_page(chromium):
    """A 360 px phone."""
    return chromium.new_context(viewport={"width": 360, "height": 780})


def logged_in(context, live_server, user) -> None:
    """Give a browser context the session of `user` (no login form)."""
    from django.test import Client

    client = Client()
    client.force_login(user)
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )


def hand_saved(response) -> bool:
    """Whether `response` answers the hand form's save (the phone's queue posts it with
    `action=save`), not one of the previews htmx may still have on its way."""
    request = response.request
    return request.method == "POST" and "action=save" in (request.post_data or "")


def fill_povinost_hand(page) -> None:
    """Open the judge's hand form and fill a Povinost (1 and 3, 59 points); wait for the
    live preview."""
    page.click("summary.button")
    page.select_option("#id_declarer", "1")
    page.select_option("#id_partner", "3")
    page.fill("#id_declarer_points", "59")
    previewed(page)


def previewed(page) -> None:
    """Leave the field last typed in, as a judge moving on does, and wait for the live
    preview's settlement."""
    page.locator("#id_challenge").focus()
    page.wait_for_selector("#preview table.settlement")


def fill_slovenian_trojka(page) -> None:
    """Open the judge's hand form at a two-pack Slovenian table of eight and fill a
    trojka (seat 1 with 3 and 7, 83 points); wait for the live preview."""
    page.click("summary.button")
    page.select_option("#id_contract", "trojka")
    page.select_option("#id_declarer", "1")
    page.check("input[name=partners][value='3']")
    page.check("input[name=partners][value='7']")
    page.fill("#id_declarer_points", "83")
    page.locator("#id_kontra").focus()
    page.wait_for_selector("#preview table.settlement")


FIRST_NAMES = ["Žiga", "Špela", "Nejc", "Urška", "Blaž", "Tjaša", "Rok", "Maja"]


def table_in_play(
    club, director, judge, ruleset: str, first_names, surname: str, *,
    date=datetime.date(2026, 11, 28), hands_per_round: int = 8,
):  # fmt: skip
    """A one-round tournament of `ruleset` whose players (`first_names`, each with
    `surname` and a number) are checked in at one table in play, with `judge` as its judge."""
    from clubs.models import Player
    from tournaments import services
    from tournaments.models import Round

    tournament = services.create_tournament(
        by=director, ruleset=ruleset, name=f"{ruleset} for {len(first_names)}", host_club=club,
        date=date, rounds_planned=1, hands_per_round=hands_per_round,
        table_size=len(first_names),
    )  # fmt: skip
    for n, first_name in enumerate(first_names):
        player = Player.objects.create(
            first_name=first_name, last_name=f"{surname} {n}", home_club=club
        )
        services.register(tournament=tournament, player=player, checked_in=True)
    round_ = services.draw_next_round(tournament=tournament, by=director, seed=3)
    services.set_round_status(round_=round_, status=Round.Status.PLAYING, by=director)
    table = round_.tables.get()
    services.set_judge(table=table, by=director, judge=judge)
    return table


def table_of_eight_for(club, director, judge, ruleset: str, surname: str):
    """A tournament of `ruleset` with eight checked-in players at one table in play."""
    return table_in_play(club, director, judge, ruleset, FIRST_NAMES, surname)


@pytest.fixture
def slovenian_table_of_eight(club, director, judge):
    return table_of_eight_for(club, director, judge, "si_double", "Zupančič")
