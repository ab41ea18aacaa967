"""`manage.py player_stats`: count every finished tournament's player statistics anew
(--rebuild), or print one player's as JSON (--player ID)."""

import json
import time

from django.core.management.base import BaseCommand, CommandError

from clubs.models import Player
from tournaments.player_stats import rebuild_player_stats, statistics_for


class Command(BaseCommand):
    help = (
        "Count the players' statistics from the hands of every finished tournament "
        "(--rebuild), or print one player's figures as JSON (--player ID)."
    )

    def add_arguments(self, parser):
        parser.add_argument("--rebuild", action="store_true", help="count everything anew")
        parser.add_argument("--player", type=int, help="a player's id: print his figures")

    def handle(self, *args, rebuild, player, verbosity, **options):
        if not rebuild and player is None:
            raise CommandError("Say --rebuild, or --player ID to print a player's figures.")
        if rebuild:
            started = time.monotonic()
            rows = rebuild_player_stats()
            if verbosity:
                elapsed = time.monotonic() - started
                self.stdout.write(f"{rows} player-tournament rows counted in {elapsed:.1f} s")
        if player is not None:
            try:
                found = Player.objects.get(pk=player)
            except Player.DoesNotExist:
                raise CommandError(f"No player with id {player}.") from None
            self.stdout.write(json.dumps(statistics_for(found), ensure_ascii=False, indent=1))
