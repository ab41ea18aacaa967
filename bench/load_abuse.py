"""The load test's abuse phase (bench/load.py): anonymous clients flood `POST /api/score/`
with the largest document the API takes, while the judges play at the realistic pace.

The flood runs in a process of its own (`python bench/load_abuse.py BASE SECONDS HANDS`,
started by bench/load.py), so its own CPU does not slow the event loop that times the
judges' phones. Each client has an address of its own, sent as a proxy would send it
(X-Forwarded-For; the run's gunicorn trusts one proxy), sends the next document as soon
as the last one is answered and ignores Retry-After, as a script that floods would. It
prints what it got, as JSON, on its last line.

The phase fails (`failures`) when the judges' p95 exceeds the target, when the API
answered a server error or not at all, or when a 429 came without Retry-After. A lost or
duplicated hand fails the whole run through bench/load_site.py's check of the database.
How many requests were refused is printed, not checked: a server slowed by other work
answers the flood too slowly for it to reach the limits at all.
"""

import asyncio
import json
import random
import resource
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

ABUSERS = 10
API = "/api/score/"
REQUEST_TIMEOUT = 30.0
MAX_REQUESTS = 100_000  # the flood stops sending after this many requests


@dataclass
class Flood:
    """What the flooding clients got: answers by status, and 429s without Retry-After."""

    clients: int = 0
    hands: int = 0  # in each document
    answers: Counter = field(default_factory=Counter)  # "200", "429", "no answer", …
    without_retry_after: int = 0
    seconds: float = 0.0
    cpu: float = 0.0  # seconds of CPU the flooding process used (it shares the machine)

    @property
    def requests(self) -> int:
        return sum(self.answers.values())

    def to_json(self) -> str:
        return json.dumps(
            {
                "clients": self.clients,
                "hands": self.hands,
                "answers": dict(self.answers),
                "without_retry_after": self.without_retry_after,
                "seconds": self.seconds,
                "cpu": self.cpu,
            }
        )

    @classmethod
    def from_json(cls, text: str) -> "Flood":
        data = json.loads(text)
        return cls(
            clients=data["clients"],
            hands=data["hands"],
            answers=Counter(data["answers"]),
            without_retry_after=data["without_retry_after"],
            seconds=data["seconds"],
            cpu=data.get("cpu", 0.0),
        )

    def summary(self) -> str:
        """One line for the report."""
        scored = self.answers["200"]
        answers = ", ".join(f"{count} {status}" for status, count in sorted(self.answers.items()))
        return (
            f"  flood: {self.clients} anonymous clients, {self.hands} hands a document, "
            f"{self.requests / max(self.seconds, 0.001):.0f} requests/s: {answers}; "
            f"{scored * self.hands} hands scored for them; the flood's own CPU: {self.cpu:.1f} s"
        )


def failures(judges_p95: float, flood: Flood | None, target: float) -> list[str]:
    """What fails the abuse phase: the judges slowed past the target, or the API under the
    flood answering with a server error, not at all, or without limiting anything."""
    problems = []
    if not judges_p95 <= target:  # NaN (no request timed) fails too
        problems.append(
            f"abuse: the judges' p95 is {judges_p95:.0f} ms, over {target:.0f} ms, while the "
            f"API is flooded"
        )
    if flood is None:
        return [*problems, "abuse: the flood did not report"]
    server_errors = sum(n for status, n in flood.answers.items() if status.startswith("5"))
    if server_errors:
        problems.append(f"abuse: the API answered the flood {server_errors} server errors")
    if flood.answers["no answer"]:
        problems.append(f"abuse: {flood.answers['no answer']} flood requests got no answer")
    if flood.without_retry_after:
        problems.append(f"abuse: {flood.without_retry_after} answers 429 without Retry-After")
    return problems


def document(hands: int) -> bytes:
    """The largest document the API takes: `hands` varied SPJST hands."""
    from bench.bench_scoring import make_hand

    rng = random.Random(15)
    return json.dumps([make_hand(rng) for _ in range(hands)]).encode()


async def _client(base: str, address: str, body: bytes, deadline: float, flood: Flood) -> None:
    headers = {
        "X-Forwarded-For": address,
        "X-Forwarded-Proto": "https",
        "Content-Type": "application/json",
    }
    async with httpx.AsyncClient(
        base_url=base, headers=headers, timeout=REQUEST_TIMEOUT, trust_env=False
    ) as client:
        while time.monotonic() < deadline and flood.requests < MAX_REQUESTS:
            try:
                response = await client.post(API, content=body)
            except httpx.HTTPError:
                flood.answers["no answer"] += 1
                continue
            flood.answers[str(response.status_code)] += 1
            if response.status_code == 429 and "retry-after" not in response.headers:
                flood.without_retry_after += 1


async def flood(base: str, seconds: float, hands: int, clients: int = ABUSERS) -> Flood:
    """`clients` anonymous clients, each from its own address, for `seconds`."""
    result = Flood(clients=clients, hands=hands)
    body = document(hands)
    started = time.monotonic()
    deadline = started + seconds
    await asyncio.gather(
        *(_client(base, f"203.0.113.{n + 1}", body, deadline, result) for n in range(clients))
    )
    result.seconds = time.monotonic() - started
    usage = resource.getrusage(resource.RUSAGE_SELF)
    result.cpu = usage.ru_utime + usage.ru_stime
    return result


def main(argv: list[str]) -> int:
    base, seconds, hands = argv[0], float(argv[1]), int(argv[2])
    print(asyncio.run(flood(base, seconds, hands)).to_json(), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
