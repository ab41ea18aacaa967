"""`manage.py rating_evidence --seed N`: how well the stored ratings of a simulated
history (`simulate_history --seed N`) order its players by their hidden skill, beside
the plain average-place baseline: Spearman's correlation per game (the method page's
figures)."""

from django.core.management.base import BaseCommand, CommandError

from clubs.models import Player
from scoring.rating_evidence import evidence
from scoring.ratings import FAMILIES, PlayerRating
from tournaments.rating_models import Rating
from tournaments.rating_store import table_results
from tournaments.simulation.skills import MEMBER_PREFIX, index_of, skill_of


class Command(BaseCommand):
    help = (
        "Spearman's correlation of the ratings (and of the average place) with the hidden "
        "skill of a history simulate_history built with the same --seed."
    )

    def add_arguments(self, parser):
        parser.add_argument("--seed", type=int, required=True, help="the history's seed")
        parser.add_argument(
            "--min-tables", type=int, default=1, help="players rated on fewer are left out"
        )

    def handle(self, *args, seed, min_tables, **options):
        members = Player.objects.filter(member_number__startswith=MEMBER_PREFIX)
        skill = {
            pk: skill_of(seed, index_of(number))
            for pk, number in members.values_list("pk", "member_number")
        }
        if not skill:
            raise CommandError("No simulated players here: build a history with simulate_history.")
        self.stdout.write(
            f"Seed {seed}: game, players, tables each, Spearman rating, Spearman average place"
        )
        for family in FAMILIES:
            ratings = [
                PlayerRating(r.player_id, r.mu, r.sigma, r.events)
                for r in Rating.objects.filter(family=family)
            ]
            if len(ratings) < 2:
                continue
            figures = evidence(table_results(family), ratings, skill, min_tables)
            self.stdout.write(
                f"{family}: {figures.players} players, {figures.tables_each} tables each, "
                f"rating {figures.rating:.3f}, average place {figures.baseline:.3f}"
            )
