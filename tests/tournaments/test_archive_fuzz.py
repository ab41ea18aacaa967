"""The archive import believes nothing (issue 27 part 5): real archives of tournaments
played through the services (SPJST, the Slovenian two-pack game, Taroky ve třech, a whist
drive) are mutated at random and resealed with a fresh checksum, as anyone can. Each
mutation is either refused by the archive's own error, with the database as it was, or
imported; and then it verifies: exported again it is the same document, every confirmed
sheet passes the site's check, and the standings read the sheets it holds."""

import copy
import json
import uuid
from decimal import Decimal

import pytest
from django.db import transaction
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from clubs.models import Player
from tournaments import archive, hand_store, score_sheets, services
from tournaments.access import TableAccess
from tournaments.exact_json import ExactDecoder, ExactEncoder
from tournaments.models import Round, ScoreSheet, Tournament
from tournaments.totals import tournament_standings

from .test_archive import _count, _delete_everything

pytestmark = pytest.mark.django_db

SPJST = [
    {"contract": "povinost", "declarer": 1, "partner": 3, "declarer_points": 59},
    {"contract": "prever", "declarer": 2, "prever_talon": 1, "declarer_points": 64},
    {"penalties": [{"code": "spjst.misdeal", "seat": 1}]},
]
SI_DOUBLE = [
    {"contract": "sestica", "declarer": 1, "partners": [3], "declarer_points": 83},
    {"contract": "trojka", "declarer": 2, "partners": [4], "declarer_points": 70},
]
# Taroky ve třech pays halves: the sheets hold 101.5 and the like.
CZ_THREE = [
    {"contract": "druha", "declarer": 1, "declarer_points": 36},
    {"contract": "druha", "declarer": 2, "declarer_points": 36},
]
WHIST = [
    {"variant": "standard", "tricks": {"NS": 9, "EW": 4}},
    {"variant": "standard", "tricks": {"NS": 5, "EW": 8}, "honours": {"side": "EW", "count": 4}},
    {"variant": "standard", "tricks": {"NS": 7, "EW": 6}},
    {"variant": "standard", "tricks": {"NS": 6, "EW": 7}},
]


def played(director, judge, club, ruleset: str, hands: list[dict], **setup) -> Tournament:
    """A tournament of eight players, its first round played through the services: every
    hand recorded by the judge, the first one corrected, each sheet entered by the judge
    as the hands give it and confirmed by the director, the round closed."""
    tournament = services.create_tournament(
        by=director, ruleset=ruleset, name=f"Archive {ruleset}", date="2026-10-03",
        host_club=club, hands_per_round=len(hands), **setup,
    )  # fmt: skip
    for n in range(8):
        player = Player.objects.create(
            first_name=f"F{n}",
            last_name=f"{ruleset} {n}",
            home_club=club,
            member_number=f"{ruleset}-{n}",
        )
        services.register(tournament=tournament, player=player, checked_in=True)
    round_ = services.draw_next_round(tournament=tournament, by=director, seed=7)
    services.set_round_status(round_=round_, status=Round.Status.PLAYING, by=director)
    for table in round_.tables.order_by("number"):
        access = TableAccess(
            table=table, user=judge, actor=judge.get_username(), is_director=False,
            browser=f"judge-{table.number}",
        )  # fmt: skip
        for number, data in enumerate(hands, start=1):
            table.refresh_from_db()
            hand_store.add_hand(
                access=access,
                data=data,
                submission=uuid.uuid5(uuid.NAMESPACE_URL, f"{ruleset}/{table.number}/{number}"),
                expected_version=table.version,
            )
        table.refresh_from_db()
        hand_store.revise_hand(
            access=access, hand=table.hands.get(number=1), data=hands[0],
            reason="read again", expected_version=table.version,
        )  # fmt: skip
        counts = {seat.number: tournament.starting_chips for seat in table.seats.all()}
        for hand in table.hands.filter(deleted=False):
            for seat, delta in hand.deltas().items():
                counts[seat] += delta
        entered = score_sheets.add_sheet(access=access, counts=counts)
        sheet, check = entered.sheet, entered.check
        assert check.ok
        score_sheets.confirm_sheet(sheet=sheet, by=director, browser="director-phone")
    services.set_round_status(round_=round_, status=Round.Status.CLOSED, by=director)
    tournament.refresh_from_db()
    return tournament


@pytest.fixture
def documents(director, judge, club) -> list[dict]:
    """Archives of an SPJST tournament, a Slovenian one, a Czech one of three (amounts in
    halves) and a whist drive, the database emptied after."""
    tournaments = [
        played(director, judge, club, "spjst", SPJST),
        played(director, judge, club, "si_double", SI_DOUBLE, table_size=4),
        played(director, judge, club, "cz_three", CZ_THREE, table_size=4),
        played(
            director, judge, club, "whist", WHIST, table_size=4,
            standings_method=Tournament.Standings.TRICKS,
        ),
    ]  # fmt: skip
    exported = [archive.export_tournament(tournament) for tournament in tournaments]
    _delete_everything()
    return exported


# Mutations ------------------------------------------------------------------------------


def _paths(document) -> list[tuple]:
    """Every place in the document: the path of keys and indices to each value."""
    found, stack = [], [((), document)]
    while stack:
        path, value = stack.pop()
        found.append(path)
        if isinstance(value, dict):
            stack.extend(((*path, key), item) for key, item in value.items())
        elif isinstance(value, list):
            stack.extend(((*path, index), item) for index, item in enumerate(value))
    return found


def _parent(document, path: tuple):
    for step in path[:-1]:
        document = document[step]
    return document


