"""The load test's phones (bench/load.py): a judge's phone per table, and a second one at
every eighth table, each through the table's judge link, playing a pace until its
deadline, and the figures they gather; the abuse phase's flood started beside them
(bench/load_abuse.py)."""

import asyncio
import random
import resource
import sys
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote, urlsplit

import httpx

from bench.load_abuse import API, Flood
from bench.load_pages import (
    OUTCOME_HEADER,
    REFUSAL_HEADER,
    Cookies,
    Messages,
    hand_form_fields,
    povinost,
)

if TYPE_CHECKING:
    from bench.load_site import Ledger

ROOT = Path(__file__).resolve().parent.parent
SECOND_PHONE_EVERY = 8  # tables 8, 16, 24 and 32 have two phones posting
PLAIN_EVERY = 4  # the phones at tables 1, 5, 9, … save without JavaScript; the rest with htmx
REPEAT_SHARE = 0.1  # hands sent twice with the same submission id
MAX_REQUESTS = 200_000  # the whole run stops sending after this many requests
MAX_HANDS_PER_PHONE = 1_000
REQUEST_TIMEOUT = 30.0  # seconds; gunicorn's own worker timeout is 30 s too


@dataclass(frozen=True)
class Pace:
    """How long a phone pauses between reading the page and posting the hand."""

    name: str
    think: tuple[float, float]  # seconds, uniform

    def pause(self, rng: random.Random) -> float:
        return rng.uniform(*self.think)


# What the phones ask for, as the report names it.
KINDS = {"page": "judge page", "save": "save (plain)", "save htmx": "save (htmx)"}

REALISTIC = Pace("realistic", (2.0, 6.0))
FLAT_OUT = Pace("flat out", (0.0, 0.0))
# The realistic pace while anonymous clients flood the API (bench/load_abuse.py).
ABUSE = Pace("abuse", REALISTIC.think)


@dataclass
class Stats:
    """One pace's requests: latencies by kind, answers by status class, save outcomes."""

    pace: Pace
    seconds: float = 0.0
    latencies: dict[str, list[float]] = field(default_factory=lambda: {k: [] for k in KINDS})
    # The same requests' time inside gunicorn's worker, from its access log
    served: dict[str, list[float]] = field(default_factory=lambda: {k: [] for k in KINDS})
    client_cpu: float = 0.0  # seconds of CPU this process (the phones) used
    server_cpu: float = 0.0  # seconds of CPU gunicorn (master and workers) used
    proxy_cpu: float = float("nan")  # seconds of CPU nginx used (NaN: gunicorn alone)
    classes: Counter = field(default_factory=Counter)
    outcomes: Counter = field(default_factory=Counter)
    refusals: Counter = field(default_factory=Counter)
    # (double tap or resend, the two answers) → how many hands
    twice: Counter = field(default_factory=Counter)
    errors: list[str] = field(default_factory=list)
    gave_up: int = 0  # phones that found no hand form to fill
    flood: Flood | None = None  # what the flooding clients got (the abuse phase)
    # The API's answers by status as gunicorn gave them (its access log): the rest of the
    # flood's answers came from nginx in front
    api_served: Counter = field(default_factory=Counter)

    @property
    def requests(self) -> int:
        return sum(self.classes.values())

    def record(self, kind: str, status: int | None, elapsed: float) -> None:
        self.latencies[kind].append(elapsed * 1000)
        self.classes["no answer" if status is None else f"{status // 100}xx"] += 1


@dataclass
class Run:
    """What the phones share: the site, the ledger, the stop signal and the bounds."""

    base: str
    urls: dict[int, tuple[str, str, str]]  # table pk → (judge link, table page, hand form action)
    ledger: "Ledger"
    messages: Messages
    access: Path  # gunicorn's access log
    stack: str = "gunicorn"  # what `base` is: "nginx" (in front of gunicorn) or "gunicorn"
    api_hands: int = 1  # hands in the abuse phase's documents: the most the API takes
    server_cpu: Callable[[], float] = lambda: float("nan")  # gunicorn's CPU so far, in s
    proxy_cpu: Callable[[], float] = lambda: float("nan")  # nginx's CPU so far, in s
    requests: int = 0
    access_read: int = 0  # how far the access log is read

    def served(self, stats: Stats) -> None:
        """Take the access log's lines since the last pace into `stats.served`."""
        pages = {page for _link, page, _action in self.urls.values()}
        actions = {action for _link, _page, action in self.urls.values()}
        with self.access.open() as log:
            log.seek(self.access_read)
            for line in log:
                method, path, status, ms, htmx = line.split()
                if path == API:
                    stats.api_served[status] += 1
                elif method == "GET" and path in pages:
                    stats.served["page"].append(float(ms))
                elif method == "POST" and path in actions:
                    stats.served["save htmx" if htmx == "true" else "save"].append(float(ms))
            self.access_read = log.tell()

    def may_send(self) -> bool:
        return self.requests < MAX_REQUESTS


