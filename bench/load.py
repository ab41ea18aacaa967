"""Load test: 32 judges' phones against gunicorn and PostgreSQL, then a check of every hand
stored. `make load` (`LOAD_SECONDS=n` per pace), or from the repo root
`python bench/load.py [--seconds N] [--short] [--workers N]`; with `REDIS_URL` (a Redis
server on loopback) the workers share it as a cache, as docs/deploy.md describes.

What it does, all on this machine (loopback only; bounded in time and requests):

1. creates its own database on the PostgreSQL server of `PG_URL` (or `DATABASE_URL`;
   default postgres://postgres@127.0.0.1:5432/postgres), migrates it and collects the
   static files, and builds through the services an SPJST tournament with round 1 in play
   at 32 tables, each with a private judge link (`bench/load_site.py`);
2. starts gunicorn (production settings, several sync workers) on a free loopback port,
   in a process group of its own, as behind the HTTPS proxy of docs/deploy.md;
3. drives a phone per table, and a second phone at every eighth table, each through the
   table's judge link, at two paces: realistic (a hand every 2–6 s per phone) and flat
   out (no pause), and a third time at the realistic pace while 10 anonymous clients
   flood `POST /api/score/` with the largest document it takes (the abuse phase,
   bench/load_abuse.py). A phone reads the judge page, takes the hand form's hidden fields (its
   CSRF token, submission id and table version) and posts a Povinost: as the page's htmx
   does (then an answer that brings a blank form for the next hand spares reading the
   page again), or, at every fourth table, as a plain form without JavaScript. One hand
   in ten is sent twice with the same submission id, half of them as a double tap (both
   at once) and half as a resend after the answer. A redirect back to the table (HTTP's,
   or htmx's HX-Redirect) carries Django's page message (saved, saved before, or the
   refusal in words) in the message cookie; an htmx answer says in its X-Hand-Outcome
   header whether it saved the hand or brings the form back filled in because another
   phone saved first (a refusal: nothing saved); nothing depends on the page's layout,
   only on the form's field names and action;
4. stops gunicorn (its process group, also on Ctrl-C or an error), checks the database
   against the answers (`bench/load_site.py`: every acknowledged hand stored once, no
   duplicates, hands numbered 1..n, chips zero-sum per hand, per table and in the
   standings, the round closed through the services), drops the database and prints
   p50/p95/p99, throughput and the answers by status class.

Exits 0 when every check holds and every request got an answer other than 4xx or 5xx;
1 otherwise; 2 when it could not start; 130 when interrupted. The latency target (p95 ≤
100 ms at the realistic pace) is printed, not enforced, at the realistic pace alone (it
depends on the machine); under the abuse phase's flood it is enforced: the rate limits
are there to keep it.
"""

import argparse
import asyncio
import html
import os
import random
import re
import resource
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote, unquote, urlsplit

import dj_database_url
import httpx
import psycopg
from psycopg import sql

if TYPE_CHECKING:
    from bench.load_site import Ledger

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.load_abuse import ABUSERS, Flood  # noqa: E402  (found through ROOT)
from bench.load_abuse import failures as abuse_failures  # noqa: E402

DEFAULT_PG_URL = "postgres://postgres@127.0.0.1:5432/postgres"
TABLES = 32
SECOND_PHONE_EVERY = 8  # tables 8, 16, 24 and 32 have two phones posting
PLAIN_EVERY = 4  # the phones at tables 1, 5, 9, … save without JavaScript; the rest with htmx
REPEAT_SHARE = 0.1  # hands sent twice with the same submission id
SECONDS = 60  # per pace, unless --seconds or LOAD_SECONDS say otherwise
SHORT_SECONDS = 5  # per pace with --short (CI)
MAX_REQUESTS = 200_000  # the whole run stops sending after this many requests
MAX_HANDS_PER_PHONE = 1_000
REQUEST_TIMEOUT = 30.0  # seconds; gunicorn's own worker timeout is 30 s too
TARGET_P95_MS = 100.0  # at the realistic pace (issue 15); printed, not enforced
LOOPBACK = ("127.0.0.1", "localhost", "::1")
# What became of a saved hand, as the server's answer says it (tournaments/feedback.py;
# named here, as this module reads no Django code before `django.setup()`).
OUTCOME_HEADER = "X-Hand-Outcome"
REFUSAL_HEADER = "X-Hand-Refusal"


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


