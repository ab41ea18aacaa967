"""`manage.py simulate_history`: a seeded federation history for benchmarks and ratings.

Runs on an empty database only (no club and no tournament yet): the history is the whole
database, so a rerun with the same seed gives the same one. Flush the database to rebuild.
"""

import time

from django.core.management.base import BaseCommand, CommandError

from clubs.models import Club
from tournaments.models import Tournament
from tournaments.simulation.history import DECADE, FIELD_SIZES, Plan, digest, simulate

DEFAULT_SEED = 31


class Command(BaseCommand):
    help = (
        "Build a seeded, reproducible federation history (the decade: 2,000 finished "
        "tournaments of all five games) through the services, on an empty database."
    )

    def add_arguments(self, parser):
        parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
        parser.add_argument("--tournaments", type=int, default=DECADE["tournaments"])
        parser.add_argument("--clubs", type=int, help="default: scaled to the tournaments")
        parser.add_argument("--players", type=int, help="default: scaled to the tournaments")
        parser.add_argument(
            "--workers", type=int, default=1, help="processes building tournaments at once"
        )
        parser.add_argument("--progress", type=int, default=50, help="report every N tournaments")

    def handle(
        self, *args, seed, tournaments, clubs, players, workers, progress, verbosity, **options
    ):
        if Club.objects.exists() or Tournament.objects.exists():
            raise CommandError(
                "The database already has clubs or tournaments: simulate_history builds "
                "a whole history and runs on an empty database only (flush it first)."
            )
        if tournaments < 1:
            raise CommandError("--tournaments must be at least 1.")
        plan = Plan.scaled(seed, tournaments, clubs, players)
        if plan.clubs < 1 or plan.players < 2 * max(FIELD_SIZES):
            raise CommandError(
                f"A history needs a club and at least {2 * max(FIELD_SIZES)} players."
            )
        started = time.monotonic()

        def report(done: int) -> None:
            if verbosity and (done % progress == 0 or done == plan.tournaments):
                elapsed = time.monotonic() - started
                self.stdout.write(f"{done}/{plan.tournaments} tournaments, {elapsed:.1f} s")

        if verbosity:
            self.stdout.write(
                f"Seed {plan.seed}: {plan.tournaments} tournaments, {plan.clubs} clubs, "
                f"{plan.players} players"
            )
        simulate(plan, report, workers=max(1, workers))
        if verbosity:
            self.stdout.write(f"Digest {digest()}")
