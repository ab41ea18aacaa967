"""The load test's abuse phase (bench/load.py): anonymous clients flood `POST /api/score/`
with the largest document the API takes, while the judges play at the realistic pace.

The flood runs in a process of its own (`python bench/load_abuse.py BASE SECONDS HANDS
STACK`, STACK `nginx` or `gunicorn`, started by bench/load.py), so its own CPU does not
slow the event loop that times the judges' phones, and at the lowest priority (nice 19).
Each client has an address of its own, sent as a proxy in front would send it
(X-Forwarded-For), sends the next document as soon as the last one is answered and ignores Retry-After, as a script that floods would. It
prints what it got, as JSON, on its last line.

On a real site the attackers' machines are not the server's; here they share its two
cores, so the flood yields them to the site and the phones and is made as cheap as a
flood can be: each client writes the same
request bytes, encoded once, on a fresh connection of raw asyncio streams and reads the
status line and headers of the answer (an HTTP client library such as httpx spent some
2 ms of CPU a request, as much as the server's refusal). Its CPU is reported beside the
judges' figures. Having sent its request, a client closes its side of the connection, as
the proxy in front of gunicorn does (docs/deploy.md: nginx has the whole request before
it passes it on): gunicorn's sync worker waits after each answer until the client has
closed, so a flooding client slow to close would hold a worker, which nginx never lets a
client do. In front of nginx (bench/load_proxy.py) it keeps its side open until the
answer: nginx takes a client's closing as giving up, and drops the request it passed on.

The phase fails (`failures`) when the judges' p95 exceeds the target, when the API
answered a server error or not at all, or when a 429 came without Retry-After. A lost or
duplicated hand fails the whole run through bench/load_site.py's check of the database.
How many requests were refused is printed, not checked: a server slowed by other work
answers the flood too slowly for it to reach the limits at all.
"""

import asyncio
import json
import os
import random
import resource
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

ABUSERS = 10
API = "/api/score/"
REQUEST_TIMEOUT = 30.0
# The flood stops sending after this many requests: some 11 minutes at the 1,500 a second
# it reached on the 2-core VM (the phase's default is one minute).
MAX_REQUESTS = 1_000_000


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
        """Two lines for the report: the flood's rate and answers, its own CPU."""
        scored = self.answers["200"]
        seconds = max(self.seconds, 0.001)
        answers = ", ".join(f"{count} {status}" for status, count in sorted(self.answers.items()))
        return (
            f"  flood: {self.clients} anonymous clients, {self.hands} hands a document, "
            f"{self.requests / seconds:.0f} requests/s: {answers}; {self.answers['429']} "
            f"refused, {scored} scored ({scored * self.hands} hands)\n"
            f"    the flooding process's own CPU: {self.cpu:.1f} s "
            f"({self.cpu / seconds:.2f} of a core; the machine's {os.cpu_count()} cores serve too)"
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


def request_bytes(base: str, address: str, body: bytes) -> bytes:
    """The whole request, encoded once: a client sends these bytes again and again."""
    host = urlsplit(base).netloc
    head = (
        f"POST {API} HTTP/1.1\r\n"
        f"Host: {host}\r\n"
        f"X-Forwarded-For: {address}\r\n"
        "X-Forwarded-Proto: https\r\n"
        "Content-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\n"
        "Connection: close\r\n\r\n"
    )
    return head.encode("ascii") + body


def answer(raw: bytes) -> tuple[str, bool]:
    """The status of a raw HTTP answer ("429", or "no answer"), and whether it carries
    Retry-After."""
    head, _, _ = raw.partition(b"\r\n\r\n")
    lines = head.split(b"\r\n")
    parts = lines[0].split(b" ", 2)
    if len(parts) < 2 or not parts[0].startswith(b"HTTP/") or not parts[1].isdigit():
        return "no answer", False
    names = {line.partition(b":")[0].strip().lower() for line in lines[1:]}
    return parts[1].decode(), b"retry-after" in names


async def _client(
    base: str, request: bytes, deadline: float, flood: Flood, half_close: bool
) -> None:
    split = urlsplit(base)
    while time.monotonic() < deadline and flood.requests < MAX_REQUESTS:
        try:
            reader, writer = await asyncio.wait_for(
                asyncio.open_connection(split.hostname, split.port), REQUEST_TIMEOUT
            )
            try:
                writer.write(request)
                if half_close:
                    # The whole request is sent: closing this side at once, as the proxy
                    # in front does, spares the worker waiting for the client to close
                    # after its answer (gunicorn lingers for that, up to 2 s).
                    writer.write_eof()
                # The server closes after its answer (Connection: close): read to the end.
                raw = await asyncio.wait_for(reader.read(), REQUEST_TIMEOUT)
            finally:
                writer.close()
        except (OSError, TimeoutError):
            flood.answers["no answer"] += 1
            continue
        status, retry = answer(raw)
        flood.answers[status] += 1
        if status == "429" and not retry:
            flood.without_retry_after += 1


async def flood(
    base: str, seconds: float, hands: int, clients: int = ABUSERS, proxied: bool = False
) -> Flood:
    """`clients` anonymous clients, each from its own address, for `seconds`; `proxied`
    when `base` is nginx's, not gunicorn's."""
    result = Flood(clients=clients, hands=hands)
    body = document(hands)
    cpu = _cpu()
    started = time.monotonic()
    deadline = started + seconds
    await asyncio.gather(
        *(
            _client(
                base,
                request_bytes(base, f"203.0.113.{n + 1}", body),
                deadline,
                result,
                half_close=not proxied,
            )
            for n in range(clients)
        )
    )
    result.seconds = time.monotonic() - started
    result.cpu = _cpu() - cpu
    return result


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def main(argv: list[str]) -> int:
    base, seconds, hands, stack = argv[0], float(argv[1]), int(argv[2]), argv[3]
    # On a real site the attackers' CPU is their own; on the rig's machine the flood shares
    # the cores with the site and the judges' phones, so it runs at the lowest priority: it
    # still sends thousands of requests a second whenever a core is free (the report prints
    # its rate and its CPU), but the site's and the phones' work goes first.
    os.nice(19)
    print(asyncio.run(flood(base, seconds, hands, proxied=stack == "nginx")).to_json(), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
