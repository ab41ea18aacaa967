"""Malformed input sent to every POST view of the site and to the JSON API.

Each view gets the form it expects, with some fields replaced by hostile values (wrong
types, unicode digits, huge and tiny numbers, NaN, deep nesting, very long text), dropped,
repeated (a key twice in the body) or joined by unknown fields. Whatever arrives, the site
must answer below 500, within a second, and leave the database as it was when it refuses
the request.

The examples are few on a developer's machine and more on CI: the hypothesis profile
(conftest.py: "dev", or "ci" when `CI` is set) decides, see `FUZZ` below. A new view that reads a POST body fails
`test_every_view_that_reads_a_post_body_is_fuzzed` until it has a row in `VIEWS`.
"""

import json
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

import pytest
from django.contrib.messages import constants as message_levels
from django.contrib.messages.storage.base import BaseStorage
from django.core.handlers.wsgi import WSGIRequest
from django.db import transaction
from django.http import HttpRequest
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from clubs.models import Club, Membership, Player, Season
from scoring.forms import hand_form
from tests.test_permissions import URLS as PAGES
from tests.tournaments.helpers import hand_post
from tournaments import hand_store
from tournaments.access import TableAccess
from tournaments.models import (
    AuditEntry,
    Bye,
    Hand,
    HandRevision,
    Registration,
    Round,
    ScoreSheet,
    Seat,
    SheetLine,
    Table,
    Tournament,
)
from tournaments.services.players import merge_players

pytestmark = pytest.mark.django_db

# A request that works longer than this is a denial of service, not a slow page: the
# stalls this guards against ran for tens of seconds, while the pages answer in well under
# half a second. It bounds the CPU time of the thread that serves the request (the test
# client runs the view in this thread), which a busy machine does not inflate the way it
# inflates the wall clock; how fast the pages are is measured by `make bench`.
REQUEST_CPU_SECONDS = 1.0

