"""Evidence the ratings rate well (issue 32, item 4): on a history `simulate_history`
builds, where each player has a hidden skill that tilts his results, the rating's order
follows the skill (Spearman ≥ 0.8 after about 20 tournaments each), beside the plain
average-place baseline; and `manage.py rating_evidence` prints those figures.

The history is kept small so the test stays quick: one game (SPJST), 24 players, fields
of 12 (three tables of four), so 40 tournaments give each player about 20, at 60 tables;
every table keeps its score on paper (its hands are dealt and scored by the same
simulation, only not stored), as the ratings read the confirmed sheets alone.
"""

from io import StringIO

import pytest
from django.core.management import call_command

from clubs.models import Player
from scoring.rating_evidence import evidence
from scoring.ratings import PlayerRating
from tournaments.rating_models import Rating
from tournaments.rating_store import table_results
from tournaments.simulation import history
from tournaments.simulation.skills import index_of, skill_of

pytestmark = pytest.mark.django_db

SEED = 11
TOURNAMENTS = 40
PLAYERS = 24


@pytest.fixture
def small_history(monkeypatch):
    """A one-game history in fields of 12 (the simulation's sizes made small)."""
    monkeypatch.setattr(history, "GAMES", ("spjst",))
    monkeypatch.setattr(history, "FIELD_SIZES", (12,))
    monkeypatch.setattr(history, "PAPER_ONLY_SHARE", 1.0)
    history.simulate(history.Plan(seed=SEED, tournaments=TOURNAMENTS, clubs=2, players=PLAYERS))


def _skill() -> dict[int, float]:
    return {
        pk: skill_of(SEED, index_of(member))
        for pk, member in Player.objects.values_list("pk", "member_number")
    }


def test_the_ratings_order_follows_the_hidden_skill_and_the_command_says_so(small_history):
    ratings = [
        PlayerRating(r.player_id, r.mu, r.sigma, r.events)
        for r in Rating.objects.filter(family="spjst")
    ]
    out = StringIO()

    figures = evidence(table_results("spjst"), ratings, _skill())
    call_command("rating_evidence", seed=SEED, stdout=out)

    assert figures.players == PLAYERS
    assert figures.tables_each >= 50  # about 20 tournaments of three rounds each
    assert figures.rating >= 0.8
    # The baseline is reported beside it; the rating is not far behind it at worst.
    assert figures.rating >= figures.baseline - 0.1
    line = next(line for line in out.getvalue().splitlines() if line.startswith("spjst:"))
    assert f"rating {figures.rating:.3f}, average place {figures.baseline:.3f}" in line