# ---------------------------------------------------------------------------- the database


def _loopback_url(url: str) -> dict[str, Any]:
    """The parsed database URL; ValueError unless it names PostgreSQL on loopback."""
    config: dict[str, Any] = dict(dj_database_url.parse(url))
    if not config["ENGINE"].endswith("postgresql"):
        raise ValueError(f"needs PostgreSQL, got {url!r} (set PG_URL)")
    host = config.get("HOST") or ""
    if not (host in LOOPBACK or host.startswith("127.")):
        raise ValueError(f"the database must be on loopback (127.0.0.1), not {host!r}")
    return config


def _loopback_redis(url: str) -> str:
    """`url` (REDIS_URL, for the workers' shared cache); ValueError unless on loopback."""
    host = urlsplit(url).hostname or ""
    if not url.startswith("redis://") or not (host in LOOPBACK or host.startswith("127.")):
        raise ValueError(f"REDIS_URL must be redis:// on loopback (127.0.0.1), not {url!r}")
    return url


def _admin(config: dict) -> psycopg.Connection:
    """A connection to the server's maintenance database, to create and drop ours."""
    return psycopg.connect(
        host=config.get("HOST") or None,
        port=config.get("PORT") or None,
        user=config.get("USER") or None,
        password=config.get("PASSWORD") or None,
        dbname="postgres",
        autocommit=True,
        connect_timeout=10,
    )


def _url(config: dict, name: str) -> str:
    user = quote(config.get("USER") or "", safe="")
    password = config.get("PASSWORD")
    auth = f"{user}:{quote(password, safe='')}@" if password else (f"{user}@" if user else "")
    host = config["HOST"]
    host = f"[{host}]" if ":" in host else host
    port = f":{config['PORT']}" if config.get("PORT") else ""
    return f"postgres://{auth}{host}{port}/{name}"


# ------------------------------------------------------------------------------ gunicorn


def _start_gunicorn(
    env: dict, workers: int, log: Path, access: Path
) -> tuple[subprocess.Popen, str]:
    """gunicorn on a loopback socket bound here (so the port is surely free and ours), in
    a new session: its process group is its own, and only it is signalled later."""
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    host, port = listener.getsockname()
    with log.open("ab") as out:
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "gunicorn",
                "config.wsgi",
                "--bind",
                f"fd://{listener.fileno()}",
                "--workers",
                str(workers),
                "--timeout",
                "30",
                "--graceful-timeout",
                "5",
                # Each request's method, path, status and time in the worker (ms): the
                # time without the wait for a free worker, to tell the two apart.
                "--access-logfile",
                str(access),
                "--access-logformat",
                "%(m)s %(U)s %(s)s %(M)s %({hx-request}i)s",
            ],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            pass_fds=[listener.fileno()],
            start_new_session=True,
        )
    listener.close()  # gunicorn holds its own copy of the socket
    return process, f"http://{host}:{port}"


def _stop_gunicorn(process: subprocess.Popen) -> None:
    """TERM the process group gunicorn leads (master and workers), KILL what stays."""
    for sig, wait in ((signal.SIGTERM, 15), (signal.SIGKILL, 5)):
        try:
            os.killpg(process.pid, sig)
        except ProcessLookupError:
            break  # the group is gone: nothing of ours is left
        try:
            process.wait(timeout=wait)
        except subprocess.TimeoutExpired:
            continue
        # The master is gone; a worker it did not reap would still be in the group.
        try:
            os.killpg(process.pid, 0)
        except ProcessLookupError:
            break
        time.sleep(0.5)


async def _wait_ready(process: subprocess.Popen, base: str, log: Path) -> None:
    """Until /healthz answers 200 (the database reachable, migrations applied)."""
    async with httpx.AsyncClient(base_url=base, trust_env=False, timeout=5) as client:
        for _ in range(120):
            if process.poll() is not None:
                raise RuntimeError(f"gunicorn exited with {process.returncode}:\n{_tail(log)}")
            try:
                if (await client.get("/healthz")).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            await asyncio.sleep(0.5)
    raise RuntimeError(f"gunicorn did not answer /healthz within 60 s:\n{_tail(log)}")


