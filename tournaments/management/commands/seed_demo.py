from django.core.management.base import BaseCommand

from clubs.demo import DEMO_PASSWORDS, load_demo
from tournaments.demo import load_demo_tournament


class Command(BaseCommand):
    help = "Load the demo clubs, players, season, accounts and a tournament in play (safe to run twice)."

    def handle(self, *args, **options) -> None:
        load_demo()
        load_demo_tournament()
        accounts = ", ".join(f"{user} / {password}" for user, password in DEMO_PASSWORDS.items())
        self.stdout.write(self.style.SUCCESS(f"Demo data loaded. Accounts: {accounts}"))