# An example here is a whole request (and a rollback) for each of some thirty views, so
# the fuzz runs an eighth of the profile's examples: 25 on CI, and at least 10.
FUZZ = settings(
    max_examples=max(10, settings.default.max_examples // 8),
    # One site is built per view and each example rolls back to it.
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

# Deeper than any recursion limit (hypothesis raises the interpreter's while it runs).
DEEP = "[" * 100_000 + "]" * 100_000

# Values no form of the site sends, as text; the JSON API gets them as raw JSON tokens.
HOSTILE = [
    "",
    " ",
    "abc",
    "1.5",
    "-1",
    "0",
    "²",
    "③",
    "٣",  # an Arabic-Indic three
    "١٢٣",
    "１２",  # fullwidth digits
    "\u200b1",
    "0x10",
    "1e5",
    "1,5",
    "NaN",
    "nan",
    "Infinity",
    "-Infinity",
    "1E+5000",
    "1E-999999",
    str(2**63),
    str(2**64),
    str(-(2**63) - 1),
    "9" * 4300,
    "9" * 5000,
    "x" * 10_000,
    "null",
    "true",
    "[]",
    "{}",
    DEEP,
    '{"a": ' * 20_000 + "1" + "}" * 20_000,
    "\x00",
    "🂡",
    "<script>",
]

text_values = st.one_of(
    st.sampled_from(HOSTILE),
    st.text(st.characters(exclude_categories=("Cs",)), max_size=30),
    st.integers().map(str),
    st.floats().map(repr),
)

# A mutation of a request: (field, what to do, value). The field "*" is the body itself.
OPS = ("replace", "drop", "repeat")


@st.composite
def mutations(draw, fields: tuple[str, ...]) -> list[tuple[str, str, str]]:
    chosen = draw(st.lists(st.sampled_from(fields), min_size=1, max_size=4, unique=True))
    found = [(name, draw(st.sampled_from(OPS)), draw(text_values)) for name in chosen]
    if draw(st.booleans()):
        found.append((draw(st.text(min_size=1, max_size=8)), "replace", draw(text_values)))
    return found


# Every view is also sent these, first and on every run: the inputs that gave 500 pages.
KNOWN = [
    [("version", "replace", "abc")],
    [("version", "replace", "")],
    [("version", "replace", "1.5")],
    [("seed", "replace", "²")],
    [("seed", "replace", str(2**63))],
    [("seed", "replace", "9" * 5000)],
    [("player", "replace", "abc")],
    [("player", "replace", "²")],
    [("seat", "replace", "③")],
    [
        ("penalty_0_code", "replace", "spjst.wrong_povinost"),
        ("penalty_0_seat", "replace", "1"),
        ("penalty_0_rightful", "replace", "²"),
    ],
    [
        ("penalty_0_code", "replace", "spjst.illegal_declaration"),
        ("penalty_0_seat", "replace", "1"),
        ("penalty_0_value", "replace", "③"),
        ("action", "replace", "preview"),
    ],
    [("running", "replace", DEEP)],
    [("house_rules.renonc_value", "replace", "1E+5000")],
    # Slow, not fatal: 1E-999999 would stall a worker for hours before the fix, so the
    # smaller exponent stands for it here.
    [("house_rules.renonc_value", "replace", "1E-9999")],
    [("*", "nest", "100000")],
    [("declarer_points", "repeat", "60")],
]


def with_known_examples(test: Callable) -> Callable:
    for known in reversed(KNOWN):
        test = example(changes=known)(test)
    return test


# The site the requests are made against


@dataclass
class Site:
    """The objects of a small tournament in play, by the names the URL table uses."""

    objects: dict
    table: Table
    clients: dict = field(default_factory=dict)


@pytest.fixture
def site(club, player, round1, table1, table2, director, judge) -> Site:
    season = Season.objects.create(name="2026", start_date="2026-01-01", end_date="2026-12-31")
    club_season = Season.objects.create(
        name="Lodge cup 2026", start_date="2026-01-01", end_date="2026-12-31", club=club
    )
    access = TableAccess(table=table1, user=judge, actor=judge.username, is_director=False)
    hand_store.add_hand(
        access=access,
        data={
            "contract": "povinost",
            "declarer": 1,
            "partner": 3,
            "declarer_points": 59,
            "penalties": [{"code": "spjst.discard_counter", "seat": 2}],
        },
        submission=uuid.UUID(int=1),
        expected_version=table1.version,
    )
    table2.judge_token = "k" * 43
    table2.save()
    sheet = ScoreSheet.objects.create(table=table2, entered_actor="link")
    for seat in table2.seats.all():
        SheetLine.objects.create(sheet=sheet, seat=seat.number, player=seat.player, chips=100)
    table1.refresh_from_db()
    tournament = round1.tournament
    namesake = Player.objects.create(first_name="Anton", last_name="Hájek", home_club=club)
    merged = merge_players(
        Player.objects.create(first_name="Eva", last_name="Nová", home_club=club),
        Player.objects.create(first_name="Eva", last_name="Nova", home_club=club),
        director,
    )
    clients = {"anon": Client(raise_request_exception=False)}
    for role, user in (("director", director), ("judge", judge)):
        clients[role] = Client(raise_request_exception=False)
        clients[role].force_login(user)
    return Site(
        objects={
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
            "hand_id": Hand.objects.get(table=table1, number=1).pk,
            "zero": 0,
            "sheet": sheet.pk,
            "token": table2.judge_token,
            "spjst": "spjst",
            "cz_xix": "cz_xix",
            "xlsx": "xlsx",
            "csv": "csv",
            # A reset link's parts (any values: the view checks them itself).
            "uid": "MQ",
            "reset_token": "made-up-token",
        },
        table=table1,
        clients=clients,
    )


def snapshot() -> dict:
    """What a refused request must not change: row counts, the tables' versions, the
    sheets' confirmations, the rounds' states and the desk's registrations."""
    models = (
        Club,
        Player,
        Membership,
        Season,
        Tournament,
        Registration,
        Round,
        Table,
        Seat,
        Bye,
        Hand,
        HandRevision,
        ScoreSheet,
        SheetLine,
        AuditEntry,
    )
    return {
        "rows": {model.__name__: model.objects.count() for model in models},
        "versions": list(Table.objects.order_by("pk").values_list("pk", "version")),
        "confirmations": list(
            ScoreSheet.objects.order_by("pk").values_list("pk", "confirmed_at", "confirmed_by")
        ),
        "rounds": list(Round.objects.order_by("pk").values_list("pk", "status", "seed")),
        "registrations": list(
            Registration.objects.order_by("pk").values_list(
                "pk", "checked_in", "first_round", "last_round"
            )
        ),
        "players": list(Player.objects.order_by("pk").values_list("pk", "active")),
    }


# The views and the requests they expect


def _tournament_form(site: Site) -> dict:
    return {
        "name": "Spring Tarock",
        "date": "2026-04-11",
        "host_club": site.objects["club"],
        "ruleset": "spjst",
        "rounds_planned": "3",
        "hands_per_round": "12",
        "starting_chips": "100",
        "table_size": "4",
        "standings_method": "chips",
        "placement_points_text": "4, 3, 2, 1",
    }


def _club_form(site: Site) -> dict:
    return {
        "name": "Lodge 9",
        "short_name": "L9",
        "city": "Ennis",
        "country": "US",
        "spjst_lodge": "9",
        "founded": "1900-01-01",
    }


def _player_form(site: Site) -> dict:
    return {
        "first_name": "Nova",
        "last_name": "Hráčka",
        "display_name": "",
        "home_club": site.objects["club"],
        "member_number": "77",
        "email": "nova@example.org",
        "phone": "",
        "active": "on",
        "notes": "",
    }


def _season_form(site: Site) -> dict:
    return {
        "name": "2027",
        "start_date": "2027-01-01",
        "end_date": "2027-12-31",
        "club": site.objects["club"],
        "ranking": "cup",
        "best_of": "5",
        "minimum_tournaments": "1",
        "cup_points_text": "25, 20, 16",
    }


def _hand_form(site: Site) -> dict:
    return hand_post(site.table, declarer=1, partner=3, declarer_points=59)


def _calculator_form(site: Site) -> dict:
    return {
        "contract": "povinost",
        "declarer": "1",
        "partner": "3",
        "declarer_points": "59",
        "challenge": "0",
        "pagat_challenge": "0",
        "running": '{"1": 3, "2": -3, "3": 3, "4": -3}',
        "action": "add",
    }


def _swap_form(site: Site) -> dict:
    first, second = site.table.seats.order_by("number").values_list("player_id", flat=True)[:2]
    return {"player_a": first, "player_b": second}


SPJST_FIELDS = tuple(hand_form("spjst")().fields)


@dataclass(frozen=True)
class View:
    """A POST view: who uses it, the request it expects and the fields worth breaking."""

    role: str
    data: Callable[[Site], dict]
    fields: tuple[str, ...] = ()

    def field_names(self, site: Site) -> tuple[str, ...]:
        return tuple(dict.fromkeys((*self.data(site), *self.fields)))


# Every view of the site that reads a POST body (see the test at the end), except the API,
# which reads JSON and has its own test.
VIEWS = {
    "login": View("anon", lambda s: {"username": "dora-director", "password": "nope"}),
    "logout": View("anon", lambda s: {"next": "/"}),
    "set_language": View("anon", lambda s: {"language": "cs", "next": "/"}),
    "clubs:club_create": View("director", _club_form),
    "clubs:club_edit": View("director", _club_form),
    "clubs:player_create": View("director", _player_form),
    "clubs:player_edit": View("director", _player_form),
    "clubs:player_set_active": View("director", lambda s: {"active": "0"}),
    "clubs:signup": View("anon", lambda s: {"email": "new.player@example.org"}),
    "tournaments:player_merge": View(
        "director", lambda s: {"keep": s.objects["player"], "duplicate": s.objects["namesake"]}
    ),
    "clubs:membership_create": View(
        "director",
        lambda s: {"club": s.objects["club"], "role": "member", "date_from": "2026-01-01"},
        ("date_to",),
    ),
    "clubs:season_create": View("director", _season_form),
    "clubs:season_edit": View("director", _season_form),
    "scoring:calculator": View("anon", _calculator_form, SPJST_FIELDS),
    "scoring:card_count": View("anon", lambda s: {"cards": "K-hearts", "cards_side": "declarer"}),
    "tournaments:create": View("director", _tournament_form, ("preset",)),
    "tournaments:edit": View("director", _tournament_form, ("preset",)),
    "tournaments:register": View("director", lambda s: {"player": s.objects["player"]}),
    "tournaments:register_new": View(
        "director", lambda s: {"first_name": "Nova", "last_name": "Hráčka"}
    ),
    "tournaments:registration_update": View("director", lambda s: {"action": "check_in"}),
    "tournaments:draw": View("director", lambda s: {"seed": "7"}),
    "tournaments:swap": View("director", _swap_form),
    "tournaments:round_status": View("director", lambda s: {"status": "closed", "reason": ""}),
    "tournaments:ledger_apply": View(
        "director",
        lambda s: {
            "table": s.objects["table"],
            "hand": "1",
            "code": "spjst.discard_counter",
            "seat": "2",
            "reason": "king face up",
        },
        ("value", "rightful", "sitter"),
    ),
    "tournaments:ledger_cancel": View("director", lambda s: {"reason": "it was a queen"}),
    "tournaments:table_judge": View("director", lambda s: {"judge": "", "link": "keep"}),
    "tournaments:table_reopen": View("director", lambda s: {"reason": "recount"}),
    "tournaments:finish": View("director", lambda s: {"action": "finish", "reason": ""}),
    "password_reset": View("anon", lambda s: {"email": "dora@example.org"}),
    "password_reset_confirm": View(
        "anon", lambda s: {"new_password1": "Fuzz-pass-2026", "new_password2": "Fuzz-pass-2026"}
    ),
    "tournaments:hand_add": View("judge", _hand_form, SPJST_FIELDS),
    "tournaments:hand_edit": View(
        "judge", lambda s: {**_hand_form(s), "reason": "miscounted"}, SPJST_FIELDS
    ),
    "tournaments:hand_delete": View(
        "judge", lambda s: {"version": str(s.table.version), "reason": "twice"}
    ),
    "tournaments:sheet": View(
        "judge", lambda s: {"seat_1": "100", "seat_2": "100", "seat_3": "103", "seat_4": "97"}
    ),
    "tournaments:sheet_confirm": View("director", lambda s: {}, ("confirm",)),
    "tournaments:contact": View("judge", lambda s: {"waiting": "3"}),
}


def _url(name: str, site: Site) -> str:
    _method, kwargs, _data, _expected = PAGES[name]
    return reverse(name, kwargs={key: site.objects[value] for key, value in kwargs.items()})


def _apply(base: dict, changes: list[tuple[str, str, str]]) -> dict[str, list[str]]:
    """The form data after the changes; a list value is sent as the key repeated."""
    data = {key: [str(value)] for key, value in base.items()}
    for name, op, value in changes:
        if name == "*":
            continue
        if op == "drop":
            data.pop(name, None)
        elif op == "repeat":
            data[name] = [*data.get(name, [value]), value]
        else:
            data[name] = [value]
    return data


@pytest.fixture
def added_levels(monkeypatch) -> list[int]:
    """The levels of the page messages the views add (a page that renders its messages
    has consumed them before the test could look)."""
    added: list[int] = []
    add = BaseStorage.add

    def adding(storage, level, message, extra_tags=""):
        added.append(level)
        return add(storage, level, message, extra_tags)

    monkeypatch.setattr(BaseStorage, "add", adding)
    return added


def _refused(response, levels: list[int]) -> bool:
    """True unless the view went through: a redirect or a message, and no error."""
    if response.status_code >= 400 or any(level >= message_levels.ERROR for level in levels):
        return True
    return response.status_code != 302 and not levels


def _check(post: Callable, levels: list[int]) -> None:
    levels.clear()
    before = snapshot()
    started = time.thread_time()
    response = post()
    seconds = time.thread_time() - started
    assert response.status_code < 500
    assert seconds < REQUEST_CPU_SECONDS, f"worked {seconds:.1f} s"
    if _refused(response, levels):
        assert snapshot() == before


@contextmanager
def rolled_back() -> Iterator[None]:
    """Each example starts from the same site: whatever a request saved is undone."""
    with transaction.atomic():
        yield
        transaction.set_rollback(True)


def _warm_up(client: Client, url: str, body) -> None:
    # The first request of a view imports and compiles templates; it is not what is timed.
    with rolled_back():
        if isinstance(body, bytes):
            client.post(url, body, content_type="application/json")
        else:
            client.post(url, body)


@pytest.mark.parametrize("name", sorted(VIEWS))
def test_malformed_forms_are_answered_quickly_without_500_and_refusals_save_nothing(
    name, site, added_levels
):
    view = VIEWS[name]
    client, url, base = site.clients[view.role], _url(name, site), view.data(site)
    _warm_up(client, url, base)

    @FUZZ
    @given(changes=mutations(view.field_names(site)))
    @with_known_examples
    def send(changes):
        with rolled_back():
            _check(lambda: client.post(url, _apply(base, changes)), added_levels)

    send()


# The JSON API: a hand of each kind, broken token by token.

API_HANDS = [
    {"ruleset": "spjst", "contract": "povinost", "declarer": 1, "partner": 3,
     "declarer_points": 59},
    {"ruleset": "cz_three", "contract": "prvni", "declarer": 2, "sitter": 4,
     "declarer_points": 41, "penalties": [{"code": "cz_three.renonc.conduct", "seat": 3}],
     "house_rules": {"renonc_value": 1}},
]  # fmt: skip
API_FIELDS = (
    "ruleset",
    "contract",
    "declarer",
    "partner",
    "sitter",
    "declarer_points",
    "penalties",
    "house_rules",
    "house_rules.renonc_value",
    "house_rules.prever_back_multiplier",
    "*",
)


def _object(items: list[tuple[str, str]]) -> str:
    # Written by hand so that a key may appear twice and a value be any token at all.
    return "{" + ", ".join(f"{json.dumps(key)}: {raw}" for key, raw in items) + "}"


def api_body(hand: dict, changes: list[tuple[str, str, str]]) -> bytes:
    """The hand as JSON text with the changes made to its raw tokens."""
    top = [(key, json.dumps(value)) for key, value in hand.items() if key != "house_rules"]
    rules = [(key, json.dumps(value)) for key, value in hand.get("house_rules", {}).items()]
    whole = []
    for name, op, value in changes:
        if name == "*":
            whole.append((op, value))
            continue
        items = rules if name.startswith("house_rules.") else top
        key = name.removeprefix("house_rules.")
        kept = [(k, raw) for k, raw in items if k != key]
        if op == "drop":
            items[:] = kept
        elif op == "repeat":
            items.append((key, value))
        else:
            items[:] = [*kept, (key, value)]
    text = _object([*top, ("house_rules", _object(rules))] if rules else top)
    for op, value in whole:
        if op == "nest":
            text = "[" * int(value) + text + "]" * int(value) if value.isdigit() else text
        elif op == "drop":
            text = "[" + ", ".join([text] * 1001) + "]"  # more hands than one request may hold
        elif op == "repeat":
            text = f"[{text}, {text}]"
        else:
            return value.encode("utf-8", "surrogatepass")[:1000] + b"\xff"
    return text.encode()


@pytest.mark.parametrize("ruleset", [hand["ruleset"] for hand in API_HANDS])
def test_malformed_json_is_answered_quickly_without_500_and_saves_nothing(
    ruleset, db, added_levels
):
    hand = next(hand for hand in API_HANDS if hand["ruleset"] == ruleset)
    client, url = Client(raise_request_exception=False), reverse("scoring:api_score")
    _warm_up(client, url, json.dumps(hand).encode())

    @FUZZ
    @given(changes=mutations(API_FIELDS))
    @with_known_examples
    def send(changes):
        body = api_body(hand, changes)
        _check(lambda: client.post(url, body, content_type="application/json"), added_levels)

    send()


# Coverage: every view that reads a POST body is in VIEWS (or is the API).


@pytest.fixture
def reads_of_the_body(monkeypatch) -> set:
    """The URL names whose view read `request.POST` or `request.body`."""
    seen: set = set()
    load, body = WSGIRequest._load_post_and_files, HttpRequest.body

    def loading(request):
        seen.add(request.resolver_match.view_name)
        return load(request)

    def reading(request):
        seen.add(request.resolver_match.view_name)
        return body.fget(request)

    monkeypatch.setattr(WSGIRequest, "_load_post_and_files", loading)
    monkeypatch.setattr(HttpRequest, "body", property(reading))
    return seen


def _allowed_role(name: str) -> str:
    """A role the permission table lets through to the view (its body is read then)."""
    expected = PAGES[name][3]
    return next(
        role
        for role in ("federation", "judge", "anon")
        if expected[role] in (200, 204, 301, 302, 400)
    )


def test_every_view_that_reads_a_post_body_is_fuzzed(site, director, judge, reads_of_the_body):
    # The cast's director is in the Directors group: the federation of the table's columns.
    users = {"federation": director, "judge": judge, "anon": None}
    for name in PAGES:
        # A client of its own: the probe of `logout` must not log the others out.
        client = Client(raise_request_exception=False)
        if users[_allowed_role(name)]:
            client.force_login(users[_allowed_role(name)])
        with rolled_back():
            client.post(_url(name, site), {"probe": "1"})
    unfuzzed = reads_of_the_body - {"scoring:api_score"} - VIEWS.keys()
    assert unfuzzed == set(), "add these views to VIEWS"
    assert VIEWS.keys() - PAGES.keys() == set(), "these URLs no longer exist"