def _tail(log: Path, lines: int = 40) -> str:
    try:
        return "\n".join(log.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return ""


# -------------------------------------------------------------------------------- phones


_FORM = re.compile(r"<form\b([^>]*)>(.*?)</form>", re.DOTALL | re.IGNORECASE)
_INPUT = re.compile(r"<input\b([^>]*)>", re.IGNORECASE)
_ATTRIBUTE = re.compile(r"""([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))""")


def _attributes(text: str) -> dict[str, str]:
    return {
        match[1].lower(): html.unescape(match[2] or match[3] or match[4] or "")
        for match in _ATTRIBUTE.finditer(text)
    }


def hand_form_fields(page: str, action: str) -> dict[str, str] | None:
    """The hidden fields of the page's form that posts to `action` (the hand form): the
    CSRF token, the submission id and the table version; None without such a form.

    Regular expressions rather than an HTML parser: the judge page is some 40 KB, and a
    parser in Python would cost the client more CPU than the server spends on the page.
    """
    for form in _FORM.finditer(page):
        if urlsplit(_attributes(form[1]).get("action", "")).path != action:
            continue
        hidden = {}
        for tag in _INPUT.finditer(form[2]):
            if "hidden" not in tag[1].lower():
                continue  # most of the form: its widgets, not read here
            attributes = _attributes(tag[1])
            if attributes.get("type", "").lower() == "hidden" and attributes.get("name"):
                hidden[attributes["name"]] = attributes.get("value", "")
        if {"submission", "version"} <= set(hidden):
            return hidden
    return None


def povinost(rng: random.Random) -> dict[str, str]:
    """A valid SPJST Povinost as the hand form sends it: declarer, partner, card points."""
    declarer, partner = rng.sample(range(1, 5), 2)
    return {
        "contract": "povinost",
        "declarer": str(declarer),
        "partner": str(partner),
        "declarer_points": str(rng.randint(0, 70)),
        "challenge": "0",
        "pagat_challenge": "0",
        "action": "save",
    }


class Messages:
    """Reads Django's page messages from a response's message cookie, with Django's own
    signer and serializer (the server's SECRET_KEY is this process's too)."""

    def __init__(self) -> None:
        from django.contrib.messages import constants
        from django.contrib.messages.storage.cookie import CookieStorage, MessageSerializer
        from django.core import signing

        self._signer = signing.get_cookie_signer(salt=CookieStorage.key_salt)
        self._serializer = MessageSerializer
        self._outcomes = {
            constants.SUCCESS: "saved",
            constants.INFO: "repeat",
            constants.ERROR: "refused",
        }
        self.name = CookieStorage.cookie_name

    def outcome(self, response: httpx.Response) -> tuple[str, str]:
        """What a save's answer says: saved, repeat (stored before), refused, or unclear;
        with the message's text."""
        cookies = SimpleCookie()
        for header in response.headers.get_list("set-cookie"):
            cookies.load(header)
        if self.name not in cookies or not cookies[self.name].value:
            return "unclear", "no page message"
        messages = self._signer.unsign_object(cookies[self.name].value, serializer=self._serializer)
        last = messages[-1]
        return self._outcomes.get(last.level, "unclear"), str(last.message)


@dataclass
class Stats:
    """One pace's requests: latencies by kind, answers by status class, save outcomes."""

    pace: Pace
    seconds: float = 0.0
    latencies: dict[str, list[float]] = field(default_factory=lambda: {k: [] for k in KINDS})
    # The same requests' time inside gunicorn's worker, from its access log
    served: dict[str, list[float]] = field(default_factory=lambda: {k: [] for k in KINDS})
    client_cpu: float = 0.0  # seconds of CPU this process (the phones) used
    classes: Counter = field(default_factory=Counter)
    outcomes: Counter = field(default_factory=Counter)
    refusals: Counter = field(default_factory=Counter)
    # (double tap or resend, the two answers) → how many hands
    twice: Counter = field(default_factory=Counter)
    errors: list[str] = field(default_factory=list)
    gave_up: int = 0  # phones that found no hand form to fill
    flood: Flood | None = None  # what the flooding clients got (the abuse phase)

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
    api_hands: int = 1  # hands in the abuse phase's documents: the most the API takes
    requests: int = 0
    access_read: int = 0  # how far the access log is read

    def served(self, stats: Stats) -> None:
        """Take the access log's lines since the last pace into `stats.served`."""
        pages = {page for _link, page, _action in self.urls.values()}
        actions = {action for _link, _page, action in self.urls.values()}
        with self.access.open() as log:
            log.seek(self.access_read)
            for line in log:
                method, path, _status, ms, htmx = line.split()
                if method == "GET" and path in pages:
                    stats.served["page"].append(float(ms))
                elif method == "POST" and path in actions:
                    stats.served["save htmx" if htmx == "true" else "save"].append(float(ms))
            self.access_read = log.tell()

    def may_send(self) -> bool:
        return self.requests < MAX_REQUESTS


class Cookies:
    """A phone's cookies: name → value, as the site's Set-Cookie headers leave them.

    The site's cookies are Secure (production settings): behind the proxy of
    docs/deploy.md a phone speaks HTTPS. Here the proxy's X-Forwarded-Proto says so, and
    these cookies go back over plain http on loopback, which httpx's own jar refuses.
    """

    def __init__(self) -> None:
        self.values: dict[str, str] = {}

    def take(self, response: httpx.Response) -> None:
        for header in response.headers.get_list("set-cookie"):
            cookie = SimpleCookie()
            cookie.load(header)
            for name, morsel in cookie.items():
                if morsel["max-age"] == "0" or not morsel.value:  # Django's delete_cookie
                    self.values.pop(name, None)
                else:
                    self.values[name] = morsel.value

    def header(self) -> dict[str, str]:
        return {"Cookie": "; ".join(f"{k}={v}" for k, v in self.values.items())}


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
            cpu = _cpu()
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


# ------------------------------------------------------------------------------- report


def _percentiles(values: list[float]) -> tuple[float, float, float, float]:
    if len(values) < 2:
        value = values[0] if values else float("nan")
        return value, value, value, value
    cuts = statistics.quantiles(values, n=100, method="inclusive")
    return cuts[49], cuts[94], cuts[98], max(values)


def report(stats: Stats, phones: int, tables: int) -> str:
    """One pace's figures as text; at the realistic pace, with the latency target."""
    pace = stats.pace
    think = "no pause" if pace.think == (0, 0) else f"{pace.think[0]:g}–{pace.think[1]:g} s pause"
    lines = [
        f"{pace.name} ({phones} phones at {tables} tables, {think}; {stats.seconds:.0f} s):",
        f"  {'request':<14}{'count':>7}{'p50':>9}{'p95':>9}{'p99':>9}{'max':>9}",
    ]
    for kind, values in stats.latencies.items():
        if not values:
            continue
        for name, figures in ((KINDS[kind], values), ("  in worker", stats.served[kind])):
            p50, p95, p99, most = _percentiles(figures)
            lines.append(
                f"  {name:<14}{len(figures):>7}"
                + "".join(f"{value:>7.0f}ms" for value in (p50, p95, p99, most))
            )
    everything = [value for values in stats.latencies.values() for value in values]
    p95_all = _percentiles(everything)[1]
    saved = stats.outcomes["saved"]
    lines.append(
        f"  throughput: {saved / stats.seconds:.1f} hands/s stored, "
        f"{stats.requests / stats.seconds:.1f} requests/s; the phones' own CPU: "
        f"{stats.client_cpu:.1f} s"
    )
    lines.append(
        "  answers: "
        + ", ".join(
            f"{stats.classes[name]} {name}" for name in ("2xx", "3xx", "4xx", "5xx", "no answer")
        )
    )
    lines.append(
        f"  saves: {saved} saved, {stats.outcomes['repeat']} answered 'stored before', "
        f"{stats.outcomes['refused']} refused in words"
        + "".join(
            f", {count} {outcome}"
            for outcome, count in stats.outcomes.items()
            if outcome not in {"saved", "repeat", "refused"}
        )
    )
    if stats.twice:
        lines.append(
            "  sent twice: "
            + ", ".join(
                f"{count} {how} ({' + '.join(answers)})"
                for (how, *answers), count in sorted(stats.twice.items())
            )
        )
    for text, count in stats.refusals.most_common(3):
        lines.append(f"    refused {count}×: {text}")
    if stats.flood is not None:
        lines.append(stats.flood.summary())
    if pace is REALISTIC:
        lines.append(
            f"  target: p95 ≤ {TARGET_P95_MS:.0f} ms over all requests: {p95_all:.0f} ms, "
            + ("met" if p95_all <= TARGET_P95_MS else "not met")
        )
    if pace is ABUSE:
        lines.append(
            f"  target: the judges' p95 ≤ {TARGET_P95_MS:.0f} ms while {ABUSERS} clients flood "
            f"the API: {p95_all:.0f} ms, " + ("met" if p95_all <= TARGET_P95_MS else "NOT MET")
        )
    return "\n".join(lines)


def _failures(stats: Stats) -> list[str]:
    """What fails the run in a pace's answers: server errors, requests without an answer,
    answers that are neither a stored hand nor a refusal in words."""
    failures = []
    if stats.classes["5xx"]:
        failures.append(f"{stats.pace.name}: {stats.classes['5xx']} server errors (5xx)")
    if stats.classes["4xx"]:
        failures.append(f"{stats.pace.name}: {stats.classes['4xx']} requests refused (4xx)")
    if stats.gave_up:
        failures.append(f"{stats.pace.name}: {stats.gave_up} phones found no hand form")
    if not stats.outcomes["saved"]:
        failures.append(f"{stats.pace.name}: no hand saved")
    if stats.classes["no answer"]:
        failures.append(f"{stats.pace.name}: {stats.classes['no answer']} requests unanswered")
    odd = {o: n for o, n in stats.outcomes.items() if o not in {"saved", "repeat", "refused"}}
    if odd:
        failures.append(f"{stats.pace.name}: saves answered {odd}")
    if stats.pace is ABUSE:
        judges = [value for values in stats.latencies.values() for value in values]
        failures += abuse_failures(_percentiles(judges)[1], stats.flood, TARGET_P95_MS)
    return failures


# --------------------------------------------------------------------------------- main


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--seconds",
        type=float,
        default=float(os.environ.get("LOAD_SECONDS") or SECONDS),
        help=f"each pace's duration (default LOAD_SECONDS or {SECONDS})",
    )
    parser.add_argument("--short", action="store_true", help=f"CI: {SHORT_SECONDS} s per pace")
    parser.add_argument(
        "--workers",
        type=int,
        default=2 * (os.cpu_count() or 1) + 1,
        help="gunicorn workers (default: two per core plus one, as docs/deploy.md)",
    )
    parser.add_argument("--tables", type=int, default=TABLES, help=argparse.SUPPRESS)
    arguments = parser.parse_args(argv)
    if arguments.short:
        arguments.seconds = min(arguments.seconds, SHORT_SECONDS)
    if not 0 < arguments.seconds <= 3600 or not 1 <= arguments.workers <= 32:
        parser.error("--seconds must be in (0, 3600], --workers in 1..32")
    return arguments


