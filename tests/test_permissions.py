"""Every URL of the site, walked as an anonymous visitor, a judge of another club, the
judge of another table, the judge of the table concerned, the director of another club,
the director of the club concerned (its tournament's host club, its player's home club),
and the federation: every URL for each role, of its own club and of another.

The table below must name every URL pattern outside the admin: a new page without a row
here fails `test_every_url_is_in_the_table`, so no view ships without a stated audience.
Each row must answer as the decorator guarding the view lets in
(`test_each_row_is_what_the_view_decorator_lets_in`), and `test_status_code_per_role`
requests every URL as each role to see that the site answers so.

The people, the tournament and the objects the URLs name are made once for the module
(`cast`); each test runs in a transaction rolled back at its end, so each starts from them.
"""

import pytest
from django.conf import settings
from django.contrib.sessions.models import Session
from django.db import transaction
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from accounts import roles
from clubs.models import Player, Season
from clubs.permissions import grant
from tests import cast as build
from tests.tournaments.helpers import hand_post
from tournaments.access import TABLE_JUDGE
from tournaments.models import Hand, ScoreSheet, SheetLine, Table
from tournaments.services.players import merge_players

LOGIN = "login"  # an anonymous visitor is sent to the login page
# The judges and the director of the cast's club, a judge and a director of another club,
# and the federation (all but the federation by their club roles).
ROLES = (
    "anon",
    "foreign_judge",
    "other_judge",
    "judge",
    "foreign_director",
    "director",
    "federation",
)
LOGGED_IN = ROLES[1:]


def _answers(allowed, answer, refused=403, anon=LOGIN) -> dict:
    """`answer` for the roles `allowed`, `refused` for the other logged-in ones."""
    return {"anon": anon} | {role: answer if role in allowed else refused for role in LOGGED_IN}


PUBLIC = dict.fromkeys(ROLES, 200)
CLUB_DIRECTORS = ("director", "federation")
ANY_DIRECTOR = ("foreign_director", "director", "federation")
DIRECTOR_ONLY = _answers(CLUB_DIRECTORS, 200)
DIRECTOR_POST = _answers(CLUB_DIRECTORS, 302)
ANY_DIRECTOR_ONLY = _answers(ANY_DIRECTOR, 200)
FEDERATION_ONLY = _answers(("federation",), 200)
TABLE_GET = _answers(("judge", *CLUB_DIRECTORS), 200, anon=404)
TABLE_POST = _answers(("judge", *CLUB_DIRECTORS), 302, anon=404)
EVERYONE_302 = dict.fromkeys(ROLES, 302)

