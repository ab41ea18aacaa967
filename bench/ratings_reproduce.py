"""The ratings reproduced from the archives, by the method page's recipe, timed:
``DATABASE_URL=postgres://… python bench/ratings_reproduce.py --tournaments 100``.

Every step is the ``manage.py`` command a reader runs (a process of its own, as they would
run it): build a seeded federation history (``simulate_history``), print each game's list
(``ratings --game G --json``), write every finished tournament's archive
(``export_tournament --all DIR``), empty the database (``flush``), import the archives in
the order of their names (``import_tournament DIR/*.json``), print the lists again, then
rebuild from scratch (``ratings --rebuild``) and print them a third time. Prints the time
of each step and the SHA-256 of each game's list before and after; exits 1 if any differs.

It empties the database it is given: it refuses one that holds clubs or tournaments
unless told ``--flush``, or ``--history-there`` (the history is already in it, e.g. a copy
of ``make bench-scale``'s decade made with ``CREATE DATABASE copy TEMPLATE …``: no
``simulate_history``, the recipe runs on what is there).
"""

import argparse
import hashlib
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("spjst", "czech", "si_double", "whist")  # scoring.ratings.FAMILIES


def manage(*args: str) -> tuple[str, float]:
    """Run ``manage.py ARGS``; its standard output and the seconds it took."""
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    seconds = time.perf_counter() - started
    if done.returncode:
        raise SystemExit(f"manage.py {' '.join(args[:3])} failed:\n{done.stderr[-2000:]}")
    return done.stdout, seconds


def digests() -> tuple[dict[str, str], float]:
    """Each game's ``ratings --game G --json`` as its SHA-256, and the seconds taken."""
    result, total = {}, 0.0
    for game in GAMES:
        text, seconds = manage("ratings", "--game", game, "--json")
        result[game] = (
            f"{hashlib.sha256(text.encode()).hexdigest()[:16]} ({text.count('{')} players)"
        )
        total += seconds
    return result, total


def step(name: str, seconds: float) -> None:
    print(f"{name:<40} {seconds:8.1f} s", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tournaments", type=int, default=50)
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument("--flush", action="store_true", help="empty a database that is not")
    parser.add_argument(
        "--history-there",
        action="store_true",
        help="the database holds the history already: reproduce its lists",
    )
    options = parser.parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    # The production settings (DEBUG off: no query log growing), with a key of its own.
    os.environ.setdefault("SECRET_KEY", "bench-ratings-reproduce-not-a-secret")
    database = os.environ.get("DATABASE_URL", "SQLite (no DATABASE_URL)")
    made = "the history there" if options.history_there else f"{options.tournaments} tournaments"
    print(f"Database {database.rsplit('/', 1)[-1]}, {made}, seed {options.seed}")
    manage("migrate", "--no-input", "-v", "0")
    if not options.history_there:
        if options.flush:
            step("flush (before)", manage("flush", "--no-input")[1])
        step(
            "simulate_history",
            manage(
                "simulate_history",
                "--seed",
                str(options.seed),
                "--tournaments",
                str(options.tournaments),
                "-v",
                "0",
            )[1],
        )
    before, seconds = digests()
    step("ratings --game G --json (4 games)", seconds)
    with tempfile.TemporaryDirectory(prefix="archives-") as directory:
        step("export_tournament --all DIR", manage("export_tournament", "--all", directory)[1])
        files = sorted(str(path) for path in Path(directory).glob("*.json"))
        size = sum(Path(name).stat().st_size for name in files)
        print(f"  {len(files)} archives, {size / 1e6:.1f} MB")
        step("flush", manage("flush", "--no-input")[1])
        step("import_tournament DIR/*.json", manage("import_tournament", *files)[1])
    after, seconds = digests()
    step("ratings --game G --json (4 games)", seconds)
    step("ratings --rebuild", manage("ratings", "--rebuild")[1])
    rebuilt, seconds = digests()
    step("ratings --game G --json (4 games)", seconds)
    same = True
    for game in GAMES:
        match = before[game] == after[game] == rebuilt[game]
        same &= match
        print(f"  {game:<10} {before[game]}  {'same' if match else 'DIFFERS: ' + after[game]}")
    print("Reproduced byte for byte." if same else "NOT reproduced.")
    sys.exit(0 if same else 1)


if __name__ == "__main__":
    main()
