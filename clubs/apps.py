from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ClubsConfig(AppConfig):
    name = "clubs"
    verbose_name = _("Clubs and players")

    def ready(self) -> None:
        # The sign-in receiver that keeps a person's time zone (clubs.time_zones); the
        # collations each SQLite connection is given, and their check on PostgreSQL.
        from clubs import db_collation, time_zones  # noqa: F401
