"""A whist table on a 360 px phone: the rubber's score under the hands, no sideways scroll.

Hussar is the widest rubber (four seats, each alone); the judge types a hand of it into
the table's form, and the page shows the rubber's running score and its result.
"""

import datetime

from tests.browser.conftest import BROWSER_TEST, logged_in

pytestmark = BROWSER_TEST


def _whist_table(club, director, judge):
    from clubs.models import Player
    from tournaments import services
    from tournaments.models import Round

    tournament = services.create_tournament(
        by=director, ruleset="whist", name="Whist drive", host_club=club,
        date=datetime.date(2026, 12, 5), rounds_planned=1, hands_per_round=12, table_size=4,
    )  # fmt: skip
    for n in range(4):
        player = Player.objects.create(
            first_name=["Kateřina", "Bohumil", "Jaroslava", "Přemysl"][n],
            last_name=f"Novotná-Dvořáková {n}",
            home_club=club,
        )
        services.register(tournament=tournament, player=player, checked_in=True)
    round_ = services.draw_next_round(tournament=tournament, by=director, seed=3)
    services.set_round_status(round_=round_, status=Round.Status.PLAYING, by=director)
    table = round_.tables.get()
    services.set_judge(table=table, by=director, judge=judge)
    return table


def test_a_hussar_rubber_at_a_table_fits_a_phone(browser_page, live_server, club, director, judge):
    from tournaments.models import Hand

    table = _whist_table(club, director, judge)
    logged_in(browser_page, live_server, judge)
    page = browser_page.new_page()
    page.goto(f"{live_server.url}/tables/{table.pk}/")
    page.click("summary.button")
    page.check("input[name=variant][value=hussar]", force=True)
    page.click("text=Hussar and three players: each seat's tricks")
    for seat, tricks in enumerate((6, 3, 2, 2), start=1):
        page.fill(f"#id_tricks_{seat}", str(tricks))
    page.select_option("#id_honours_seat", "2")
    page.select_option("#id_honours_count", "4")
    page.click("button[value=save]")
    page.wait_for_selector("text=Hand 1 saved")
    # Seat 1: (6 − 3) × 2 = 6; seat 2: four honours 2.
    assert Hand.objects.get().settlement["deltas"] == {"1": 6, "2": 2, "3": 0, "4": 0}
    rubber = page.inner_text("#rubber")
    assert "Rubber 1" in rubber and "1 hand in this rubber." in rubber
    assert page.locator("#rubber th.num").count() == 4
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
