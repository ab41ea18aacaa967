"""What one hand costs a worker at `POST /api/score/`: ``python bench/api_cost.py``.

Posts documents of 1, 10, 50 and 100 hands through the whole Django stack (the test
client, production middleware, DEBUG off) and prints the milliseconds per request and
per hand, for the golden cases of every ruleset (tests/scoring/cases/) and for varied
SPJST hands with values, Pagat and penalties (bench/bench_scoring.py). The API's bound on
hands per document (API_MAX_HANDS) is chosen from the dearest hands so a request at the
bound costs at most about 50 ms of one worker (README, "Limits").
"""

import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SIZES = (1, 10, 50, 100)
RUNS = 7
BUDGET_MS = 50.0


def _documents() -> dict[str, list[dict]]:
    from bench.bench_scoring import make_hand

    cases = ROOT / "tests" / "scoring" / "cases"
    kinds = {}
    for path in sorted(cases.glob("*.json")):
        hands = [case["hand"] for case in json.loads(path.read_text()) if "deltas" in case]
        # A rubber's hands end it partway: each hand is scored alone here.
        kinds[path.stem] = [hand for hand in hands if "rubber" not in hand]
    rng = random.Random(20250101)
    kinds["spjst varied"] = [make_hand(rng) for _ in range(max(SIZES))]
    return kinds


def _cost(client, url: str, hands: list[dict], size: int) -> float:
    """The median milliseconds of a request with `size` hands (cycled from `hands`)."""
    body = json.dumps([hands[i % len(hands)] for i in range(size)])
    times = []
    for _ in range(RUNS):
        started = time.perf_counter()
        response = client.post(url, body, content_type="application/json")
        times.append((time.perf_counter() - started) * 1000)
        if response.status_code != 200:
            raise SystemExit(f"{size} hands answered {response.status_code}: {response.content!r}")
    return statistics.median(times)


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings_test")
    import django

    django.setup()
    from django.conf import settings
    from django.test import Client
    from django.test.utils import setup_test_environment
    from django.urls import reverse

    setup_test_environment()
    settings.RATELIMIT_ENABLE = False  # every request is measured, none refused
    client = Client()
    url = reverse("scoring:api_score")
    client.post(url, "{}", content_type="application/json")  # imports, first-request costs
    dearest = 0.0
    print(f"{'hands':<14}" + "".join(f"{size:>10}" for size in SIZES) + "   ms a hand")
    for name, hands in _documents().items():
        costs = [_cost(client, url, hands, size) for size in SIZES]
        per_hand = (costs[-1] - costs[0]) / (SIZES[-1] - SIZES[0])
        dearest = max(dearest, per_hand)
        figures = "".join(f"{cost:>8.1f}ms" for cost in costs)
        print(f"{name:<14}{figures}{per_hand:>10.3f}")
    print(
        f"dearest: {dearest:.3f} ms a hand; {BUDGET_MS:.0f} ms of a worker scores about "
        f"{int(BUDGET_MS / dearest)} of them; API_MAX_HANDS is {settings.API_MAX_HANDS}"
    )


if __name__ == "__main__":
    main()
