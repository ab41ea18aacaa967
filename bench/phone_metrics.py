"""What the phone's CPU does on a reload of the judge's table page (issue 29), in figures
that move less with the machine's load than wall time: `python bench/phone_metrics.py
[--loads N]` from the repository root.

The site is served and the phone set up as `make bench-phone` has them (bench/phone.py:
Chromium at 360×740, CPU throttled 4×, slow 4G, the judge of the demo's table 1). The
table page is opened once, then reloaded with the browser's cache `--loads` times; for
each reload, until the network is quiet (htmx, which loads after the page, counted in),
Chromium's own counters (the DevTools protocol's `Performance.getMetrics`) give the time
its main thread spent in scripts, style, layout and tasks in all, and how many style and
layout passes it made; the page itself gives its elements and DOM nodes (and the hand
form's share of them, `#add-hand`). Each figure is the median of the reloads. The
durations are of the throttled CPU: a quarter of them is what this machine's CPU spent.
"""

import argparse
import os
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.phone import CPU_SLOWDOWN, PHONE, Phone, served  # noqa: E402  (through ROOT)
from tests.browser.chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

LOADS = 7
# Chromium's counters (seconds, or passes), read before and after each reload.
DURATIONS = ("TaskDuration", "ScriptDuration", "RecalcStyleDuration", "LayoutDuration")
COUNTS = ("RecalcStyleCount", "LayoutCount")

# In the page: its elements and DOM nodes (every node under the document: elements, text,
# comments), in all and inside the hand form's <details>.
COUNT_NODES = """() => {
  const nodes = (root) => {
    if (!root) return 0;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_ALL);
    let count = 1;
    while (walker.nextNode()) count += 1;
    return count;
  };
  const form = document.getElementById("add-hand");
  return {
    elements: document.getElementsByTagName("*").length,
    nodes: nodes(document),
    form_elements: form ? form.getElementsByTagName("*").length + 1 : 0,
    form_nodes: nodes(form),
    fields: document.querySelectorAll("input, select, textarea, button").length,
  };
}"""


def _metrics(phone: Phone) -> dict[str, float]:
    answer = phone.cdp.send("Performance.getMetrics")
    return {metric["name"]: metric["value"] for metric in answer["metrics"]}


def reload_costs(phone: Phone, url: str, loads: int) -> list[dict[str, float]]:
    """The table page at `url` opened, then reloaded `loads` times: each reload's counters
    (durations in ms) and the page's node counts after it."""
    phone.cdp.send("Performance.enable", {"timeDomain": "threadTicks"})
    phone.load(url)
    runs = []
    for _ in range(loads):
        ms, _kib, _requests = phone.load(url, reload=True)
        # Chromium starts its counters afresh with each document: these are the reload's.
        after = _metrics(phone)
        run = {name: after[name] * 1000 for name in DURATIONS}
        run.update({name: after[name] for name in COUNTS})
        run["load event"] = ms
        run.update(phone.page.evaluate(COUNT_NODES))
        runs.append(run)
    return runs


def report(runs: list[dict[str, float]]) -> list[str]:
    """One line per figure: its median over the reloads, and their range."""
    lines = []
    for name in runs[0]:
        values = [run[name] for run in runs]
        unit = " ms" if name in DURATIONS or name == "load event" else ""
        lines.append(
            f"{name:<20} {statistics.median(values):>8,.0f}{unit}"
            f"  ({min(values):,.0f}–{max(values):,.0f})"
        )
    return lines


def main(argv: list[str] | None = None) -> int:
    """Serve, reload, print; 2 when it could not start."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--loads", type=int, default=LOADS, help="reloads (default 7)")
    arguments = parser.parse_args(argv)
    if CHROMIUM is None:
        print("phone_metrics: needs Chromium (Debian: apt-get install chromium)", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    with served() as (base, site), sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            phone = Phone(browser, base, site.session)
            runs = reload_costs(phone, base + site.table, arguments.loads)
        finally:
            browser.close()
    print(
        f"phone_metrics: the table page reloaded {arguments.loads}×, Chromium at "
        f"{PHONE['width']}×{PHONE['height']}, CPU ÷{CPU_SLOWDOWN}, slow 4G; load average "
        f"{os.getloadavg()[0]:.1f}; median (range)"
    )
    for line in report(runs):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
