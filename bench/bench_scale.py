"""Bench: every public page and the director's pages over a decade of a federation's
history. `make bench-scale` (`SCALE_TOURNAMENTS=N` for a smaller history), or from the
repo root `python bench/bench_scale.py`.

1. The history: `manage.py simulate_history` (seed `SCALE_SEED`, default 31;
   `SCALE_TOURNAMENTS`, default the decade's 2,000; `SCALE_WORKERS` processes, default
   the machine's cores) built in a database of its own on the PostgreSQL server of
   `PG_URL` (or `DATABASE_URL`; default postgres://postgres@127.0.0.1:5432/postgres),
   then kept as a `pg_dump` in bench/out/scale/ (ignored by git), keyed by the seed, the
   size and the migrations: the next run restores the dump instead of building again,
   and prints the build time the dump was made in.
2. The pages: each page (a sample of `SCALE_SAMPLES` clubs, players, seasons and
   tournaments, the biggest first; a page without an object visited as often) is asked
   for through django.test.Client with the cache emptied before each visit, as the first
   visit after the cache was cleared; the director's pages logged in as the history's
   director. The process is made ready as a server's worker is (`warm_and_freeze`,
   config/wsgi.py) and each page is visited once untimed first: a worker compiles a
   template once in its life, not on every visit.
   Printed per page: p50 and p95 in ms, the p95 of this process's CPU time (the part
   of a visit a busy machine does not stretch by making it wait; the database's own
   time is not in it), the most queries a visit made, and whether p95 is within the
   budget (300 ms).
3. The database's size and the build time (the planner's statistics are taken first, with
   ANALYZE, as after any bulk load or restore); the database is dropped at the end
   (`SCALE_KEEP=1` keeps it, to look at the pages by hand).

`SCALE_DATABASE_URL=postgres://…/db` times the pages of a history already in that
database (restored by hand from a dump, its migrations brought up to date) instead of
building or restoring one; that database is left as it is. `SCALE_PAGES=leaderboard,ratings`
times only the pages whose names contain one of those words.

Exits 0 when every page answered 200 and met the budget, 1 otherwise. Wall-clock
timings on a busy machine are too slow: say so when quoting them.
"""

import hashlib
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

import psycopg
from psycopg import sql
from psycopg.conninfo import conninfo_to_dict

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

PG_URL = (
    os.environ.get("PG_URL")
    or os.environ.get("DATABASE_URL")
    or "postgres://postgres@127.0.0.1:5432/postgres"
)
TOURNAMENTS = int(os.environ.get("SCALE_TOURNAMENTS") or 2000)
SEED = int(os.environ.get("SCALE_SEED") or 31)
WORKERS = int(os.environ.get("SCALE_WORKERS") or os.cpu_count() or 2)
SAMPLES = int(os.environ.get("SCALE_SAMPLES") or 10)
BUDGET_MS = 300
EXISTING = os.environ.get("SCALE_DATABASE_URL", "")
ONLY = [w for w in os.environ.get("SCALE_PAGES", "").split(",") if w]
CACHE = ROOT / "bench" / "out" / "scale"
SETTINGS = "config.settings_test"


def _server() -> dict:
    """The server's connection parameters from PG_URL (its database name aside)."""
    params = conninfo_to_dict(PG_URL)
    params.pop("dbname", None)
    return params


def _url(name: str) -> str:
    params = _server()
    user = params.get("user", "postgres")
    password = f":{params['password']}" if params.get("password") else ""
    host = params.get("host", "127.0.0.1")
    port = params.get("port", "5432")
    return f"postgres://{user}{password}@{host}:{port}/{name}"


def _admin(statement: sql.Composable) -> None:
    with psycopg.connect(**_server(), dbname="postgres", autocommit=True) as admin:
        admin.execute(statement)


def _key() -> str:
    """What a dump is valid for: the seed, the size and the migrations it was made under."""
    sha = hashlib.sha256()
    for migration in sorted(ROOT.glob("*/migrations/0*.py")):
        sha.update(migration.name.encode() + migration.read_bytes())
    digest = sha.hexdigest()[:12]
    return f"seed{SEED}-t{TOURNAMENTS}-{digest}"