# name: (method, URL kwargs naming objects from the `objects` fixture, POST data, expected)
URLS = {
    "home": ("get", {}, None, PUBLIC),
    "login": ("get", {}, None, _answers((), 302, refused=302, anon=200)),
    "logout": ("post", {}, None, EVERYONE_302),
    "password_reset": ("get", {}, None, PUBLIC),
    "password_reset_done": ("get", {}, None, PUBLIC),
    # A made-up link: the page says it no longer works.
    "password_reset_confirm": ("get", {"uidb64": "uid", "token": "reset_token"}, None, PUBLIC),
    "password_reset_complete": ("get", {}, None, PUBLIC),
    "set_language": ("post", {}, {"language": "cs"}, EVERYONE_302),
    # For the proxy and monitor: the test database is up and migrated.
    "healthz": ("get", {}, None, PUBLIC),
    # Asked for by browsers before any page: the icon in static/.
    "favicon": ("get", {}, None, dict.fromkeys(ROLES, 301)),
    "clubs:club_list": ("get", {}, None, PUBLIC),
    "clubs:club_create": ("get", {}, None, FEDERATION_ONLY),
    "clubs:club_detail": ("get", {"pk": "club"}, None, PUBLIC),
    "clubs:club_edit": ("get", {"pk": "club"}, None, DIRECTOR_ONLY),
    "clubs:player_list": ("get", {}, None, PUBLIC),
    "clubs:player_duplicates": ("get", {}, None, FEDERATION_ONLY),
    "clubs:player_create": ("get", {}, None, ANY_DIRECTOR_ONLY),
    "clubs:player_detail": ("get", {"pk": "player"}, None, PUBLIC),
    "clubs:player_edit": ("get", {"pk": "player"}, None, DIRECTOR_ONLY),
    "clubs:player_set_active": ("post", {"pk": "player"}, {"active": "0"}, DIRECTOR_POST),
    "clubs:membership_create": ("get", {"pk": "player"}, None, DIRECTOR_ONLY),
    "clubs:season_list": ("get", {}, None, PUBLIC),
    # Merging two records of one person, undoing and confirming it: the federation's.
    "tournaments:player_merge": (
        "post",
        {},
        {"keep": "player", "duplicate": "namesake"},
        _answers(("federation",), 302),
    ),
    "tournaments:player_merges": ("get", {}, None, FEDERATION_ONLY),
    "tournaments:player_unmerge": ("post", {"pk": "merge"}, {}, _answers(("federation",), 302)),
    "tournaments:player_merge_confirm": (
        "post",
        {"pk": "merge"},
        {},
        _answers(("federation",), 302),
    ),
    # A club's director opens his club's seasons; a federation season is the federation's
    # (its edit page in SAME_URL_OTHER_THING).
    "clubs:season_create": ("get", {}, None, ANY_DIRECTOR_ONLY),
    "clubs:season_edit": ("get", {"pk": "club_season"}, None, DIRECTOR_ONLY),
    # An empty form body is not JSON: the endpoint answers 400 to anyone.
    "scoring:api_score": ("post", {}, None, dict.fromkeys(ROLES, 400)),
    "scoring:calculator": ("get", {"ruleset": "spjst"}, None, PUBLIC),
    # The card picker's live count: stateless, like the calculator.
    "scoring:card_count": ("post", {"ruleset": "cz_xix"}, {"cards": "K-hearts"}, PUBLIC),
    "scoring:rulings": ("get", {}, None, PUBLIC),
    "tournaments:list": ("get", {}, None, PUBLIC),
    "tournaments:ratings": ("get", {}, None, PUBLIC),
    "tournaments:ratings_game": ("get", {"family": "spjst"}, None, PUBLIC),
    "tournaments:rating_method": ("get", {}, None, PUBLIC),
    # The installable judge page: its service worker, manifest and offline notice.
    "tournaments:service_worker": ("get", {}, None, PUBLIC),
    "tournaments:manifest": ("get", {}, None, PUBLIC),
    "tournaments:offline": ("get", {}, None, PUBLIC),
    "tournaments:create": ("get", {}, None, ANY_DIRECTOR_ONLY),
    "tournaments:detail": ("get", {"pk": "tournament"}, None, PUBLIC),
    "tournaments:edit": ("get", {"pk": "tournament"}, None, DIRECTOR_ONLY),
    "tournaments:registrations": ("get", {"pk": "tournament"}, None, DIRECTOR_ONLY),
    "tournaments:register": ("post", {"pk": "tournament"}, {"player": "player"}, DIRECTOR_POST),
    "tournaments:register_new": (
        "post",
        {"pk": "tournament"},
        {"first_name": "New", "last_name": "Comer"},
        DIRECTOR_POST,
    ),
    "tournaments:registration_update": (
        "post",
        {"pk": "registration"},
        {"action": "check_in"},
        DIRECTOR_POST,
    ),
    "tournaments:draw": ("post", {"pk": "tournament"}, {}, DIRECTOR_POST),
    "tournaments:finish": ("post", {"pk": "tournament"}, {"action": "finish"}, DIRECTOR_POST),
    "tournaments:plan_add": ("post", {"pk": "tournament"}, {}, DIRECTOR_POST),
    "tournaments:round": ("get", {"pk": "tournament", "number": "round"}, None, PUBLIC),
    "tournaments:round_sheets_pdf": (
        "get",
        {"pk": "tournament", "number": "round"},
        None,
        DIRECTOR_ONLY,
    ),
    "tournaments:seating_pdf": ("get", {"pk": "tournament", "number": "round"}, None, PUBLIC),
    "tournaments:table_cards_pdf": (
        "get",
        {"pk": "tournament", "number": "round"},
        None,
        DIRECTOR_ONLY,
    ),
    # The cast's tournament is no drive: the director is sent back to its page.
    "tournaments:drive_cards_pdf": (
        "get",
        {"pk": "tournament"},
        None,
        _answers(CLUB_DIRECTORS, 302),
    ),
    "tournaments:drive_movement_pdf": (
        "get",
        {"pk": "tournament"},
        None,
        _answers(CLUB_DIRECTORS, 302),
    ),
    "tournaments:table_sheet_pdf": ("get", {"table_id": "table"}, None, TABLE_GET),
    "tournaments:swap": ("post", {"pk": "tournament", "number": "round"}, {}, DIRECTOR_POST),
    "tournaments:round_status": (
        "post",
        {"pk": "tournament", "number": "round"},
        {"status": "closed"},
        DIRECTOR_POST,
    ),
    "tournaments:dashboard": ("get", {"pk": "tournament"}, None, DIRECTOR_ONLY),
    "tournaments:results": ("get", {"pk": "tournament"}, None, PUBLIC),
    "tournaments:standings": ("get", {"pk": "tournament"}, None, PUBLIC),
    "tournaments:standings_export": ("get", {"pk": "tournament", "fmt": "xlsx"}, None, PUBLIC),
    "tournaments:hands_export": ("get", {"pk": "tournament", "fmt": "csv"}, None, DIRECTOR_ONLY),
    "tournaments:archive": ("get", {"pk": "tournament"}, None, DIRECTOR_ONLY),
    "tournaments:leaderboard": ("get", {"pk": "season"}, None, PUBLIC),
    "tournaments:leaderboard_export": ("get", {"pk": "season", "fmt": "xlsx"}, None, PUBLIC),
    "tournaments:ledger": ("get", {"pk": "tournament"}, None, DIRECTOR_ONLY),
    "tournaments:ledger_apply": ("post", {"pk": "tournament"}, {}, DIRECTOR_POST),
    "tournaments:ledger_cancel": (
        "post",
        {"hand_id": "hand_id", "index": "zero"},
        {"reason": "x"},
        DIRECTOR_POST,
    ),
    "tournaments:table_judge": ("post", {"table_id": "table"}, {"link": "new"}, DIRECTOR_POST),
    "tournaments:table_qr": ("get", {"table_id": "table"}, None, DIRECTOR_ONLY),
    "tournaments:judge_link": ("get", {"token": "token"}, None, EVERYONE_302),
    "tournaments:table": ("get", {"table_id": "table"}, None, TABLE_GET),
    "tournaments:hand_add": ("post", {"table_id": "table"}, "hand", TABLE_POST),
    "tournaments:hand_edit": ("get", {"table_id": "table", "number": "hand"}, None, TABLE_GET),
    "tournaments:hand_delete": (
        "post",
        {"table_id": "table", "number": "hand"},
        {"reason": "x"},
        TABLE_POST,
    ),
    "tournaments:hand_history": ("get", {"table_id": "table", "number": "hand"}, None, TABLE_GET),
    "tournaments:sheet": ("get", {"table_id": "table"}, None, TABLE_GET),
    "tournaments:hands_after": ("get", {"table_id": "table", "number": "zero"}, None, TABLE_GET),
    # The phone's ping answers with no content.
    "tournaments:contact": (
        "post",
        {"table_id": "table"},
        {"waiting": "2"},
        _answers(("judge", *CLUB_DIRECTORS), 204, anon=404),
    ),
    # The sheet was entered by the table's judge: they may not confirm it themselves, and
    # are sent back to the sheet with a message saying why (tests/tournaments/test_lock.py).
    "tournaments:sheet_confirm": (
        "post",
        {"sheet_id": "sheet"},
        {},
        _answers((), 302, refused=302),
    ),
    # The second person reads the sheet before confirming: judges of the round, directors.
    "tournaments:sheet_review": (
        "get",
        {"sheet_id": "sheet"},
        None,
        _answers(("other_judge", "judge", *CLUB_DIRECTORS), 200),
    ),
    "tournaments:table_reopen": (
        "post",
        {"table_id": "table"},
        {"reason": "recount"},
        DIRECTOR_POST,
    ),
    # The read API (/api/v1/): what the public pages show, to anyone.
    "api:schema": ("get", {}, None, PUBLIC),
    "api:docs": ("get", {}, None, PUBLIC),
    "api:club_list": ("get", {}, None, PUBLIC),
    "api:club": ("get", {"pk": "club"}, None, PUBLIC),
    "api:player_list": ("get", {}, None, PUBLIC),
    "api:player": ("get", {"pk": "player"}, None, PUBLIC),
    "api:player_statistics": ("get", {"pk": "player"}, None, PUBLIC),
    "api:season_list": ("get", {}, None, PUBLIC),
    "api:season": ("get", {"pk": "season"}, None, PUBLIC),
    "api:leaderboard": ("get", {"pk": "season"}, None, PUBLIC),
    "api:rating_families": ("get", {}, None, PUBLIC),
    "api:ratings": ("get", {"family": "spjst"}, None, PUBLIC),
    "api:rulings": ("get", {}, None, PUBLIC),
    "api:tournament_list": ("get", {}, None, PUBLIC),
    "api:tournament": ("get", {"pk": "tournament"}, None, PUBLIC),
    "api:round_list": ("get", {"pk": "tournament"}, None, PUBLIC),
    "api:round": ("get", {"pk": "tournament", "number": "round"}, None, PUBLIC),
    "api:standings": ("get", {"pk": "tournament"}, None, PUBLIC),
    "api:results": ("get", {"pk": "tournament"}, None, PUBLIC),
    "api:widget_words": ("get", {}, None, PUBLIC),
    "clubs:signup": ("get", {}, None, PUBLIC),
    "clubs:signup_confirm": ("get", {"uidb64": "uid", "token": "reset_token"}, None, PUBLIC),
    # A signed-in visitor without a player record is told so on the tournament's page.
    "tournaments:register_me": ("post", {"pk": "tournament"}, None, _answers(LOGGED_IN, 302)),
    "tournaments:withdraw_me": ("post", {"pk": "tournament"}, None, _answers(LOGGED_IN, 302)),
    "tournaments:my_registrations": ("get", {}, None, _answers(LOGGED_IN, 200)),
    "tournaments:my_tables": (
        "get",
        {},
        None,
        _answers(LOGGED_IN, 200),
    ),
}

