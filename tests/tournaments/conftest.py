"""Fixtures shared by the tournament tests."""

import pytest
from django.core.management import call_command

from tournaments.models import Tournament


@pytest.fixture
def simulated_history():
    """Four finished tournaments of `simulate_history` (seed 3), oldest first: what the
    ratings and the player statistics are counted from."""
    call_command("simulate_history", tournaments=4, seed=3, verbosity=0)
    return list(Tournament.objects.order_by("date", "pk"))
