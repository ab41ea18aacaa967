"""What a judge's phone feels (issue 29): `make bench-phone`, or from the repo root
`python bench/phone.py [--saves N] [--short]`.

The site is served as in production (gunicorn on a free loopback port, `DEBUG` off, a key
made for the run, the static files collected) from a throwaway SQLite file holding the
demo data (`manage.py seed_demo`; its SPJST tournament played by the clock, so a round
takes more than its twelve hands). Debian's Chromium, launched as tests/browser/conftest.py
launches it, opens a 360×740 page signed in as the judge of the demo's table 1, with the
CPU throttled 4× and Lighthouse's "slow 4G" (150 ms round trip, 1.6 Mbit/s down, 0.75 up)
through the DevTools protocol, and times (once gunicorn's workers have each served the
pages, as a site in use has: `warm`):

* the table page's first load with an empty cache (ms to the load event, KiB transferred,
  requests), and a reload with the browser's cache, each the median of `LOADS`;
* *Save hand*, over `--saves` hands: the click until the new row is in the table, and
  until it is confirmed by the server (no row of the table still marked
  `data-state="sending"` or waiting), p50 and p95;
* the score sheet's *Check and save the sheet* (the click until what the save said is
  shown in the page), a player's page (first load, empty cache; its chart within the
  screen) and, for the director, a table's QR code opened from the round page.

Each figure is printed with its budget, met or not; the budgets are not enforced (the
figures depend on the machine). The page's service worker is blocked: the DevTools
protocol's throttling applies to the page's own requests, not to a worker's, which would
make the reload look faster than a phone's. `--short` (tests/test_bench_phone.py) saves
two hands and loads each page once, to check the bench still runs. bench/phone_metrics.py
serves and sets up the phone the same way (`served`, `Phone`) to count what its CPU does
on a reload of the table page.
"""

import argparse
import asyncio
import contextlib
import os
import secrets
import statistics
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.load_server import start_gunicorn, stop_gunicorn, wait_ready  # noqa: E402  (through ROOT)
from tests.browser.chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

PHONE = {"width": 360, "height": 740}
CPU_SLOWDOWN = 4
# Lighthouse's "slow 4G", in the units of Network.emulateNetworkConditions (bytes/s).
SLOW_4G = {
    "offline": False,
    "latency": 150,
    "downloadThroughput": 1.6 * 1024 * 1024 / 8,
    "uploadThroughput": 0.75 * 1024 * 1024 / 8,
}
SAVES = 20
# Each page load timed this many times (its median): one load moves by a third and more
# with what else the machine runs.
LOADS = 5
WORKERS = 2
SHORT_SAVES = 2

# A Povinost per save, varied so the chips move: (declarer, partner, card points).
HANDS = [(1, 3, 59), (2, 4, 40), (3, 1, 66), (4, 2, 31), (1, 2, 70)]

# In the page: clicks Save hand and times the new row in the table (shown) and the row
# confirmed by the server's answer (no row still marked sending), from the click.
TIME_SAVE = """() => new Promise((resolve, reject) => {
  const body = document.getElementById("hands-body");
  const rows = () => body.querySelectorAll("tr:not(#no-hand)").length;
  const before = rows();
  const times = {};
  const look = () => {
    const now = performance.now() - start;
    const current = document.getElementById("hands-body") || body;
    const count = current.querySelectorAll("tr:not(#no-hand)").length;
    if (count > before && times.shown === undefined) times.shown = now;
    if (count > before && !current.querySelector("[data-state=sending], [data-state=waiting]")) {
      times.confirmed = now;
      observer.disconnect();
      resolve(times);
    }
  };
  const observer = new MutationObserver(look);
  observer.observe(document.body, {childList: true, subtree: true, attributes: true,
    attributeFilter: ["data-state"]});
  setTimeout(() => { observer.disconnect(); reject(new Error("no row within 20 s")); }, 20000);
  const start = performance.now();
  document.querySelector("button[name=action][value=save]").click();
})"""

# In the page: clicks Check and save the sheet and times the answer's words in place.
TIME_SHEET = """() => new Promise((resolve, reject) => {
  const observer = new MutationObserver(() => {
    const said = document.getElementById("sheet-said");
    if (said && said.textContent.trim()) {
      observer.disconnect();
      resolve(performance.now() - start);
    }
  });
  observer.observe(document.body, {childList: true, subtree: true});
  setTimeout(() => { observer.disconnect(); reject(new Error("no answer within 20 s")); }, 20000);
  const start = performance.now();
  document.querySelector("#sheet-form button[type=submit]").click();
})"""