def _terminate(signum: int, frame: object) -> None:
    # SIGTERM (a CI runner's timeout, kill) unwinds like Ctrl-C, through every `finally`.
    raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> int:
    arguments = _arguments(argv)
    signal.signal(signal.SIGTERM, _terminate)
    # A shell without job control starts a background command with SIGINT ignored, and
    # Python keeps it so: the run would then play on through an interrupt. Ctrl-C or
    # SIGINT stops the run however it was started.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    url = os.environ.get("PG_URL") or os.environ.get("DATABASE_URL") or DEFAULT_PG_URL
    redis = os.environ.get("REDIS_URL", "").strip()
    try:
        config = _loopback_url(url)
        if redis:
            _loopback_redis(redis)
    except ValueError as error:
        print(f"load: {error}", file=sys.stderr)
        return 2
    name = f"tarock_load_{os.getpid()}_{secrets.token_hex(3)}"
    # The production settings, as docs/deploy.md runs them; the key is made for this run.
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DATABASE_URL": _url(config, name),
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "127.0.0.1",
        "LOG_LEVEL": "WARNING",
        # Behind the proxy of docs/deploy.md: the abuse phase's clients each come from an
        # address of their own (X-Forwarded-For), counted apart by the rate limits.
        "TRUSTED_PROXY_COUNT": "1",
        # With REDIS_URL the workers share it (sessions, docs/deploy.md), under keys of
        # this run's own.
        "CACHE_KEY_PREFIX": name,
    }
    env.pop("PG_URL", None)
    os.environ.update(env)
    try:
        with _admin(config) as admin:
            admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    except psycopg.Error as error:
        print(f"load: cannot create a database at {url}: {error}", file=sys.stderr)
        return 2
    try:
        with tempfile.TemporaryDirectory(prefix="tarock-load-") as folder:
            return _run(arguments, name, env, Path(folder) / "gunicorn.log")
    except KeyboardInterrupt:
        print("load: interrupted; gunicorn stopped", file=sys.stderr)
        return 130
    except RuntimeError as error:  # gunicorn did not start, a judge link did not open
        print(f"load: {error}", file=sys.stderr)
        return 1
    finally:
        _drop(config, name)


