"""Dates, times and counted words in each language's own forms (issue: every screen in the
players' words): Slovenian dates numeric ("5. 9. 2026", never "05. september 2026."),
Czech ones with the month in the genitive, nothing "5 Zář 2026"; a count picks the plural
form the language has ("4 hráči", "5 hráčů"; Slovenian's four forms)."""

import datetime
import re

import pytest
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.formats import date_format

from scoring.templatetags.scoring_tags import ago
from tournaments import score_sheets
from tournaments.access import TableAccess
from tournaments.reports import standings_report
from tournaments.totals import tournament_standings

pytestmark = pytest.mark.django_db

SEPTEMBER_5 = datetime.date(2026, 9, 5)


@pytest.mark.parametrize(
    ("language", "written"),
    [("en", "Sept. 5, 2026"), ("cs", "5. září 2026"), ("sl", "5. 9. 2026")],
)
def test_a_date_is_written_as_the_language_writes_it(language, written):
    with translation.override(language):
        assert date_format(SEPTEMBER_5) == written


@pytest.mark.parametrize(
    ("language", "written"),
    [("cs", "5. září 2026"), ("sl", "5. 9. 2026")],
)
def test_the_tournament_page_and_the_standings_export_write_its_date_so(
    client, tournament, language, written
):
    page = client.get(tournament.get_absolute_url(), HTTP_ACCEPT_LANGUAGE=language)
    assert written in page.content.decode()
    with translation.override(language):
        report = standings_report(tournament_standings(tournament))
    assert written in report.subtitle and "2026-09-05" not in report.subtitle


@pytest.mark.parametrize(
    ("language", "minutes", "said"),
    [
        ("en", 1, "1 minute ago"),
        ("en", 5, "5 minutes ago"),
        ("cs", 1, "před 1 minutou"),
        ("cs", 3, "před 3 minutami"),
        ("cs", 5, "před 5 minutami"),
        ("sl", 1, "pred 1 minuto"),
        ("sl", 2, "pred 2 minutama"),
        ("sl", 3, "pred 3 minutami"),
        ("sl", 5, "pred 5 minutami"),
        ("cs", 150, "před 2 hodinami"),
        ("sl", 60 * 24 * 3, "pred 3 dnevi"),
    ],
)
def test_how_long_ago_takes_the_plural_form_of_its_count(language, minutes, said):
    moment = timezone.now() - datetime.timedelta(minutes=minutes, seconds=5)
    with translation.override(language):
        assert ago(moment) == said


def test_a_moment_under_a_minute_ago_is_said_so():
    with translation.override("cs"):
        assert ago(timezone.now()) == "před chvílí"


@pytest.mark.parametrize(
    ("language", "said"),
    [("cs", "4 hráči, každý 100 žetonů"), ("sl", "4 igralci, vsak po 100 žetonov")],
)
def test_the_table_size_is_counted_in_the_languages_plural(client, tournament, language, said):
    page = client.get(tournament.get_absolute_url(), HTTP_ACCEPT_LANGUAGE=language)
    assert said in page.content.decode()


def test_the_score_sheet_says_when_it_was_entered_in_the_languages_date(director_client, table1):
    access = TableAccess(table1, None, "link", False)
    sheet = score_sheets.add_sheet(access=access, counts={1: 100, 2: 100, 3: 100, 4: 100}).sheet
    entered = timezone.localtime(sheet.entered_at)
    sheet_url = reverse("tournaments:sheet", args=[table1.pk])
    for language in ("cs", "sl"):
        page = director_client.get(sheet_url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
        with translation.override(language):
            assert date_format(entered, "DATETIME_FORMAT") in page
    assert f"{entered.day}. {entered.month}. {entered.year}, " in page  # Slovenian, numeric


@pytest.mark.parametrize(
    ("language", "written"), [("cs", "listopadu 2026"), ("sl", "26. 11. 2026")]
)
def test_the_players_chart_and_history_write_dates_and_rounds_in_the_language(
    client, director_client, director, judge, club, language, written
):
    from tests.tournaments.helpers import confirm_sheets, round_in_play
    from tournaments.models import Round, Seat

    tournament, _tables = round_in_play(
        director_client, judge, club, players=4, ruleset="si_double", starting_chips=0,
        table_size=4, rounds_planned=1, date="2026-11-26",
    )  # fmt: skip
    confirm_sheets(
        Round.objects.get(tournament=tournament), director, {1: {1: 10, 2: -10, 3: 0, 4: 0}}
    )
    player = Seat.objects.get(round__tournament=tournament, number=1).player
    client.cookies["django_language"] = language
    page = client.get(reverse("clubs:player_detail", args=[player.pk])).content.decode()
    assert f"{tournament.name} ({'26. ' if language == 'cs' else ''}{written})" in page  # chart
    assert "2026-11-26" not in page
    # In what the page says, not in its random CSRF token, which may hold "R1" too.
    said = re.sub(r'name="csrfmiddlewaretoken" value="\w+"', "", page)
    said = said[said.index("<main>") : said.index("</main>")]
    assert "K1 +10" in said and "R1" not in said
