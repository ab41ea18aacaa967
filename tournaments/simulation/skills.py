"""Each simulated player's hidden true skill, recomputable from the run's seed.

Not stored: a player's simulation index is his member number (`member_number`), so a
rating test reads the players back and asks `skill_of(seed, index)` what they are worth.
"""

import random

MEMBER_PREFIX = "SIM"


def member_number(index: int) -> str:
    """The member number of the simulation's player `index` (from 0)."""
    return f"{MEMBER_PREFIX}{index:05d}"


def index_of(member: str) -> int:
    """The simulation index back from a member number `member_number` gave."""
    return int(member.removeprefix(MEMBER_PREFIX))


def skill_of(seed: int, index: int) -> float:
    """Player `index`'s true skill in the run seeded `seed`: standard normal, drawn from
    its own generator so it does not depend on how much else the run drew."""
    return random.Random(f"skill:{seed}:{index}").gauss(0.0, 1.0)