def _env(name: str) -> dict:
    return {**os.environ, "DATABASE_URL": _url(name), "DJANGO_SETTINGS_MODULE": SETTINGS}


def _pg_env() -> dict:
    params = _server()
    env = {**os.environ, "PGHOST": params.get("host", "127.0.0.1")}
    env["PGPORT"] = str(params.get("port", "5432"))
    env["PGUSER"] = params.get("user", "postgres")
    if params.get("password"):
        env["PGPASSWORD"] = params["password"]
    return env


def prepare(name: str) -> dict:
    """The history in database `name`: restored from the cached dump, or built (and
    dumped); what the build said (its seconds, digest and workers)."""
    dump = CACHE / f"{_key()}.dump"
    about = dump.with_suffix(".json")
    _admin(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))
    _admin(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    if dump.exists() and about.exists():
        print(f"scale: restoring {dump.relative_to(ROOT)}", flush=True)
        subprocess.run(
            ["pg_restore", "--no-owner", "-j", "2", "-d", name, str(dump)],
            env=_pg_env(),
            check=True,
        )
        return json.loads(about.read_text())
    manage = [sys.executable, str(ROOT / "manage.py")]
    subprocess.run([*manage, "migrate", "--noinput", "-v0"], env=_env(name), check=True)
    print(f"scale: building {TOURNAMENTS} tournaments with {WORKERS} workers", flush=True)
    started = time.monotonic()
    built = subprocess.run(
        [*manage, "simulate_history", f"--seed={SEED}", f"--tournaments={TOURNAMENTS}",
         f"--workers={WORKERS}", "--progress=100"],
        env=_env(name), check=True, stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    seconds = time.monotonic() - started
    print(built.stdout, end="", flush=True)
    digest = built.stdout.strip().splitlines()[-1].removeprefix("Digest ")
    facts = {"build_seconds": round(seconds, 1), "digest": digest, "workers": WORKERS}
    CACHE.mkdir(parents=True, exist_ok=True)
    subprocess.run(["pg_dump", "-Fc", "-f", str(dump), name], env=_pg_env(), check=True)
    about.write_text(json.dumps(facts))
    return facts


def _samples():
    """The objects whose pages are timed: the biggest first."""
    from django.db.models import Count

    from clubs.models import Club, Player, Season
    from tournaments.models import Tournament

    clubs = Club.objects.annotate(n=Count("tournaments")).order_by("-n", "pk")[:SAMPLES]
    players = Player.objects.annotate(n=Count("places")).order_by("-n", "pk")[:SAMPLES]
    seasons = Season.objects.annotate(n=Count("tournaments")).order_by("-n", "pk")[:SAMPLES]
    tournaments = Tournament.objects.annotate(n=Count("registrations")).order_by("-n", "pk")
    return list(clubs), list(players), list(seasons), list(tournaments[:SAMPLES])


def pages() -> list[tuple[str, list[str], bool]]:
    """(page, its URLs, as the director?) for every page timed."""
    from django.urls import reverse

    from tournaments.models import Tournament

    clubs, players, seasons, tournaments = _samples()
    last_page = (Tournament.objects.count() + 49) // 50

    def same(url: str) -> list[str]:
        return [url] * SAMPLES

    def each(name: str, objects, **extra) -> list[str]:
        return [reverse(name, kwargs={"pk": o.pk, **extra}) for o in objects]

    public = [
        ("home", same(reverse("home"))),
        ("club list", same(reverse("clubs:club_list"))),
        ("club page", each("clubs:club_detail", clubs)),
        ("player list", same(reverse("clubs:player_list"))),
        ("player page (and its charts)", each("clubs:player_detail", players)),
        ("season list", same(reverse("clubs:season_list"))),
        ("season leaderboard", each("tournaments:leaderboard", seasons)),
        ("tournament list", same(reverse("tournaments:list"))),
        ("tournament list, last page", same(f"{reverse('tournaments:list')}?page={last_page}")),
        ("tournament page", each("tournaments:detail", tournaments)),
        ("tournament standings", each("tournaments:standings", tournaments)),
        ("ratings list", same(reverse("tournaments:ratings"))),
        ("ratings list of a game", same(reverse("tournaments:ratings_game", args=["spjst"]))),
        ("rulings", same(reverse("scoring:rulings"))),
    ]
    director = [
        ("director: dashboard", each("tournaments:dashboard", tournaments)),
        ("director: results", each("tournaments:results", tournaments)),
        ("director: ledger", each("tournaments:ledger", tournaments)),
        ("director: registrations", each("tournaments:registrations", tournaments)),
        ("director: round 3", each("tournaments:round", tournaments, number=3)),
        ("director: tournament edit", each("tournaments:edit", tournaments)),
        ("director: player duplicates", same(reverse("clubs:player_duplicates"))),
    ]
    return [(n, u, False) for n, u in public] + [(n, u, True) for n, u in director]


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def time_pages() -> bool:
    """Visit every page, cache emptied before each visit; print the table; all met?"""
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.core.cache import cache
    from django.db import connection
    from django.test import Client

    from config.startup import warm_and_freeze

    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "testserver"]
    warm_and_freeze()
    visitor, director = Client(), Client()
    director.force_login(get_user_model().objects.get(username="sim-director"))
    met = True
    asked = [0]

    def counted(execute, sql, params, many, context):
        asked[0] += 1
        return execute(sql, params, many, context)

    print(
        f"{'page':<34} {'p50 ms':>7} {'p95 ms':>7} {'CPU p95':>7} {'queries':>7}  "
        f"budget p95 ≤ {BUDGET_MS} ms"
    )
    for name, urls, as_director in pages():
        if ONLY and not any(word in name for word in ONLY):
            continue
        client = director if as_director else visitor
        times, cpu, queries = [], [], 0
        cache.clear()
        client.get(urls[0])  # its templates compiled, as in any worker that served it once
        for url in urls:
            cache.clear()
            asked[0] = 0
            with connection.execute_wrapper(counted):
                started, started_cpu = time.perf_counter(), time.process_time()
                response = client.get(url)
                times.append((time.perf_counter() - started) * 1000)
                cpu.append((time.process_time() - started_cpu) * 1000)
            queries = max(queries, asked[0])
            if response.status_code != 200:
                print(f"scale: {url} answered {response.status_code}", flush=True)
                met = False
        p95, cpu95 = _p95(times), _p95(cpu)
        ok = p95 <= BUDGET_MS
        met &= ok
        verdict = "met" if ok else "NOT met"
        print(
            f"{name:<34} {statistics.median(times):7.0f} {p95:7.0f} {cpu95:7.0f} {queries:7d}  "
            f"{verdict}"
        )
    return met


def main() -> int:
    name = f"bench_scale_{SEED}_{TOURNAMENTS}"
    if EXISTING:
        name = conninfo_to_dict(EXISTING)["dbname"]
        facts = {"build_seconds": 0.0, "digest": "(an existing database)", "workers": 0}
        os.environ["DATABASE_URL"] = EXISTING
    else:
        facts = prepare(name)
        os.environ["DATABASE_URL"] = _url(name)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", SETTINGS)
    import django

    django.setup()
    from django.db import connection

    with connection.cursor() as cursor:
        # The planner's statistics, as after any bulk load: pg_restore makes none, and
        # autovacuum had not got to the tables a build had just written (27 Nov: never
        # analyzed, the standings read every hand of the decade; analyzed, 1 ms).
        cursor.execute("ANALYZE")
        cursor.execute("SELECT pg_size_pretty(pg_database_size(current_database()))")
        size = cursor.fetchone()[0]
        cursor.execute("SELECT count(*) FROM tournaments_hand")
        hands = cursor.fetchone()[0]
        cursor.execute("SELECT count(*) FROM tournaments_tournament")
        tournaments = cursor.fetchone()[0]
    met = time_pages()
    print(
        f"scale: {tournaments} tournaments, {hands} hands, database {size}; built in "
        f"{facts['build_seconds']:.0f} s with {facts['workers']} workers "
        f"(digest {facts['digest'][:16]}…)"
    )
    print(f"scale: every page's p95 within {BUDGET_MS} ms: {'yes' if met else 'NO'}")
    connection.close()
    if not (os.environ.get("SCALE_KEEP") or EXISTING):
        _admin(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
