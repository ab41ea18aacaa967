"""`manage.py simulate_history`: seeded and reproducible, every sheet agreeing with its
hands, every game played, and the hidden skill tilting the results."""

from collections import defaultdict
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.db import connection, transaction

from clubs.models import Club
from tournaments import score_sheets
from tournaments.models import ScoreSheet, Tournament
from tournaments.place_models import FinalPlace
from tournaments.rating_models import Rating
from tournaments.simulation.history import digest
from tournaments.simulation.skills import index_of, skill_of

pytestmark = pytest.mark.django_db

SEED = 7


def _simulate(tournaments: int, seed: int = SEED) -> None:
    call_command("simulate_history", tournaments=tournaments, seed=seed, verbosity=0)


def _digest_of_a_run(tournaments: int, seed: int = SEED) -> tuple[str, list[tuple]]:
    """The digest and tournaments of a run, rolled back after so the next starts empty."""
    with transaction.atomic():
        _simulate(tournaments, seed)
        run = (
            digest(),
            list(Tournament.objects.order_by("date").values_list("name", "status", "ruleset")),
        )
        transaction.set_rollback(True)
    return run


def test_same_seed_same_history_other_seed_another():
    first = _digest_of_a_run(3)

    assert _digest_of_a_run(3) == first
    assert _digest_of_a_run(3, seed=SEED + 1)[0] != first[0]
    assert len(first[1]) == 3


def test_refuses_a_database_with_clubs():
    Club.objects.create(name="Already here", short_name="HERE", country="CZ")

    with pytest.raises(CommandError, match="empty database"):
        _simulate(1)

    assert not Tournament.objects.exists()


def test_reports_progress_and_its_digest_unless_quiet():
    out = StringIO()

    call_command("simulate_history", tournaments=2, seed=SEED, progress=1, stdout=out)

    lines = out.getvalue().splitlines()
    assert lines[0] == "Seed 7: 2 tournaments, 2 clubs, 72 players"
    assert [line.split(",")[0] for line in lines[1:3]] == ["1/2 tournaments", "2/2 tournaments"]
    assert lines[3] == f"Digest {digest()}"


def test_refuses_too_few_players():
    with pytest.raises(CommandError, match="at least 72 players"):
        call_command("simulate_history", tournaments=1, players=10, verbosity=0)


@pytest.fixture
def history():
    """Five tournaments: one of each game."""
    _simulate(5)


@pytest.mark.usefixtures("history")
def test_every_game_finished_and_every_sheet_agrees_with_its_hands():
    tournaments = Tournament.objects.all()
    assert sorted(t.ruleset for t in tournaments) == sorted(
        ["spjst", "cz_xix", "cz_three", "si_double", "whist"]
    )
    assert {t.status for t in tournaments} == {Tournament.Status.FINISHED}
    sheets = ScoreSheet.objects.filter(confirmed_at__isnull=False).select_related(
        "table__round__tournament"
    )
    paper = 0
    for sheet in sheets:
        assert score_sheets.table_check(sheet.table, sheet.counts()).ok, sheet.table
        if sheet.table.paper_only:
            paper += 1
            assert not sheet.table.hands.exists()
        else:
            assert sheet.table.hands.count() == sheet.table.round.tournament.hands_per_round
        if sheet.table.round.tournament.ruleset == "spjst":
            assert sum(sheet.counts().values()) == 400
    assert paper, "some tables keep their score on paper"
    # Every table of every round has one confirmed sheet.
    assert sheets.count() == sum(
        round_.tables.count() for t in tournaments for round_ in t.rounds.all()
    )


@pytest.mark.usefixtures("history")
def test_the_stronger_player_at_a_table_usually_does_better():
    """At each table, its most and least skilled players' results: the stronger ahead far
    more often than not (a sign test; the seed is fixed, so the figure is too)."""
    results = defaultdict(dict)
    for sheet in ScoreSheet.objects.filter(confirmed_at__isnull=False).prefetch_related(
        "lines__player"
    ):
        for line in sheet.lines.all():
            skill = skill_of(SEED, index_of(line.player.member_number))
            results[sheet.pk][skill] = line.chips
    ahead = behind = 0
    for table in results.values():
        strongest, weakest = table[max(table)], table[min(table)]
        ahead += strongest > weakest
        behind += strongest < weakest
    # Without the tilt each is as likely: about 90 tables would split around 40/40.
    assert ahead >= 2 * behind, (ahead, behind)


@pytest.mark.django_db(transaction=True)
def test_the_same_history_whatever_the_number_of_workers():
    """Workers play on connections of their own, which only a server database shares."""
    if connection.vendor != "postgresql":
        pytest.skip("several worker processes need a database server (DATABASE_URL)")
    runs = []
    for workers in (1, 2):
        call_command("simulate_history", tournaments=4, seed=SEED, workers=workers, verbosity=0)
        ratings = sorted(Rating.objects.values_list("player__member_number", "family", "events"))
        runs.append((digest(), ratings, FinalPlace.objects.count()))
        call_command("flush", interactive=False, verbosity=0)
    assert runs[0] == runs[1]
    assert runs[0][2] > 0 and runs[0][1]
