"""How fast the engine scores SPJST hands: ``python bench/bench_scoring.py`` from the repo root.

Builds a few thousand varied, valid hands as JSON objects (dealt from a shuffled pack, so
the declared values are ones the deal allows), then scores them with ``score_hand``
(validation and scoring) over and over for about two seconds on one core. No Django.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring import score_hand
from scoring.cards import PACK, parse_cards
from scoring.rulesets.spjst import declarable_values

HANDS = 3000
SECONDS = 2.0
TARGET = 20_000  # hands a second on one core (issue 3); printed, not enforced
PAGAT = parse_cards(["pagat"])[0]
_CODES = ("discard_irregularity", "renege", "discard_counter", "exposed_card", "wrong_table")


def _deal(rng: random.Random) -> dict[int, list]:
    """12 random cards a seat (the six left over are the talon)."""
    pack = list(PACK)
    rng.shuffle(pack)
    return {seat: pack[(seat - 1) * 12 : seat * 12] for seat in (1, 2, 3, 4)}


def _values(rng: random.Random, deal: dict[int, list]) -> list[dict]:
    """Values the deal allows, each declared half the time."""
    values = []
    for seat, cards in deal.items():
        trumps = sum(card.is_trump for card in cards)
        counters = [card for card in cards if card.is_counter]
        for name in declarable_values(trumps, counters):
            if rng.random() < 0.5:
                values.append({"seat": seat, "value": name})
    return values


def _game(rng: random.Random) -> dict:
    declarer = rng.randint(1, 4)
    hand = {"ruleset": "spjst", "declarer": declarer, "declarer_points": rng.randint(0, 106)}
    if rng.random() < 0.25:
        hand.update(contract="prever", prever_talon=rng.randint(1, 3))
    else:
        hand["contract"] = "povinost"
        if rng.random() < 0.85:
            hand["partner"] = rng.choice([s for s in (1, 2, 3, 4) if s != declarer])
    hand["challenge"] = rng.choice((0, 0, 0, 1, 2))
    return hand


def make_hand(rng: random.Random) -> dict:
    """One possible hand: a game, sometimes a Pagat or a Valat, values, now and then a
    penalty; the Pagat's holder and the values come from one random deal, so they agree."""
    hand = _game(rng)
    deal = _deal(rng)
    holder = next((seat for seat, cards in deal.items() if PAGAT in cards), None)
    if holder is not None and rng.random() < 0.3:
        announced = rng.random() < 0.5
        hand["pagat"] = {
            "holder": holder,
            "announced": announced,
            "won": rng.random() < 0.6,
            "challenge": rng.randint(0, 2) if announced else 0,
        }
    if "pagat" not in hand and rng.random() < 0.05:
        won = hand["declarer_points"] >= 54
        hand["valat"] = {
            "side": "declarer" if won else "opponents",
            "announced": False,
            "won": True,
        }
    hand["values"] = _values(rng, deal)
    if rng.random() < 0.15:
        hand["penalties"] = [{"code": f"spjst.{rng.choice(_CODES)}", "seat": rng.randint(1, 4)}]
    return hand


def main() -> None:
    rng = random.Random(20250101)
    hands = [make_hand(rng) for _ in range(HANDS)]
    scored, started = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - started) < SECONDS:
        for hand in hands:
            score_hand("spjst", hand)
        scored += len(hands)
    rate = scored / elapsed
    verdict = "met" if rate >= TARGET else "not met"
    print(f"spjst: {rate:,.0f} hands scored per second (one core); target ≥ {TARGET:,}: {verdict}")


if __name__ == "__main__":
    main()