REPLACEMENTS = st.one_of(
    st.integers(min_value=-(2**70), max_value=2**70),
    st.sampled_from([0, -1, 1, 2**15, 2**31, 2**40, 2**63, 10**30, 401, 1000]),
    st.decimals(allow_nan=False, allow_infinity=False, places=2, min_value=-1000, max_value=1000),
    st.sampled_from(["hacked", "", "x" * 300, "p999", "\x00", "2026-13-01", "closed"]),
    st.text(max_size=8),
    st.booleans(),
    st.none(),
    st.just([]),
    st.just({}),
)


@st.composite
def mutated(draw, documents: list[dict]) -> dict:
    """One of the archives with one to three things changed, resealed."""
    document = copy.deepcopy(draw(st.sampled_from(documents)))
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        # Hands' data and settlements are most of the document's places: a cap on the
        # depth lets the sheets, rounds, players and tournament be hit as often.
        depth = draw(st.integers(min_value=1, max_value=9))
        paths = [path for path in _paths(document) if 0 < len(path) <= depth]
        paths = [path for path in paths if path[0] != "checksum"]
        path = draw(st.sampled_from(sorted(paths, key=repr)))
        parent, key = _parent(document, path), path[-1]
        how = draw(st.sampled_from(["replace", "nudge", "drop", "duplicate", "nest", "rename"]))
        value = parent[key]
        if how == "nudge" and type(value) in (int, Decimal):
            parent[key] = value + draw(st.sampled_from([1, -1, 10, 1000, Decimal("0.5")]))
        elif how == "drop":
            del parent[key]
        elif how == "duplicate" and isinstance(parent, list):
            parent.insert(key, copy.deepcopy(value))
        elif how == "nest":
            parent[key] = [[[[[[value]]]]]] if draw(st.booleans()) else {"x": value}
        elif how == "rename" and isinstance(parent, dict):
            parent[f"{key}_"] = parent.pop(key)
        else:
            parent[key] = draw(REPLACEMENTS)
    document["checksum"] = archive.checksum(document)
    return document


def _is_json(text: str) -> bool:
    try:
        json.loads(text)
    except (ValueError, RecursionError):
        return False
    return True


def _without_ids(document: dict) -> dict:
    """The document with what the import may legitimately renumber left out: nothing
    today (player keys and accounts are written as the file has them), the checksum."""
    return {key: value for key, value in document.items() if key != "checksum"}


def _standings_agree_with_sheets(tournament: Tournament) -> None:
    """Every confirmed sheet passes the site's own check against its hands, and every
    player's standing total is what their confirmed sheet lines say."""
    start = tournament.starting_chips
    lines = {}
    for sheet in (
        ScoreSheet.objects.filter(table__round__tournament=tournament, confirmed_at__isnull=False)
        .select_related("table__round__tournament")
        .prefetch_related("lines")
    ):
        assert score_sheets.table_check(sheet.table, sheet.counts()).ok
        for line in sheet.lines.all():
            lines[line.player_id] = lines.get(line.player_id, 0) + line.chips - start
    rows = tournament_standings(tournament).rows
    assert {row["player_id"]: row["total"] for row in rows if row["player_id"] in lines} == lines


@st.composite
def damaged(draw, documents: list[dict]) -> str:
    """A mutated archive's text, then damaged as text: cut short, nested deep, a key
    given twice, a number JSON has not."""
    text = json.dumps(draw(mutated(documents)), cls=ExactEncoder)
    at = draw(st.integers(min_value=0, max_value=len(text)))
    how = draw(st.sampled_from(["cut", "nest", "twice", "constant", "bytes"]))
    if how == "cut":
        return text[:at]
    if how == "nest":
        depth = draw(st.sampled_from([30, 40, 1000, 200_000]))
        return text.replace(": ", ": " + "[" * depth, 1).replace(", ", "]" * depth + ", ", 1)
    if how == "twice":
        return text.replace('"version": ', '"version": 1, "version": ', 1)
    if how == "constant":
        return text.replace(": 1", ": " + draw(st.sampled_from(["NaN", "-Infinity", "9" * 5000])))
    return text[:at] + draw(st.text(max_size=4)) + text[at:]


def _import_or_refusal(document: dict | str) -> str:
    """Import `document` (or a file's text), check it and roll back; what happened."""
    counts = _count()
    text = document if isinstance(document, str) else json.dumps(document, cls=ExactEncoder)
    if isinstance(document, str):
        document = json.loads(text, cls=ExactDecoder) if _is_json(text) else None
    try:
        with transaction.atomic():
            tournament = archive.import_tournament(archive.load(text))
            again = archive.export_tournament(tournament)
            assert _without_ids(again) == _without_ids(document)
            _standings_agree_with_sheets(tournament)
            transaction.set_rollback(True)
        outcome = "imported"
    except archive.ArchiveError as error:
        assert "\n" not in str(error)
        outcome = "refused at " + str(error).split(":")[0].split("[")[0]
    assert _count() == counts
    return outcome


def test_each_archive_imports_and_exports_again_as_it_was(documents):
    for document in documents:
        _import_or_refusal(document)
        with transaction.atomic():
            tournament = archive.import_tournament(document)
            assert _without_ids(archive.export_tournament(tournament)) == _without_ids(document)
            transaction.set_rollback(True)


def test_a_mutated_archive_is_refused_or_verifies(documents):
    @settings(suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
    @given(st.one_of(mutated(documents), damaged(documents)))
    def check(document: dict | str) -> None:
        event(_import_or_refusal(document))

    check()


def test_the_czech_archive_holds_halves(documents):
    amounts = [
        line["chips"]
        for table in documents[2]["rounds"][0]["tables"]
        for line in table["sheets"][0]["lines"]
    ]
    assert any(isinstance(amount, Decimal) for amount in amounts)
