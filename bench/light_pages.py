"""What a judge's phone spends on the pages issue 29 names (items 3 and 4): the table page's
first load (bytes and time), the player page, the score sheet's *Check and save* and the
round page's QR codes, on a 360 px Chromium with the CPU throttled 4x and slow 4G.

    .venv/bin/python bench/light_pages.py [checkout]

Builds the demo (`seed_demo`) in a throwaway SQLite database, collects the static files
and serves `checkout` (this one by default) with gunicorn as production does (DEBUG off,
WhiteNoise), then drives the pages. `make bench-phone` is the official bench; this one
measures the pages this change touched, before and after (run it on an older checkout).
"""

import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent)
CHROMIUM = "/usr/bin/chromium"
RUNS = int(os.environ.get("LIGHT_RUNS", "3"))
# Lighthouse's slow 4G and a mid phone's CPU, as issue 29 measures.
NETWORK = {
    "offline": False,
    "latency": 150,
    "downloadThroughput": 1.6 * 1024 * 1024 / 8,
    "uploadThroughput": 0.75 * 1024 * 1024 / 8,
}
CPU_SLOWDOWN = 4


def _environment(database: Path) -> dict[str, str]:
    return {
        **os.environ,
        "DEBUG": "0",
        "SECRET_KEY": "light-pages-bench-only-not-a-secret-0123456789abcdefghijklmnop",
        "ALLOWED_HOSTS": "localhost",
        "SECURE_SSL_REDIRECT": "0",
        "DATABASE_URL": f"sqlite:///{database}",
        "RATELIMIT_ENABLE": "0",
        "LOG_LEVEL": "WARNING",
        "PYTHONPATH": str(ROOT),
    }


def _manage(env: dict[str, str], *args: str) -> str:
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, check=True, capture_output=True
    ).stdout.decode()


SETUP = """
from django.test import Client
from django.urls import reverse
from django.contrib.auth import get_user_model
from tournaments.models import Table
table = Table.objects.filter(judge__username="judge", round__status="playing").order_by("pk")[0]
table.judge_token = table.judge_token or "light-bench-judge-link"
table.save(update_fields=["judge_token"])
# A confirmed sheet at the round's next table, so its players' pages draw a chart.
from django.utils import timezone
from tournaments.models import ScoreSheet, SheetLine
other = table.round.tables.exclude(pk=table.pk).order_by("number")[0]
sheet = ScoreSheet.objects.create(table=other, entered_actor="bench", confirmed_at=timezone.now(),
    confirmed_by=get_user_model().objects.get(username="director"))
SheetLine.objects.bulk_create(SheetLine(sheet=sheet, seat=seat.number, player=seat.player,
    chips=table.round.tournament.starting_chips + 10 * (seat.number - 2)) for seat in other.seats.all())
player = other.seats.order_by("number")[0].player
def session(name):
    client = Client()
    client.force_login(get_user_model().objects.get(username=name))
    return client.cookies["sessionid"].value
print(session("judge"), session("director"), reverse("tournaments:table", args=[table.pk]),
      reverse("tournaments:sheet", args=[table.pk]), table.round.get_absolute_url(),
      reverse("clubs:player_detail", args=[player.pk]), table.seats.count())
"""


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _wait_ready(base: str) -> None:
    """Until both workers have booted (an import may build a cache the first time)."""
    deadline = time.monotonic() + 180
    answered = 0
    while answered < 4:
        try:
            urllib.request.urlopen(base + "/healthz", timeout=30).close()
            answered += 1
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(1)


def _phone(browser, base: str, session: str, *, cache: bool):
    """A throttled phone signed in with `session`; with `cache`, its browser cache works
    (a page opened before), without, every load is a first one."""
    context = browser.new_context(viewport={"width": 360, "height": 740})
    context.add_cookies([{"name": "sessionid", "value": session, "url": base}])
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.setCacheDisabled", {"cacheDisabled": not cache})
    cdp.send("Network.emulateNetworkConditions", NETWORK)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
    received = []
    cdp.on("Network.loadingFinished", lambda event: received.append(event["encodedDataLength"]))
    return context, page, received


def _load(page, url: str) -> float:
    started = time.perf_counter()
    page.goto(url, wait_until="load")
    return (time.perf_counter() - started) * 1000


def measure(base: str, ids: list[str]) -> dict[str, list[float]]:
    """Each figure `RUNS` times, each run in fresh browser contexts (empty caches)."""
    from playwright.sync_api import sync_playwright

    judge, director, table, sheet, round_page, player, seats = ids
    figures: dict[str, list[float]] = {}

    def add(name: str, value: float) -> None:
        figures.setdefault(name, []).append(value)

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"]
        )
        for _ in range(RUNS):
            context, page, received = _phone(browser, base, judge, cache=False)
            add("table page, first load (ms)", _load(page, base + table))
            add("table page, first load (KiB)", sum(received) / 1024)
            add("table page, requests", len(received))
            context.close()

            context, page, received = _phone(browser, base, judge, cache=True)
            add("player page, first visit (ms)", _load(page, base + player))
            add(
                "player page, chart past the screen's edge (px)",
                page.evaluate(
                    "document.querySelector('.chart img, .chart svg')"
                    ".getBoundingClientRect().right - innerWidth"
                ),
            )
            # The judge has the sheet's page open (its scripts and styles in the cache).
            _load(page, base + sheet)
            for number in range(1, int(seats) + 1):
                page.fill(f"#id_seat_{number}", "100")
            started = time.perf_counter()
            with page.expect_navigation(wait_until="load"):
                page.click("#sheet-form button[type=submit]")
            add("sheet, Check and save (ms)", (time.perf_counter() - started) * 1000)
            context.close()

            context, page, received = _phone(browser, base, director, cache=True)
            add("round page with its QR codes (ms)", _load(page, base + round_page))
            qr = page.locator(".qr img").first.get_attribute("src")
            add("QR code opened (ms)", _load(page, base + qr))
            context.close()
        browser.close()
    return figures


def main() -> None:
    with tempfile.TemporaryDirectory() as scratch:
        env = _environment(Path(scratch) / "db.sqlite3")
        _manage(env, "migrate", "--noinput")
        _manage(env, "seed_demo")
        _manage(env, "collectstatic", "--noinput", "--clear")
        # The last line: what the shell printed before it (a warning) is not ours.
        ids = _manage(env, "shell", "-c", SETUP).splitlines()[-1].split()
        port = _free_port()
        server = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "-w", "2", "-b", f"127.0.0.1:{port}", "config.wsgi"],
            cwd=ROOT,
            env=env,
            start_new_session=True,
        )
        try:
            _wait_ready(f"http://localhost:{port}")
            figures = measure(f"http://localhost:{port}", ids)
        finally:
            os.killpg(server.pid, 15)
            server.wait()
    print(f"{ROOT} · 360 px, CPU x{CPU_SLOWDOWN}, slow 4G, {RUNS} runs: median (min-max)")
    for name, values in figures.items():
        print(f"  {name:42} {statistics.median(values):8.1f} ({min(values):.1f}-{max(values):.1f})")


if __name__ == "__main__":
    main()
