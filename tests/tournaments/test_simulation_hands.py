"""The simulated hands: always accepted by the engine, and tilted by skill."""

import random
from collections import Counter

import pytest

from scoring import get_ruleset, score_hand
from tournaments.simulation.hands import GAMES, simulated_hand


@pytest.mark.parametrize("game", GAMES)
def test_every_simulated_hand_is_one_the_engine_scores(game):
    rng = random.Random(game)
    sizes = get_ruleset(game).TABLE_SIZES
    # The simulation seats each game at its usual table; the Slovenian hands fit any.
    for seats in sizes if game == "si_double" else sizes[:1]:
        for _ in range(300):
            skills = {seat: rng.gauss(0, 1) for seat in range(1, seats + 1)}
            hand = simulated_hand(game, rng, skills)
            deltas = score_hand(game, {**hand, "ruleset": game}).deltas
            assert set(deltas) == set(skills)


@pytest.mark.parametrize("game", ["spjst", "cz_xix", "cz_three", "si_double"])
def test_the_stronger_seat_declares_more_often(game):
    rng = random.Random(1)
    skills = {1: 1.0, 2: 0.0, 3: -1.0} if game == "cz_three" else {1: 1.0, 2: 0.0, 3: 0.0, 4: -1.0}
    declared = Counter(simulated_hand(game, rng, skills)["declarer"] for _ in range(2000))

    assert declared[1] > 2 * declared[min(skills, key=skills.__getitem__)]


def test_the_stronger_whist_pair_takes_more_tricks():
    rng = random.Random(1)
    hands = [simulated_hand("whist", rng, {1: 1.0, 2: -1.0, 3: 1.0, 4: -1.0}) for _ in range(500)]

    assert sum(hand["tricks"]["NS"] for hand in hands) / len(hands) > 8
