"""The benchmarks' generated inputs stay valid as the rules tighten (`make bench` is not
run by CI, so a generator that makes hands the engine now refuses is caught here)."""

import importlib.util
import random
import sys
from pathlib import Path

from scoring import score_hand

BENCH = Path(__file__).resolve().parent.parent / "bench"


def _bench_module(name: str):
    spec = importlib.util.spec_from_file_location(f"_bench_{name}", BENCH / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    # Registered first, as an import would: its dataclasses look their module up there.
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_every_generated_spjst_hand_is_one_the_engine_scores():
    bench = _bench_module("bench_scoring")
    rng = random.Random(7)
    for _ in range(500):
        hand = bench.make_hand(rng)
        assert sum(score_hand("spjst", hand).deltas.values()) == 0


def test_the_load_test_refuses_a_database_or_cache_off_this_machine(monkeypatch, capsys):
    load = _bench_module("load")
    # Its SIGTERM handler is for a run of its own, not for this test process.
    monkeypatch.setattr(load.signal, "signal", lambda *args: None)
    cases = [
        ({"PG_URL": "postgres://postgres@10.0.0.5:5432/test"}, "on loopback"),
        (
            {
                "PG_URL": "postgres://postgres@127.0.0.1:5432/test",
                "REDIS_URL": "redis://10.0.0.5/0",
            },
            "REDIS_URL must be redis:// on loopback",
        ),
    ]
    for env, words in cases:
        monkeypatch.delenv("REDIS_URL", raising=False)
        for name, value in env.items():
            monkeypatch.setenv(name, value)
        assert load.main(["--short"]) == 2
        assert words in capsys.readouterr().err
