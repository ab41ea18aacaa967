"""`make bench-phone` keeps working as the site changes (CI does not run it): its short
mode serves the site, drives Chromium through the judge's table page, two saves, the
score sheet, a player's page and a table's QR code, and prints every figure with its
budget. Timings are not checked."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.browser.chromium import CHROMIUM

ROOT = Path(__file__).resolve().parent.parent

FIGURES = [
    "table page, first load, no cache:",
    "table page, reload with the cache:",
    "Save hand: click → the new row shown, 2 saves:",
    "Save hand: click → the row confirmed, 2 saves:",
    "score sheet, Check and save:",
    "player page, first load, no cache:",
    "round page, a table's QR code opened:",
]


@pytest.mark.skipif(
    CHROMIUM is None and not os.environ.get("CI"), reason="Chromium is not installed"
)
def test_the_phone_bench_prints_every_figure_with_its_budget():
    # The bench serves from a database of its own, whatever the suite's.
    env = {key: value for key, value in os.environ.items() if key != "DATABASE_URL"}
    run = subprocess.run(
        [sys.executable, "bench/phone.py", "--short"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    lines = run.stdout.splitlines()
    for figure in FIGURES:
        line = next((line for line in lines if line.startswith(figure)), None)
        assert line is not None, (figure, run.stdout)
        assert " ms" in line and ("met" in line)
    assert "KiB" in next(line for line in lines if line.startswith(FIGURES[0]))
    assert "its chart within the screen" in next(line for line in lines if "player page" in line)