# URLs of the table asked again for another thing: (name, kwargs, expected).
SAME_URL_OTHER_THING = [
    # The federation season, across clubs: no club's director may edit it.
    ("clubs:season_edit", {"pk": "season"}, FEDERATION_ONLY),
    ("tournaments:leaderboard", {"pk": "club_season"}, PUBLIC),
]


def _named_patterns(resolver: URLResolver, prefix: str = ""):
    for pattern in resolver.url_patterns:
        if isinstance(pattern, URLResolver):
            if pattern.app_name == "admin":
                continue
            namespace = f"{prefix}{pattern.namespace}:" if pattern.namespace else prefix
            yield from _named_patterns(pattern, namespace)
        elif isinstance(pattern, URLPattern):
            yield f"{prefix}{pattern.name}", pattern


def test_every_url_is_in_the_table():
    names = {name for name, _ in _named_patterns(get_resolver())}
    assert names - URLS.keys() == set(), "add these URLs to the permission table"
    assert URLS.keys() - names == set(), "these URLs no longer exist"


LET_IN = "let in"  # anything but a refusal: the view itself decides what it answers
REFUSALS = {LOGIN, 403, 404}
# What each access decorator answers each role; a role not named is the view's to decide
# (a signed-in page may refuse some judges; a public page may redirect the logged-in).
LETS_IN = {
    roles.PUBLIC: {"anon": LET_IN},
    roles.SIGNED_IN: {"anon": LOGIN, "other_judge": LET_IN, "director": LET_IN},
    roles.FEDERATION_ONLY: _answers(("federation",), LET_IN),
    roles.DIRECTOR: _answers(ANY_DIRECTOR, LET_IN),
    roles.CLUB_DIRECTOR_ONLY: _answers(CLUB_DIRECTORS, LET_IN),
    TABLE_JUDGE: _answers(("judge", *CLUB_DIRECTORS), LET_IN, anon=404),
}