class Phone:
    """One judge's phone at a table: its own cookies (session, CSRF token, messages).

    With `javascript` it saves as the page's htmx does (an HX-Request header): the answer
    may be a fragment with a blank form for the next hand, which the phone then fills
    without reading the page again. Without, it saves as a plain form and reads the page
    again after the redirect, as a browser without JavaScript does.
    """

    def __init__(self, run: Run, table_pk: int, name: str, seed: int, javascript: bool) -> None:
        self.run, self.table_pk, self.name = run, table_pk, name
        self.javascript = javascript
        self.rng = random.Random(seed)
        self.cookies = Cookies()
        self.client = httpx.AsyncClient(
            base_url=run.base,
            # As the proxy passes a phone's HTTPS request on; the Origin is the proxy's.
            headers={
                "X-Forwarded-Proto": "https",
                "Origin": run.base.replace("http://", "https://", 1),
            },
            timeout=REQUEST_TIMEOUT,
            follow_redirects=False,
            trust_env=False,  # no proxy from the environment: loopback only
            limits=httpx.Limits(max_connections=4),
        )

    async def _send(
        self, method: str, url: str, headers: dict[str, str] | None = None, **kwargs: Any
    ) -> httpx.Response:
        headers = {**self.cookies.header(), **(headers or {})}
        response = await self.client.request(method, url, headers=headers, **kwargs)
        self.cookies.take(response)
        self.client.cookies.clear()  # kept in self.cookies only
        return response

    async def open_link(self) -> None:
        """Open the table's private link (this phone becomes the table's judge) and its
        page, untimed: a server in use has its workers warm (connections, templates)."""
        link, page, _action = self.run.urls[self.table_pk]
        response = await self._send("GET", link)
        if response.status_code != 302 or urlsplit(response.headers["location"]).path != page:
            raise RuntimeError(f"{self.name}: the judge link answered {response.status_code}")
        response = await self._send("GET", page)
        if response.status_code != 200:
            raise RuntimeError(f"{self.name}: the judge page answered {response.status_code}")

    async def _timed(
        self, stats: Stats, kind: str, call: Callable[[], Awaitable[httpx.Response]]
    ) -> httpx.Response | None:
        self.run.requests += 1
        start = time.perf_counter()
        try:
            response = await call()
        except httpx.HTTPError as error:
            stats.record(kind, None, time.perf_counter() - start)
            stats.errors.append(f"{self.name}: {kind}: {type(error).__name__}: {error}")
            return None
        stats.record(kind, response.status_code, time.perf_counter() - start)
        if response.status_code >= 400:
            stats.errors.append(f"{self.name}: {kind}: HTTP {response.status_code}")
        return response

    async def _save(self, stats: Stats, body: dict[str, str]) -> tuple[str, dict | None]:
        """Post the hand form: the answer's outcome (saved, repeat, refused, or what went
        wrong) and the next hand's form when the answer brought one (htmx)."""
        _link, page, action = self.run.urls[self.table_pk]
        # Shown by the next page in a browser; dropped here so each answer carries only
        # its own message.
        self.cookies.values.pop(self.run.messages.name, None)
        kind, headers = ("save htmx", {"HX-Request": "true"}) if self.javascript else ("save", {})
        response = await self._timed(
            stats, kind, lambda: self._send("POST", action, data=body, headers=headers)
        )
        if response is None:
            return "no answer", None
        # A form built before another phone saved at the table comes back filled in, on the
        # table's new version and with a new submission id (views/table.py `_conflict`), as
        # a saved hand's blank form does: only the outcome header tells them apart.
        if response.headers.get(OUTCOME_HEADER) == "conflict":
            text = unquote(response.headers.get(REFUSAL_HEADER, ""))
            stats.refusals[text] += 1
            return "refused", None
        # A redirect (htmx's own, HX-Redirect, or HTTP's) back to the table's page, whose
        # message says what happened.
        location = response.headers.get("hx-redirect") or (
            response.headers.get("location") if response.is_redirect else None
        )
        if location is not None:
            if urlsplit(location).path != page:
                return f"HTTP {response.status_code} to {location}", None
            outcome, text = self.run.messages.outcome(response)
            if outcome == "refused":
                stats.refusals[text] += 1
            return outcome, None
        if response.status_code != 200:
            return f"HTTP {response.status_code}", None
        # An htmx fragment: a saved hand's answer brings a blank form on the new version.
        fresh = hand_form_fields(response.text, action) if self.javascript else None
        if (
            fresh is not None
            and response.headers.get(OUTCOME_HEADER) == "saved"
            and "hx-retarget" not in response.headers
            and fresh["submission"] != body["submission"]
            and fresh["version"] == str(int(body["version"]) + 1)
        ):
            return "saved", fresh
        # The hand form's own errors (the phone sent a bad hand), or an answer not known.
        return "form refused", None

    async def play(self, pace: Pace, stats: Stats, deadline: float) -> None:
        """Read the page (unless the last answer brought the next form), pause, post a
        hand; again until the deadline or a bound."""
        _link, page, action = self.run.urls[self.table_pk]
        hands = 0
        hidden = None
        # Judges do not all start at one instant: a first pause up to a whole one.
        await asyncio.sleep(min(self.rng.uniform(0, pace.think[1]), deadline - time.monotonic()))
        while time.monotonic() < deadline and self.run.may_send() and hands < MAX_HANDS_PER_PHONE:
            if hidden is None:
                response = await self._timed(stats, "page", lambda: self._send("GET", page))
                if response is None or response.status_code != 200:
                    await asyncio.sleep(0.5)
                    continue
                hidden = hand_form_fields(response.text, action)
                if hidden is None:
                    stats.gave_up += 1
                    stats.errors.append(f"{self.name}: no hand form (to {action}) on the page")
                    return
            await asyncio.sleep(min(pace.pause(self.rng), max(deadline - time.monotonic(), 0)))
            if time.monotonic() >= deadline:
                return
            body = {**hidden, **povinost(self.rng)}
            submission = body["submission"]
            self.run.ledger.sent(submission, self.table_pk)
            twice = self.rng.random() < REPEAT_SHARE
            if twice and self.rng.random() < 0.5:  # a double tap: both posts at once
                answers = list(
                    await asyncio.gather(self._save(stats, body), self._save(stats, body))
                )
                stats.twice["double tap", *sorted(outcome for outcome, _ in answers)] += 1
            else:
                answers = [await self._save(stats, body)]
                if twice:  # a resend: the answer was lost, the phone tries again
                    answers.append(await self._save(stats, body))
                    stats.twice["resend", *(outcome for outcome, _ in answers)] += 1
            for outcome, _fresh in answers:
                self.run.ledger.answer(submission, outcome)
                stats.outcomes[outcome] += 1
            outcomes = [outcome for outcome, _ in answers]
            hands += "saved" in outcomes
            # The next hand's form: the one a lone htmx answer brought, else the page's.
            fresh = [form for _outcome, form in answers]
            hidden = fresh[0] if len(fresh) == 1 else None

    async def close(self) -> None:
        await self.client.aclose()


