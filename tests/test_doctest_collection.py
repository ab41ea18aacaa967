"""pytest itself collects the examples in the packages' docstrings (--doctest-modules), so
no hand-kept list of modules can leave one out."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Modules whose examples a hand-kept list once missed, and one of the engine's.
MODULES = [
    "tournaments/draw.py",
    "tournaments/draw_search.py",
    "tournaments/sheets.py",
    "tournaments/ranking.py",
    "scoring/turns.py",
    "scoring/registry.py",
]


def _collected(*paths: str) -> list[str]:
    """The files pytest collects items from, as it lists them (one line a file)."""
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", *paths],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    return [line.split(":")[0] for line in done.stdout.splitlines() if ": " in line]


def test_the_docstring_examples_of_every_package_module_are_collected():
    listed = _collected(*MODULES)
    for path in MODULES:
        assert path in listed
