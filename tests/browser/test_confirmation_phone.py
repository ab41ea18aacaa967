"""The two-person rule and the lock as people meet them: two judges on 360 px phones and
a director on a desktop, in Chromium."""

from tests.browser.conftest import BROWSER_TEST, fill_povinost_hand, logged_in

pytestmark = BROWSER_TEST

PHONE = {"width": 360, "height": 780}


def _enter_sheet(page, counts) -> None:
    for seat, chips in enumerate(counts, start=1):
        page.fill(f"#id_seat_{seat}", str(chips))
    page.click("text=Check and save the sheet")


def _no_sideways_scroll(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def _confirm_from_my_tables(page, live_server, tmp_path, name) -> None:
    page.goto(f"{live_server.url}/")
    page.click("nav >> text=My tables")
    page.wait_for_selector("#to-confirm")
    page.screenshot(path=str(tmp_path / f"{name}-my-tables.png"), full_page=True)
    assert _no_sideways_scroll(page)
    page.click("#to-confirm a:has-text('Read the sheet')")
    page.wait_for_load_state()
    page.screenshot(path=str(tmp_path / f"{name}-review.png"), full_page=True)
    page.click("button:has-text('Confirm this sheet')")
    page.wait_for_selector("text=Table 1 confirmed.")


def test_a_sheet_is_confirmed_by_another_judge_locked_reopened_and_the_round_closed(
    chromium, live_server, judge, other_judge, director, table1, table2, tmp_path
):
    from tournaments import score_sheets
    from tournaments.access import TableAccess
    from tournaments.models import Hand, Round, Tournament

    # Tables 2 to 4 finished the round already (confirmed on paper counts of 100 each).
    for table in table1.round.tables.exclude(pk=table1.pk):
        access = TableAccess(table, None, "link", False, browser=f"phone-{table.number}")
        sheet = score_sheets.add_sheet(access=access, counts=dict.fromkeys(range(1, 5), 100)).sheet
        score_sheets.confirm_sheet(sheet=sheet, by=director)

    first = chromium.new_context(viewport=PHONE)
    second = chromium.new_context(viewport=PHONE)
    desk = chromium.new_context(viewport={"width": 1280, "height": 900})
    logged_in(first, live_server, judge)
    logged_in(second, live_server, other_judge)
    logged_in(desk, live_server, director)
    judge_page, other_page, director_page = first.new_page(), second.new_page(), desk.new_page()
    table_url = f"{live_server.url}/tables/{table1.pk}/"

    # The judge of table 1 records a hand and the sheet on the phone.
    judge_page.goto(f"{live_server.url}/")
    judge_page.click("nav >> text=My tables")
    judge_page.click("a.button:has-text('Round 1 · Table 1')")
    fill_povinost_hand(judge_page)
    judge_page.click("button[value=save]")
    judge_page.wait_for_selector("text=Hand 1 saved")
    judge_page.click("text=Enter the score sheet")
    _enter_sheet(judge_page, [103, 97, 103, 97])
    judge_page.wait_for_selector("text=needs a second person")
    assert "Waiting for a second person" in judge_page.inner_text("main")
    assert judge_page.locator("text=Confirm this sheet").count() == 0
    judge_page.screenshot(path=str(tmp_path / "judge-waiting.png"), full_page=True)
    assert _no_sideways_scroll(judge_page)

    # The judge opens the hand form again (a late hand) but has not saved it yet...
    judge_page.goto(table_url)
    fill_povinost_hand(judge_page)

    # ... while the judge of table 2 confirms table 1's sheet from "Sheets to confirm".
    _confirm_from_my_tables(other_page, live_server, tmp_path, "other-judge")

    # The late hand is refused with the lock's message, back in the form.
    judge_page.click("button[value=save]")
    judge_page.wait_for_selector("#refusal")
    refusal = judge_page.inner_text("#refusal")
    assert judge_page.input_value("#id_declarer_points") == "59"
    assert "is locked" in refusal and "olga-judge" in refusal
    judge_page.screenshot(path=str(tmp_path / "judge-locked.png"), full_page=True)
    assert Hand.objects.filter(table=table1).count() == 1

    # The director reopens the table with a reason.
    director_page.goto(f"{live_server.url}/tables/{table1.pk}/sheet/")
    director_page.fill("#id_reason", "a hand was left out")
    director_page.click("button:has-text('Reopen the table')")
    director_page.wait_for_selector("text=is open again")

    # The judge adds the hand and enters the sheet again; the other judge confirms.
    judge_page.goto(table_url)
    fill_povinost_hand(judge_page)
    judge_page.click("button[value=save]")
    judge_page.wait_for_selector("text=Hand 2 saved")
    judge_page.click("text=Score sheet")
    _enter_sheet(judge_page, [106, 94, 106, 94])
    judge_page.wait_for_selector("text=needs a second person")
    _confirm_from_my_tables(other_page, live_server, tmp_path, "other-judge-again")

    # The director closes the round.
    director_page.goto(f"{live_server.url}{table1.round.get_absolute_url()}")
    director_page.click("text=Close the round")
    director_page.wait_for_selector("text=Reopen the round")
    director_page.screenshot(path=str(tmp_path / "director-round-closed.png"), full_page=True)
    table1.round.refresh_from_db()
    assert table1.round.status == Round.Status.CLOSED

    # ... and finishes the tournament: the standings are no longer provisional.
    tournament = table1.round.tournament
    director_page.goto(f"{live_server.url}{tournament.get_absolute_url()}")
    director_page.click("button:has-text('Finish the tournament')")
    director_page.wait_for_selector("text=its standings are final")
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    director_page.goto(f"{live_server.url}/tournaments/{tournament.pk}/standings/")
    assert "rovisional" not in director_page.inner_text("main")
