"""On a 360 px phone the standings show the player who had a bye, broken even, beside
those who played (issue 26: the player with the bye vanished)."""

from tests.browser.conftest import BROWSER_TEST
from tests.tournaments.helpers import confirm_sheets
from tournaments import services
from tournaments.models import Round

pytestmark = BROWSER_TEST


def test_the_standings_show_the_bye_player_on_a_phone(
    browser_page, live_server, tournament, players, director
):
    for player in players[:5]:
        services.register(tournament=tournament, player=player, checked_in=True)
    round_ = services.draw_next_round(tournament=tournament, by=director, seed=4)
    services.set_round_status(round_=round_, status=Round.Status.PLAYING, by=director)
    # A paper-only table: its sheet is checked on the total (400) alone.
    round_.tables.update(paper_only=True)
    counts = {1: {1: 110, 2: 105, 3: 95, 4: 90}}
    confirm_sheets(round_, director, counts)
    services.set_round_status(round_=round_, status=Round.Status.CLOSED, by=director)
    bye = round_.byes.get().player

    page = browser_page.new_page()
    page.goto(f"{live_server.url}/tournaments/{tournament.pk}/standings/")
    rows = page.locator("table tbody tr")
    assert rows.count() == 5
    row = rows.filter(has_text=bye.display_name)
    assert row.count() == 1 and row.is_visible()
    # Broken even: 0 chips, third between those who won (+10, +5) and those who lost.
    names = [rows.nth(i).inner_text() for i in range(5)]
    assert bye.display_name in names[2] and names[2].startswith("3\t")
