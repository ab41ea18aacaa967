"""`manage.py final_places --rebuild`: store every finished tournament's final places
anew from its sheets (after an upgrade, or to check the stored ones)."""

from django.core.management.base import BaseCommand, CommandError

from tournaments.place_store import rebuild_places


class Command(BaseCommand):
    help = (
        "Rebuild the stored final places (what the season leaderboards, club and player "
        "pages read) from every finished tournament's confirmed sheets (--rebuild)."
    )

    def add_arguments(self, parser):
        parser.add_argument("--rebuild", action="store_true", help="rank everything anew")

    def handle(self, *args, rebuild, verbosity, **options):
        if not rebuild:
            raise CommandError("Say --rebuild.")
        written = rebuild_places()
        if verbosity:
            self.stdout.write(f"{written} final places stored")