def _fits(row_says, decorator_says) -> bool:
    if decorator_says == LET_IN:
        return row_says not in REFUSALS
    return row_says == decorator_says


def test_each_row_is_what_the_view_decorator_lets_in():
    """A view's access decorator (accounts.roles, tournaments.access) marks the view; its
    row must answer as that decorator does. With test_status_code_per_role, which
    requests each row, a view guarded otherwise than its decorator says fails."""
    wrong = {}
    for name, pattern in _named_patterns(get_resolver()):
        access = getattr(pattern.callback, "access", None)
        if access not in LETS_IN:
            wrong[name] = f"not wrapped in an access decorator (access={access!r})"
            continue
        row = URLS[name][3]
        for role, answer in LETS_IN[access].items():
            if not _fits(row[role], answer):
                wrong[name] = f"{access}: the row gives {role} {row[role]!r}, not {answer!r}"
    assert wrong == {}


@pytest.fixture(scope="module")
def cast(django_db_setup, django_db_blocker):
    """The users (the director and the judges are of the tournament's club only, the
    foreign director and judge of another club), round 1 in play (table 1 judged by `judge`, table 2 by `other_judge`), a
    season, a hand and an entered sheet at table 1: made once, rolled back after the module.

    Each test runs inside this transaction, in its own savepoint rolled back at its end.
    """
    with django_db_blocker.unblock(), transaction.atomic():
        users = {
            "director": build.user("dora-director", None),
            "judge": build.user("jan-judge", None),
            "other_judge": build.user("olga-judge", None),
            "foreign_judge": build.user("fred-judge", None),
            "foreign_director": build.user("felix-director", None),
            "federation": build.user("fiona-federation", roles.DIRECTORS),
        }
        club = build.lodge()
        other_club = build.other_club()
        grant(users["director"], roles.CLUB_DIRECTOR, club)
        grant(users["foreign_director"], roles.CLUB_DIRECTOR, other_club)
        grant(users["foreign_judge"], roles.CLUB_JUDGE, other_club)
        for name in ("judge", "other_judge"):
            grant(users[name], roles.CLUB_JUDGE, club)
        player = build.anton(club)
        tournament = build.westfest(club, users["director"])
        round1 = build.round_one(tournament, build.sixteen_players(club), users["director"])
        table1 = build.judged(round1, 1, users["judge"])
        build.judged(round1, 2, users["other_judge"])
        yield {"users": users, "objects": _objects(club, player, tournament, table1, users)}
        transaction.set_rollback(True)


