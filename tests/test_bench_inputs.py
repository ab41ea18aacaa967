"""The benchmarks' generated inputs stay valid as the rules tighten (`make bench` is not
run by CI, so a generator that makes hands the engine now refuses is caught here)."""

import importlib.util
import random
from pathlib import Path

from scoring import score_hand

BENCH = Path(__file__).resolve().parent.parent / "bench"


def _bench_module(name: str):
    spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_generated_spjst_hand_is_one_the_engine_scores():
    bench = _bench_module("bench_scoring")
    rng = random.Random(7)
    for _ in range(500):
        hand = bench.make_hand(rng)
        assert sum(score_hand("spjst", hand).deltas.values()) == 0