LOAD_TIME = "() => performance.getEntriesByType('navigation')[0].loadEventEnd"
# How far the player's chart reaches past the screen's right edge (≤ 0: it fits).
CHART_PAST_EDGE = (
    "() => document.querySelector('.chart svg').getBoundingClientRect().right - innerWidth"
)


@dataclass(frozen=True)
class Budget:
    """A figure's budget: at most `limit` of `unit`."""

    limit: float
    unit: str

    def verdict(self, value: float) -> str:
        return f"≤ {self.limit:g} {self.unit}: {'met' if value <= self.limit else 'NOT met'}"


@dataclass(frozen=True)
class Site:
    """What the bench opens: the judge's and the director's sessions, table 1's pages, a
    player's page (with a chart) and the round page with the tables' QR codes."""

    session: str
    director: str
    table: str
    sheet: str
    player: str
    round: str
    qr: str


def _session(user) -> str:
    """A signed-in session of `user`: its key, for the browser's cookie."""
    from django.conf import settings
    from django.test import Client

    client = Client()
    client.force_login(user)
    return client.cookies[settings.SESSION_COOKIE_NAME].value


def build() -> Site:
    """The demo data in the run's database, the static files collected; the judge of the
    demo SPJST tournament's table 1 signed in."""
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.db import connections
    from django.urls import reverse

    from tournaments import score_sheets
    from tournaments.access import TableAccess
    from tournaments.demo import DEMO_NAME
    from tournaments.models import Table, Tournament

    call_command("migrate", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
    call_command("seed_demo", verbosity=0, stdout=open(os.devnull, "w"))  # noqa: SIM115
    # Played by the clock: the demo's round of twelve hands would refuse the saves past it.
    Tournament.objects.filter(name=DEMO_NAME).update(hands_per_round=None, minutes_per_round=90)
    table = Table.objects.select_related("judge").get(
        round__tournament__name=DEMO_NAME, round__number=1, number=1
    )
    # Table 2 confirmed its sheet (every count 100), so its players' pages draw a chart.
    other = table.round.tables.get(number=2)
    access = TableAccess(other, other.judge, other.judge.username, is_director=False)
    director = get_user_model().objects.get(username="director")
    entered = score_sheets.add_sheet(access=access, counts=dict.fromkeys(range(1, 5), 100))
    score_sheets.confirm_sheet(sheet=entered.sheet, by=director)
    player = other.seats.order_by("number").first().player_id
    site = Site(
        session=_session(table.judge),
        director=_session(director),
        table=reverse("tournaments:table", args=[table.pk]),
        sheet=reverse("tournaments:sheet", args=[table.pk]),
        player=reverse("clubs:player_detail", args=[player]),
        round=table.round.get_absolute_url(),
        qr=reverse("tournaments:table_qr", args=[table.pk]),
    )
    connections.close_all()
    return site


class Phone:
    """A throttled 360×740 page of Chromium with the judge's session; counts what each
    navigation transfers through the DevTools protocol."""

    def __init__(self, browser, base: str, session: str) -> None:
        self.context = browser.new_context(viewport=PHONE, service_workers="block")
        self.context.add_cookies([{"name": "sessionid", "value": session, "url": base}])
        self.page = self.context.new_page()
        self.cdp = self.context.new_cdp_session(self.page)
        self.cdp.send("Network.enable")
        self.cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
        self.cdp.send("Network.emulateNetworkConditions", SLOW_4G)
        self.requests = 0
        self.bytes = 0
        self.cdp.on("Network.requestWillBeSent", self._sent)
        self.cdp.on("Network.loadingFinished", self._finished)

    def _sent(self, _event) -> None:
        self.requests += 1

    def _finished(self, event) -> None:
        self.bytes += event.get("encodedDataLength", 0)

    def load(
        self, url: str, *, reload: bool = False, keep_cache: bool = False
    ) -> tuple[float, float, int]:
        """Open `url` with an empty cache (`keep_cache`: with what the browser holds), or
        reload the page: ms to the load event; KiB and requests until the network is quiet."""
        self.requests = self.bytes = 0
        if reload:
            self.page.reload(wait_until="load")
        else:
            if not keep_cache:
                self.cdp.send("Network.clearBrowserCache")
            self.page.goto(url, wait_until="load")
        ms = self.page.evaluate(LOAD_TIME)
        # What the page loads after its load event (htmx on the table page) counts in
        # its bytes, and is not left to count in the next figure's.
        self.page.wait_for_load_state("networkidle")
        return ms, self.bytes / 1024, self.requests

    def enter_hand(self, declarer: int, partner: int, points: int) -> None:
        """The hand form filled in, its preview read, as a judge checks it before saving."""
        page = self.page
        page.evaluate("document.getElementById('add-hand').open = true")
        page.select_option("#id_declarer", str(declarer))
        page.select_option("#id_partner", str(partner))
        page.fill("#id_declarer_points", str(points))
        page.locator("#id_challenge").focus()
        page.wait_for_selector("#preview table.settlement")

    def save(self) -> tuple[float, float]:
        """Save hand: ms to the new row shown, and to the row confirmed by the server."""
        from playwright.sync_api import Error as PlaywrightError

        try:
            times = self.page.evaluate(TIME_SAVE)
        except PlaywrightError as error:
            preview = self.page.inner_text("#add-hand")
            raise RuntimeError(f"the save showed no row; the form says {preview!r}") from error
        # The answer's swap and the scripts it starts settle before the next hand.
        self.page.wait_for_load_state("networkidle")
        return times["shown"], times["confirmed"]

    def save_sheet(self) -> float:
        """Check and save the sheet, its counts the chips the table page shows: ms from the
        click to the answer shown in the page (what the save said, in place)."""
        page = self.page
        for seat, field in enumerate(page.locator("#sheet-form input[id^=id_seat_]").all(), 1):
            field.fill(str(self.chips[seat - 1]))
        ms = page.evaluate(TIME_SHEET)
        said = page.inner_text("#sheet-said")
        if "second person" not in said:
            raise RuntimeError(f"the sheet was not saved: {said!r}")
        return ms

    def read_chips(self) -> None:
        text = self.page.locator("#seat-board .seat-chips").all_inner_texts()
        self.chips = [t.replace("−", "-").replace(",", ".").strip() for t in text]


def warm(base: str, site: Site) -> None:
    """Each worker serves the pages once before the phone opens them, as a site in use
    has (its templates compiled, the blank hand form in its cache): the first load times
    the phone and the network, not a worker's first request since it started."""
    import urllib.request
    from concurrent.futures import ThreadPoolExecutor

    def get(path: str) -> None:
        request = urllib.request.Request(
            base + path, headers={"Cookie": f"sessionid={site.session}"}
        )
        urllib.request.urlopen(request, timeout=60).read()

    # Two at a time, so that both workers answer.
    with ThreadPoolExecutor(WORKERS) as pool:
        for path in (site.table, site.sheet, site.player) * 2 * WORKERS:
            pool.submit(get, path)


def _repeated(times: int, load) -> tuple[list[float], float, int]:
    """`load()` `times` times: each one's ms, and the last one's KiB and requests."""
    runs = [load() for _ in range(times)]
    return [run[0] for run in runs], runs[-1][1], runs[-1][2]


def _median(values: list[float]) -> str:
    if len(values) == 1:
        return f"{values[0]:,.0f} ms"
    return (
        f"{statistics.median(values):,.0f} ms (median of {len(values)}, "
        f"{min(values):,.0f}–{max(values):,.0f})"
    )


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def measure(base: str, site: Site, saves: int, loads: int) -> list[str]:
    """Drive the phone through the table page, the saves, the sheet and a player's page;
    the printed lines."""
    from playwright.sync_api import sync_playwright

    lines = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            phone = Phone(browser, base, site.session)
            times, kib, requests = _repeated(loads, lambda: phone.load(base + site.table))
            lines.append(
                f"table page, first load, no cache: {_median(times)}, {kib:,.1f} KiB, "
                f"{requests} requests ({Budget(1000, 'ms').verdict(statistics.median(times))}; "
                f"{Budget(60, 'KiB').verdict(kib)})"
            )
            times, kib, requests = _repeated(
                loads, lambda: phone.load(base + site.table, reload=True)
            )
            lines.append(
                f"table page, reload with the cache: {_median(times)}, {kib:,.1f} KiB, "
                f"{requests} requests ({Budget(300, 'ms').verdict(statistics.median(times))})"
            )
            shown, confirmed = [], []
            for index in range(saves):
                phone.enter_hand(*HANDS[index % len(HANDS)])
                row, answer = phone.save()
                shown.append(row)
                confirmed.append(answer)
            for name, values, p50, p95 in (
                ("Save hand: click → the new row shown", shown, 250, 400),
                ("Save hand: click → the row confirmed", confirmed, 450, 700),
            ):
                median, high = statistics.median(values), _percentile(values, 0.95)
                lines.append(
                    f"{name}, {len(values)} saves: p50 {median:,.0f} ms "
                    f"({Budget(p50, 'ms').verdict(median)}), p95 {high:,.0f} ms "
                    f"({Budget(p95, 'ms').verdict(high)})"
                )
            phone.read_chips()
            phone.load(base + site.sheet)
            ms = phone.save_sheet()
            lines.append(
                f"score sheet, Check and save: {ms:,.0f} ms ({Budget(300, 'ms').verdict(ms)})"
            )
            times, kib, requests = _repeated(loads, lambda: phone.load(base + site.player))
            past = phone.page.evaluate(CHART_PAST_EDGE)
            lines.append(
                f"player page, first load, no cache: {_median(times)}, {kib:,.1f} KiB, "
                f"{requests} requests ({Budget(1000, 'ms').verdict(statistics.median(times))}); "
                "its chart "
                f"{'within the screen' if past <= 0 else f'{past:.0f} px past its edge'}"
            )
            desk = Phone(browser, base, site.director)

            def open_qr() -> tuple[float, float, int]:
                desk.load(base + site.round, keep_cache=True)
                return desk.load(base + site.qr, keep_cache=True)

            times, kib, _requests = _repeated(loads, open_qr)
            lines.append(
                f"round page, a table's QR code opened: {_median(times)}, {kib:,.1f} KiB "
                f"({Budget(300, 'ms').verdict(statistics.median(times))})"
            )
        finally:
            browser.close()
    return lines


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--saves", type=int, default=SAVES, help="hands saved (default 20)")
    parser.add_argument("--short", action="store_true", help="two saves, to check it runs")
    return parser.parse_args(argv)


@contextlib.contextmanager
def served() -> Iterator[tuple[str, Site]]:
    """The site served as in production from a throwaway SQLite file, its workers warm:
    its address and what the bench opens (bench/phone_metrics.py uses it too)."""
    with tempfile.TemporaryDirectory(prefix="tarock-phone-") as folder:
        env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "DATABASE_URL": f"sqlite:///{Path(folder) / 'phone.sqlite3'}",
            "DEBUG": "0",
            "SECRET_KEY": secrets.token_urlsafe(50),
            "ALLOWED_HOSTS": "127.0.0.1",
            # Plain HTTP on loopback, where a phone would speak HTTPS to the proxy.
            "SECURE_SSL_REDIRECT": "0",
            "LOG_LEVEL": "WARNING",
        }
        os.environ.update(env)
        site = build()
        log = Path(folder) / "gunicorn.log"
        # As the load test serves it (bench/load.py), with two workers.
        process, base = start_gunicorn(env, WORKERS, log, Path(folder) / "access.log")
        try:
            asyncio.run(wait_ready(process, base, log))
            warm(base, site)
            yield base, site
        finally:
            stop_gunicorn(process)


def main(argv: list[str] | None = None) -> int:
    """Serve, drive, print; 2 when it could not start."""
    arguments = _arguments(argv)
    if CHROMIUM is None:
        print("bench-phone: needs Chromium (Debian: apt-get install chromium)", file=sys.stderr)
        return 2
    saves = SHORT_SAVES if arguments.short else arguments.saves
    loads = 1 if arguments.short else LOADS
    with served() as (base, site):
        print(
            f"bench-phone: {base}, Chromium at {PHONE['width']}×{PHONE['height']}, CPU ÷"
            f"{CPU_SLOWDOWN}, slow 4G; load average {os.getloadavg()[0]:.1f}",
            flush=True,
        )
        for line in measure(base, site, saves, loads):
            print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