def _objects(club, player, tournament, table1, users) -> dict:
    """The values the URLs and POST bodies of `URLS` name."""
    season = Season.objects.create(name="2026", start_date="2026-01-01", end_date="2026-12-31")
    club_season = Season.objects.create(
        name="Lodge cup 2026", start_date="2026-01-01", end_date="2026-12-31", club=club
    )
    table1.judge_token = "k" * 43
    table1.save()
    hand = Hand.objects.create(
        table=table1,
        number=1,
        data={
            "contract": "povinost",
            "declarer": 1,
            "partner": 3,
            "declarer_points": 59,
            "penalties": [],
        },
        settlement={"ruleset": "spjst", "deltas": {"1": 3, "2": -3, "3": 3, "4": -3}, "lines": []},
        submission="00000000-0000-0000-0000-000000000001",
    )
    sheet = ScoreSheet.objects.create(
        table=table1, entered_by=users["judge"], entered_actor="judge"
    )
    for seat in table1.seats.all():
        SheetLine.objects.create(sheet=sheet, seat=seat.number, player=seat.player, chips=100)
    namesake = Player.objects.create(first_name="Anton", last_name="Hájek", home_club=club)
    merged = merge_players(
        Player.objects.create(first_name="Eva", last_name="Nová", home_club=club),
        Player.objects.create(first_name="Eva", last_name="Nova", home_club=club),
        users["federation"],
    )
    return {
        "club": club.pk,
        "player": player.pk,
        "namesake": namesake.pk,
        "merge": merged.pk,
        "season": season.pk,
        "club_season": club_season.pk,
        "tournament": tournament.pk,
        "registration": tournament.registrations.first().pk,
        "round": 1,
        "table": table1.pk,
        "hand": 1,
        "hand_id": hand.pk,
        "zero": 0,
        "sheet": sheet.pk,
        "token": table1.judge_token,
        "uid": "MQ",
        "reset_token": "made-up-token",
        "spjst": "spjst",
        "cz_xix": "cz_xix",
        "xlsx": "xlsx",
        "csv": "csv",
    }