def _drop(config: dict, name: str) -> None:
    """Drop the run's database (after closing this process's connections to it)."""
    from django.db import connections

    connections.close_all()
    with _admin(config) as admin:
        admin.execute(
            sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
        )
    print(f"load: database {name} dropped", flush=True)


def _run(arguments: argparse.Namespace, name: str, env: dict, log: Path) -> int:
    """Build, serve, drive, check; the exit status."""
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.db import connections
    from django.urls import reverse

    from bench import load_site

    started = time.monotonic()
    call_command("migrate", verbosity=0)
    # The production settings serve hashed static names from the manifest it writes.
    call_command("collectstatic", interactive=False, verbosity=0)
    tournament_id, tables = load_site.build(arguments.tables)
    connections.close_all()  # the server's workers have the database to themselves
    urls = {
        table.pk: (
            reverse("tournaments:judge_link", args=[table.token]),
            reverse("tournaments:table", args=[table.pk]),
            reverse("tournaments:hand_add", args=[table.pk]),
        )
        for table in tables
    }
    print(
        f"load: database {name}: {len(tables)} tables in play, built in "
        f"{time.monotonic() - started:.0f} s",
        flush=True,
    )
    access = log.with_name("access.log")
    process, base = _start_gunicorn(env, arguments.workers, log, access)
    ledger = load_site.Ledger()
    try:
        asyncio.run(_wait_ready(process, base, log))
        print(
            f"load: gunicorn (process group {process.pid}, {arguments.workers} workers) at "
            f"{base}; cache: {'Redis (shared)' if env.get('REDIS_URL') else 'each worker its own'}; "
            f"{arguments.seconds:g} s per pace; machine: {os.cpu_count()} cores, "
            f"load average {os.getloadavg()[0]:.1f}",
            flush=True,
        )
        run = Run(base, urls, ledger, Messages(), access, api_hands=settings.API_MAX_HANDS)
        paces = [REALISTIC, FLAT_OUT, ABUSE]
        results = asyncio.run(drive(run, tables, paces, arguments.seconds))
    finally:
        _stop_gunicorn(process)
    phones = len(tables) + len(tables) // SECOND_PHONE_EVERY
    failures = []
    for stats in results:
        print(report(stats, phones, len(tables)))
        failures += _failures(stats)
        for error in stats.errors[:5]:
            print(f"    {error}")
    verdict = load_site.verify(tournament_id, ledger)
    print(
        f"database: {verdict.hands} hands at {verdict.tables} tables; "
        f"{len(ledger.acknowledged)} acknowledged: {verdict.lost} lost, "
        f"{verdict.duplicated} duplicated, {verdict.stored_though_refused} refused but "
        f"stored, {verdict.unasked} stored unasked; hands numbered 1..n, versions, one "
        f"revision each, zero-sum chips per hand, sheets confirmed, round closed, "
        f"table totals zero" + ("" if verdict.ok else " (see below)")
    )
    failures += verdict.problems
    if failures:
        print("FAILED:\n  " + "\n  ".join(failures))
        if log.exists() and log.stat().st_size:
            print(f"gunicorn's log (last lines):\n{_tail(log)}")
        return 1
    print(f"OK: 0 server errors, 0 lost, 0 duplicated ({time.monotonic() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
