from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from accounts.roles import CLUB_DIRECTOR, CLUB_JUDGE, FEDERATION
from clubs.models import Club
from clubs.permissions import grant


class Command(BaseCommand):
    help = (
        "Give a user a role: federation (every club), director --club SHORT_NAME, or judge "
        "[--club SHORT_NAME] (without a club: every club's tables). --revoke takes it back."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("role", choices=[FEDERATION, CLUB_DIRECTOR, CLUB_JUDGE])
        parser.add_argument("username")
        parser.add_argument("--club", metavar="SHORT_NAME", help="the club's short name")
        parser.add_argument("--revoke", action="store_true", help="take the role back")

    def handle(self, *args, role: str, username: str, club: str | None, revoke: bool, **options):
        try:
            user = get_user_model().objects.get_by_natural_key(username)
        except get_user_model().DoesNotExist:
            raise CommandError(f"No user {username!r}.") from None
        the_club = None
        if club is not None:
            try:
                the_club = Club.objects.get_by_natural_key(club)
            except Club.DoesNotExist:
                known = ", ".join(Club.objects.values_list("short_name", flat=True))
                raise CommandError(f"No club {club!r} (clubs: {known}).") from None
        try:
            grant(user, role, the_club, revoke=revoke)
        except ValueError as error:
            raise CommandError(str(error)) from None
        where = f" of {the_club.short_name}" if the_club else ""
        done = "Took back from" if revoke else "Gave"
        self.stdout.write(f"{done} {username}: {role}{where}.")