def _client(cast, role: str) -> Client:
    """A fresh client per test: logging out, or opening a judge link, changes its session."""
    if role == "anon":
        return Client()
    return build.client_for(cast["users"][role])


@pytest.mark.django_db
@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("name", sorted(URLS))
def test_status_code_per_role(name, role, cast):
    objects = cast["objects"]
    method, kwargs, data, expected = URLS[name]
    url = reverse(name, kwargs={key: objects[value] for key, value in kwargs.items()})
    if data == "hand":
        table = Table.objects.get(pk=objects["table"])
        data = hand_post(table, declarer=1, partner=3, declarer_points=59)
    elif data:
        data = {key: objects.get(value, value) for key, value in data.items()}
    response = getattr(_client(cast, role), method)(url, data)
    want = expected[role]
    if want == LOGIN:
        assert response.status_code == 302
        assert response.url.startswith(reverse("login"))
    else:
        assert response.status_code == want


@pytest.mark.django_db
@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize(("name", "kwargs", "expected"), SAME_URL_OTHER_THING)
def test_status_code_per_role_of_another_thing(name, kwargs, expected, role, cast):
    objects = cast["objects"]
    url = reverse(name, kwargs={key: objects[value] for key, value in kwargs.items()})
    response = _client(cast, role).get(url)
    if expected[role] == LOGIN:
        assert response.status_code == 302
        assert response.url.startswith(reverse("login"))
    else:
        assert response.status_code == expected[role]


# Anonymous visits that may not exist or not be for them: still no session.
NO_SUCH = [
    ("get", "/tables/999999/"),
    ("post", "/tables/999999/contact/"),
    ("get", "/judge/not-a-link/"),
    ("get", "/api/score/"),
]
# Only these may give an anonymous visitor a session: logging in, opening a judge link,
# choosing a language.
MAY_START_A_SESSION = {"login", "tournaments:judge_link", "set_language"}


@pytest.mark.django_db
def test_an_anonymous_visitor_gets_no_session_anywhere(cast):
    """Every URL an anonymous visitor may ask for (and some that do not exist) answers
    without writing a session row: a crawler or a curious spectator fills no table."""
    objects = cast["objects"]
    visits = list(NO_SUCH)
    for name in sorted(URLS):
        method, kwargs, _data, _expected = URLS[name]
        if name in MAY_START_A_SESSION:
            continue
        url = reverse(name, kwargs={key: objects[value] for key, value in kwargs.items()})
        visits.append(("get", url))
        if method == "post":
            visits.append(("post", url))
    visitor = Client()
    started = []
    for method, url in visits:
        before = Session.objects.count()
        getattr(visitor, method)(url)
        if Session.objects.count() != before:
            started.append(f"{method.upper()} {url}")
    assert started == []
    assert Session.objects.count() == 0
    assert settings.SESSION_COOKIE_NAME not in visitor.cookies
