from django.core.management.base import BaseCommand

from clubs.demo import DEMO_PASSWORDS, load_demo
from tournaments.demo import load_demo_tournaments
from tournaments.demo_season import load_demo_season


class Command(BaseCommand):
    help = "Load the demo clubs, players, season, accounts and the demo tournaments in play and the federation season's finished cups (safe to run twice)."

    def handle(self, *args, **options) -> None:
        load_demo()
        load_demo_tournaments()
        load_demo_season()
        accounts = ", ".join(f"{user} / {password}" for user, password in DEMO_PASSWORDS.items())
        self.stdout.write(self.style.SUCCESS(f"Demo data loaded. Accounts: {accounts}"))
