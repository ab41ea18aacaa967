"""The README's screenshots (docs/screenshots/), made again by hand after a layout change:

    .venv/bin/pytest tests/browser/screenshots.py -p no:randomly

Not collected with the suite (no test_ prefix): it writes files. The 8-seat table and the
rulings at 360 px in Chromium; a Czech filled score sheet on A4, its PDF drawn to PNG by
pdftoppm (poppler-utils).
"""

import datetime
import shutil
import subprocess
from pathlib import Path

import pytest
from django.utils import translation

from tests.browser.conftest import (
    BROWSER_TEST,
    fill_slovenian_trojka,
    logged_in,
    table_of_eight_for,
)

pytestmark = BROWSER_TEST
SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"

# A Czech table's evening, as the engine scores it: contracts, fleks and hlášky.
CZECH_HANDS = (
    {"contract": "prvni", "declarer": 1, "partner": 3, "declarer_points": 41,
     "hlasky": [{"seat": 1, "kind": "honery"}]},
    {"contract": "druha", "declarer": 2, "partner": 4, "declarer_points": 52, "flek": 1,
     "pagat": {"holder": 2, "won": True}},
    {"contract": "prvni", "declarer": 3, "partner": 1, "declarer_points": 30,
     "hlasky": [{"seat": 2, "kind": "tarocky"}]},
    {"contract": "solo", "declarer": 4, "declarer_points": 47},
)  # fmt: skip


def test_the_table_of_eight_and_the_rulings_at_360_px(
    browser_page, live_server, club, director, judge
):
    table = table_of_eight_for(club, director, judge, "si_double", "Šuštaršič")
    logged_in(browser_page, live_server, judge)
    page = browser_page.new_page()
    page.goto(f"{live_server.url}/tables/{table.pk}/")
    fill_slovenian_trojka(page)
    page.click("button[value=save]")
    page.wait_for_selector("text=Hand 1 saved")
    page.reload()
    # The eight seats' chips and the hands table under them, on one phone screen.
    page.locator(".seat-board").first.evaluate("e => e.scrollIntoView()")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SHOTS / "table-of-eight-360.png")
    # A Czech reader's search: found by stem, ranked, the matches marked, in Czech.
    cookie = {"name": "django_language", "value": "cs", "url": live_server.url}
    browser_page.add_cookies([cookie])
    page.goto(f"{live_server.url}/rulings/?q=rozdání")
    page.screenshot(path=SHOTS / "rulings-360.png")


def test_a_czech_filled_sheet_on_a4(tmp_path):
    from scoring.registry import get_ruleset, score_hand
    from scoring.translate import say
    from tournaments.printed_words import print_words
    from tournaments.printing import ScoreSheetDoc, SheetHand, SheetSeat, score_sheets_pdf

    if shutil.which("pdftoppm") is None:
        pytest.skip("pdftoppm (poppler-utils) draws the PDF")
    rules = get_ruleset("cz_xix")
    names = ("Jiří Dvořák", "Šárka Kříž", "Čestmír Hrubý", "Anna Nováková")
    hands = []
    with translation.override("cs"):
        for number, hand in enumerate(CZECH_HANDS, start=1):
            deltas = score_hand("cz_xix", hand).deltas
            moved = tuple(deltas[seat] for seat in range(1, 5))
            hands.append(SheetHand(number, say(rules.summary(hand)), moved))
        counts = tuple(100 + sum(hand.deltas[seat] for hand in hands) for seat in range(4))
        sheet = ScoreSheetDoc(
            tournament="Turnaj v taroku Praha 2026", date=datetime.date(2026, 11, 28), round=2,
            table=3, ruleset="Taroky XIX", seats=tuple(
                SheetSeat(number, name) for number, name in enumerate(names, start=1)
            ),
            start=100, table_total=400, hands=tuple(hands), counts=counts,
            confirmed_by="Jan Novák", words=print_words(),
        )  # fmt: skip
        pdf = tmp_path / "sheet.pdf"
        pdf.write_bytes(score_sheets_pdf([sheet], paper="a4"))
    SHOTS.mkdir(parents=True, exist_ok=True)
    target = SHOTS / "czech-filled-sheet-a4"
    subprocess.run(["pdftoppm", "-png", "-r", "60", "-singlefile", pdf, target], check=True)
