"""`manage.py ratings`: rebuild the players' ratings from the finished tournaments, or
print one game's list best first (as text, or as JSON with ``--json``)."""

import json

from django.core.management.base import BaseCommand, CommandError

from scoring.ratings import FAMILIES
from tournaments.rating_models import Rating
from tournaments.rating_store import rebuild_ratings


class Command(BaseCommand):
    help = (
        "Rebuild the ratings from every finished tournament (--rebuild), or print the "
        f"rating list of a game ({', '.join(FAMILIES)}) best first (--game, --json)."
    )

    def add_arguments(self, parser):
        parser.add_argument("--rebuild", action="store_true", help="rate everything anew")
        parser.add_argument("--game", help=f"one of: {', '.join(FAMILIES)}")
        parser.add_argument("--json", action="store_true", help="the list as JSON")

    def handle(self, *args, rebuild, game, verbosity, **options):
        as_json = options["json"]  # not a parameter's name: it would hide the module
        if game is not None and game not in FAMILIES:
            raise CommandError(f"Unknown game {game!r}; the games rated: {', '.join(FAMILIES)}.")
        if not rebuild and game is None:
            raise CommandError("Say --rebuild, or --game GAME to print its list.")
        if rebuild:
            counts = rebuild_ratings([game] if game else None)
            if verbosity and not as_json:
                for family, players in counts.items():
                    self.stdout.write(f"{family}: {players} players rated")
        if game is not None:
            self._print(game, as_json=as_json)

    def _print(self, game: str, *, as_json: bool) -> None:
        # A player named as an archive names them (home club, member number, name), never
        # by database id, and ties in that order too (sorted here, not by the database's
        # collation): the list read from the archives in another site is the same, byte
        # for byte.
        rows = [
            {
                "player": rating.player.name,
                "club": rating.player.home_club.short_name,
                "member_number": rating.player.member_number,
                "mu": rating.mu,
                "sigma": rating.sigma,
                "ordinal": rating.ordinal,
                "events": rating.events,
            }
            for rating in sorted(
                Rating.objects.filter(family=game).select_related("player__home_club"),
                key=_place,
            )
        ]
        if as_json:
            self.stdout.write(json.dumps(rows, ensure_ascii=False, indent=1))
            return
        for place, row in enumerate(rows, start=1):
            self.stdout.write(
                f"{place:>4}. {row['player']:<30} {row['ordinal']:7.2f} "
                f"(mu {row['mu']:.2f}, sigma {row['sigma']:.2f}, {row['events']} tables)"
            )


def _place(rating: Rating) -> tuple:
    """Best first: the higher ordinal, then more tables, then the player as an archive
    names them (the id only between two players no archive could tell apart)."""
    player = rating.player
    return (
        -rating.ordinal,
        -rating.events,
        player.home_club.short_name,
        player.member_number,
        player.last_name,
        player.first_name,
        player.pk,
    )
