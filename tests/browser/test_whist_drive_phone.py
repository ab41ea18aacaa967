"""A whist drive's round 2 on a 360 px phone: the judge enters the round's tricks hand by
hand at a table seated by the movement, and the page keeps the pairs' tricks and the next
hand's trumps in view without scrolling sideways."""

import datetime
import uuid

from tests.browser.conftest import BROWSER_TEST, logged_in

pytestmark = BROWSER_TEST

NAMES = ["Kateřina", "Bohumil", "Jaroslava", "Přemysl", "Ludmila", "Svatopluk", "Věra", "Radim"]


def _round_two(club, director, judge):
    """A drive of eight with round 1 played (N–S win both tables) and round 2 moved on."""
    from clubs.models import Player
    from tests.tournaments.helpers import confirm_sheets
    from tournaments import hand_store, services
    from tournaments.access import TableAccess
    from tournaments.models import Round

    tournament = services.create_tournament(
        by=director, ruleset="whist", name="Whist drive", host_club=club,
        date=datetime.date(2026, 12, 5), rounds_planned=3, hands_per_round=4, table_size=4,
        standings_method="tricks",
    )  # fmt: skip
    for n, first in enumerate(NAMES):
        player = Player.objects.create(
            first_name=first, last_name=f"Novotná-Dvořáková {n}", home_club=club
        )
        services.register(tournament=tournament, player=player, checked_in=True)
    round_1 = services.draw_next_round(tournament=tournament, by=director, seed=3)
    services.set_round_status(round_=round_1, status=Round.Status.PLAYING, by=director)
    for table in round_1.tables.all():
        access = TableAccess(table, director, director.username, is_director=True)
        for version in range(4):
            hand_store.add_hand(
                access=access,
                data={"variant": "standard", "tricks": {"NS": 8, "EW": 5}},
                submission=uuid.uuid4(),
                expected_version=version,
            )
    # N–S 8 tricks a hand: 2 × 2 = 4 points for seats 1 and 3 in each of four hands.
    confirm_sheets(round_1, director, {n: {1: 16, 2: 0, 3: 16, 4: 0} for n in (1, 2)})
    services.set_round_status(round_=round_1, status=Round.Status.CLOSED, by=director)
    round_2 = services.draw_next_round(tournament=tournament, by=director)
    services.set_round_status(round_=round_2, status=Round.Status.PLAYING, by=director)
    table = round_2.tables.get(number=1)
    services.set_judge(table=table, by=director, judge=judge)
    return round_1, table


def test_a_drive_rounds_tricks_entered_on_a_phone(browser_page, live_server, club, director, judge):
    from tournaments.models import Hand

    round_1, table = _round_two(club, director, judge)
    top = [seat.player_id for seat in round_1.tables.get(number=1).seats.order_by("number")]
    # The top table's winners (seats 1 and 3 of round 1) stay and split.
    assert [seat.player_id for seat in table.seats.order_by("number")][:2] == [top[0], top[2]]
    logged_in(browser_page, live_server, judge)
    page = browser_page.new_page()
    page.goto(f"{live_server.url}/tables/{table.pk}/")
    assert "Hand 5 of the drive: hearts are trumps." in page.inner_text("#drive")
    trumps = ["diamonds", "spades", "clubs"]
    page.click("summary.button")
    for index, north_south in enumerate((7, 4, 9, 6)):
        # After a save the blank form for the next hand stays open (htmx, no reload).
        page.fill("#id_tricks_NS", str(north_south))
        page.fill("#id_tricks_EW", str(13 - north_south))
        page.click("button[value=save]")
        page.wait_for_selector(f"text=Hand {index + 1} saved")
        drive = page.inner_text("#drive")
        if index < 3:
            assert f"Hand {index + 6} of the drive: {trumps[index]} are trumps." in drive
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert Hand.objects.filter(table=table).count() == 4
    cells = page.locator("#drive td.num").all_inner_texts()
    assert cells == ["26", "26"]  # N–S 7 + 4 + 9 + 6, E–W 6 + 9 + 4 + 7
    assert "Every hand of the round is played" in page.inner_text("#drive")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
