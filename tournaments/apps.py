from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        # Imported once the models are loaded (they cannot be imported before): the club
        # and player pages show the tournaments' sections without clubs importing them.
        from clubs import pages
        from tournaments import club_pages

        pages.add_club_section(club_pages.club_results_section)
        pages.add_player_section(club_pages.player_ratings_section)
        pages.add_player_section(club_pages.player_stats_section)
        pages.add_player_section(club_pages.player_history_section)
