"""The judge's flow on a phone and the director's round page, in Czech and in Slovenian.

The page must show none of the site's own English phrases (every msgid of the catalogues
that the language translates differently) and no internal name.
"""

import re
from pathlib import Path

import pytest

from tests.browser.conftest import BROWSER_TEST, fill_povinost_hand, logged_in

pytestmark = BROWSER_TEST
LOCALE = Path(__file__).resolve().parents[2] / "locale"
SHOTS = Path(__file__).resolve().parents[2] / "test-results"
INTERNAL = ("_pane", "spjst.", "declarer_points", "(got")
# The start of the engine's game line for a Povinost of 1 and 3 with 59 points.
GAME_LINE = {
    "cs": "Hra: |59−53|=6, +10=16, ×2=32 → žetony: 3",
    "sl": "Igra: |59−53|=6, +10=16, ×2=32 → žetoni: 3",
}
ENGLISH_WORDS = re.compile(r"\b(chips|seats?|win|lose|each|Game)\b")


def _english_phrases(language: str) -> list[str]:
    """The catalogue's English phrases of two words or more that the language translates."""
    text = (LOCALE / language / "LC_MESSAGES" / "django.po").read_text(encoding="utf-8")
    phrases = []
    for block in text.split("\n\n"):
        msgid = re.search(r'^msgid "(.+)"$', block, re.M)
        msgstr = re.search(r'^msgstr "(.+)"$', block, re.M)
        if not (msgid and msgstr) or "%(" in msgid.group(1) or "<" in msgid.group(1):
            continue
        english = msgid.group(1).replace('\\"', '"')
        if english != msgstr.group(1) and len(english.split()) >= 2 and len(english) >= 12:
            phrases.append(english)
    return phrases


def _problems(text: str, phrases: list[str]) -> list[str]:
    return [p for p in phrases if p in text] + [name for name in INTERNAL if name in text]


@pytest.mark.parametrize("language", ["cs", "sl"])
def test_the_judges_flow_and_the_round_page_speak_the_language(
    chromium, live_server, judge, director, table1, language
):
    phrases = _english_phrases(language)
    assert len(phrases) > 100  # the check has teeth
    cookie = {"name": "django_language", "value": language, "url": live_server.url}

    phone = chromium.new_context(viewport={"width": 360, "height": 780})
    phone.add_cookies([cookie])
    logged_in(phone, live_server, judge)
    page = phone.new_page()
    page.goto(f"{live_server.url}/tables/{table1.pk}/")
    assert page.locator("html").get_attribute("lang") == language
    assert _problems(page.inner_text("body"), phrases) == []
    fill_povinost_hand(page)
    assert _problems(page.inner_text("form"), phrases) == []
    # The engine's lines in the language, the arithmetic kept (RULES §2.3: 59 points).
    game_line = page.inner_text("#preview table.settlement tbody tr:first-child td:first-child")
    assert game_line.startswith(GAME_LINE[language]), game_line
    assert not ENGLISH_WORDS.search(game_line), game_line
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=SHOTS / f"judge-preview-{language}-360.png", full_page=True)
    page.click("button[value=save]")
    page.wait_for_selector("#saved")  # "Hand 1 saved." above the blank form (htmx)
    assert _problems(page.inner_text("body"), phrases) == []
    # Every seat's name is shown whole on the phone: wrapped, never cut.
    cut = page.evaluate(
        "[...document.querySelectorAll('.seat-name')]"
        ".filter(e => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1)"
        ".length"
    )
    assert cut == 0
    page.screenshot(path=SHOTS / f"judge-{language}-360.png", full_page=True)
    # The stored hand's history reads its lines in the language too.
    page.goto(f"{live_server.url}/tables/{table1.pk}/hands/1/history/")
    history = page.inner_text("main")
    assert GAME_LINE[language] in history and not ENGLISH_WORDS.search(history), history
    assert _problems(history, phrases) == []

    desk = chromium.new_context(viewport={"width": 1280, "height": 900})
    desk.add_cookies([cookie])
    logged_in(desk, live_server, director)
    round_page = desk.new_page()
    round_page.goto(f"{live_server.url}{table1.round.get_absolute_url()}")
    assert _problems(round_page.inner_text("body"), phrases) == []
    # The director's other pages of the day, and the pages every player may open.
    tournament = table1.round.tournament
    for path in (
        tournament.get_absolute_url(),
        f"/tournaments/{tournament.pk}/standings/",
        "/rulings/?ruleset=cz_xix",
        "/calculator/cz_three/",
        "/calculator/si_double/",
    ):
        round_page.goto(f"{live_server.url}{path}")
        assert _problems(round_page.inner_text("body"), phrases) == [], path
    round_page.screenshot(path=SHOTS / f"calculator-si-{language}.png", full_page=True)
