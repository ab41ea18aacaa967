"""The stored player statistics (scoring/hand_stats.py counts them;
tournaments/player_stats.py writes and reads these rows): one row per player per
finished tournament, summing what the player's hands there say. Derived: rewritten
whenever a tournament is finished, reopened or its players merged, so the player's page
adds up a few rows instead of reading every hand."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.fields import AmountField


class PlayerStats(models.Model):
    """A player's figures from one finished tournament's closed rounds."""

    player = models.ForeignKey("clubs.Player", on_delete=models.CASCADE, related_name="stats")
    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="player_stats"
    )
    tables = models.PositiveIntegerField(_("tables"))
    hands = models.PositiveIntegerField(_("hands"))
    total = AmountField(_("total"), max_digits=14)
    declared = models.PositiveIntegerField(_("declared"))
    declared_won = models.PositiveIntegerField(_("declared and won"))
    # Each contract declared → [times declared, times won].
    contracts = models.JSONField(default=dict)
    announced = models.PositiveIntegerField(_("announcements"))
    announced_won = models.PositiveIntegerField(_("announcements won"))
    penalties = models.PositiveIntegerField(_("penalties"))

    class Meta:
        verbose_name = _("player statistics")
        verbose_name_plural = _("player statistics")
        constraints = [
            models.UniqueConstraint(
                fields=["player", "tournament"], name="one_stats_row_per_tournament"
            )
        ]

    def __str__(self) -> str:
        return f"{self.player_id} in {self.tournament_id}: {self.hands} hands"
