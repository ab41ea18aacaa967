"""Hands a simulated table plays, tilted by its players' hidden skills.

Pure functions of a `random.Random` and each seat's skill: the same seed deals the same
hands. A stronger player declares more often, and a side's card points (tricks, in whist)
lean towards the side with more skill, so over many hands the stronger player wins more.
Each hand is the engine's JSON (RULES §0.3) in the simplest contract of its game, one
the engine always accepts.
"""

import math
import random
from collections.abc import Callable, Mapping

# How hard skill tilts a hand: the weight of declaring grows as e^(DECLARE_TILT × skill),
# and a side's share of the points moves by SHARE_TILT per unit of skill difference.
DECLARE_TILT = 0.6
SHARE_TILT = 0.06
SHARE_NOISE = 0.14
WHIST_TILT = 1.2
WHIST_NOISE = 2.2

Skills = Mapping[int, float]  # seat number → that seat's player's skill


def _declarer(rng: random.Random, skills: Skills) -> int:
    seats = sorted(skills)
    weights = [math.exp(DECLARE_TILT * skills[seat]) for seat in seats]
    return rng.choices(seats, weights)[0]


def _mean(skills: Skills, seats: list[int]) -> float:
    return sum(skills[seat] for seat in seats) / len(seats)


def _points(rng: random.Random, skills: Skills, side: list[int], total: int) -> int:
    """The declaring side's card points out of `total`: about half, tilted by skill."""
    others = [seat for seat in skills if seat not in side]
    lean = _mean(skills, side) - _mean(skills, others)
    share = 0.5 + SHARE_TILT * lean + rng.gauss(0, SHARE_NOISE)
    return min(total, max(0, round(share * total)))


def _with_partner(contract: str, total: int, many: bool = False) -> Callable[..., dict]:
    """A partnership contract at a table of four: a partner from the other seats."""

    def hand(rng: random.Random, skills: Skills) -> dict:
        declarer = _declarer(rng, skills)
        partner = rng.choice([seat for seat in sorted(skills) if seat != declarer])
        points = _points(rng, skills, [declarer, partner], total)
        called = {"partners": [partner]} if many else {"partner": partner}
        return {"contract": contract, "declarer": declarer, **called, "declarer_points": points}

    return hand


def _si_double(rng: random.Random, skills: Skills) -> dict:
    """Slovenian trojka: at four a partner, at six or eight the two holders of the King."""
    declarer = _declarer(rng, skills)
    others = [seat for seat in sorted(skills) if seat != declarer]
    partners = sorted(rng.sample(others, 1 if len(skills) == 4 else 2))
    points = _points(rng, skills, [declarer, *partners], 140)
    hand = {"contract": "trojka", "declarer": declarer, "partners": partners}
    if len(skills) != 4:
        hand["players"] = len(skills)
    return {**hand, "declarer_points": points}


def _cz_three(rng: random.Random, skills: Skills) -> dict:
    declarer = _declarer(rng, skills)
    return {
        "contract": "prvni",
        "declarer": declarer,
        "declarer_points": _points(rng, skills, [declarer], 70),
    }


def _whist(rng: random.Random, skills: Skills) -> dict:
    """Standard whist, seats 1 and 3 against 2 and 4: thirteen tricks between them."""
    lean = _mean(skills, [1, 3]) - _mean(skills, [2, 4])
    ns = round(6.5 + WHIST_TILT * lean + rng.gauss(0, WHIST_NOISE))
    ns = min(13, max(0, ns))
    return {"variant": "standard", "tricks": {"NS": ns, "EW": 13 - ns}}


GENERATORS: dict[str, Callable[[random.Random, Skills], dict]] = {
    "spjst": _with_partner("povinost", 106),
    "cz_xix": _with_partner("prvni", 70),
    "cz_three": _cz_three,
    "si_double": _si_double,
    "whist": _whist,
}
# The games a federation plays, in the order a run's first tournaments take them.
GAMES = tuple(GENERATORS)


def simulated_hand(ruleset: str, rng: random.Random, skills: Skills) -> dict:
    """A hand of `ruleset` at a table whose seats have `skills`, drawn from `rng`."""
    return GENERATORS[ruleset](rng, skills)