async def drive(run: Run, tables: list, paces: list[Pace], seconds: float) -> list[Stats]:
    """Open every phone's judge link, then play each pace for `seconds`."""
    phones = []
    for table in tables:
        plain = table.number % PLAIN_EVERY == 1
        phones.append(Phone(run, table.pk, f"table {table.number}", table.number, not plain))
        if table.number % SECOND_PHONE_EVERY == 0:
            name = f"table {table.number}, 2nd phone"
            phones.append(Phone(run, table.pk, name, 1000 + table.number, javascript=True))
    try:
        await asyncio.gather(*(phone.open_link() for phone in phones))
        results = []
        run.served(Stats(REALISTIC))  # the untimed first requests: skipped
        for pace in paces:
            stats = Stats(pace)
            cpu, server_cpu, proxy_cpu = _cpu(), run.server_cpu(), run.proxy_cpu()
            start = time.monotonic()
            deadline = start + seconds
            flood = await _start_flood(run, seconds) if pace is ABUSE else None
            try:
                # A phone stops at the deadline after its request in flight; the timeout
                # bounds a request that never ends.
                await asyncio.wait_for(
                    asyncio.gather(*(phone.play(pace, stats, deadline) for phone in phones)),
                    timeout=seconds + 2 * REQUEST_TIMEOUT + 10,
                )
                if flood is not None:
                    stats.flood = await _flood_report(flood, seconds)
            finally:
                if flood is not None and flood.returncode is None:
                    flood.kill()
                    await flood.wait()
            stats.seconds = time.monotonic() - start
            stats.client_cpu = _cpu() - cpu
            stats.server_cpu = run.server_cpu() - server_cpu
            stats.proxy_cpu = run.proxy_cpu() - proxy_cpu
            await asyncio.sleep(0.5)  # a worker logs a request after its answer went out
            run.served(stats)
            results.append(stats)
        return results
    finally:
        await asyncio.gather(*(phone.close() for phone in phones), return_exceptions=True)


async def _start_flood(run: Run, seconds: float) -> asyncio.subprocess.Process:
    """The abuse phase's flooding clients, in a process of their own (bench/load_abuse.py)."""
    return await asyncio.create_subprocess_exec(
        sys.executable,
        str(ROOT / "bench" / "load_abuse.py"),
        run.base,
        str(seconds),
        str(run.api_hands),
        run.stack,
        cwd=ROOT,
        stdout=asyncio.subprocess.PIPE,
        stdin=asyncio.subprocess.DEVNULL,
    )


async def _flood_report(process: asyncio.subprocess.Process, seconds: float) -> Flood | None:
    """What the flood got (its last line of output); None if it said nothing readable."""
    output, _ = await asyncio.wait_for(process.communicate(), timeout=2 * REQUEST_TIMEOUT + 10)
    lines = output.decode(errors="replace").strip().splitlines()
    try:
        return Flood.from_json(lines[-1])
    except (IndexError, ValueError, KeyError):
        return None


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime
