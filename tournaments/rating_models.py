"""The stored ratings (scoring/ratings.py computes them; tournaments/rating_store.py
rebuilds these rows): each player's current rating per game family, and the history,
one row per player per rated table. Both are derived: rebuilt from the finished
tournaments' confirmed sheets whenever one is finished or reopened."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from scoring.ratings import FAMILIES

# Each family's name as the lists and the player's page show it.
FAMILY_TITLES = {
    "spjst": _("SPJST Tarock"),
    "czech": _("Czech Taroky (XIX and ve třech)"),
    "si_double": _("Slovenian Tarok with two packs"),
    "whist": _("Whist"),
}
FAMILY_CHOICES = [(name, FAMILY_TITLES[name]) for name in FAMILIES]


class Rating(models.Model):
    """A player's rating in one game family after every table rated."""

    player = models.ForeignKey("clubs.Player", on_delete=models.CASCADE, related_name="ratings")
    family = models.CharField(_("game"), max_length=20, choices=FAMILY_CHOICES)
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField(_("rating"))
    events = models.PositiveIntegerField(_("tables"))
    last_played = models.DateField(_("last played"))

    class Meta:
        verbose_name = _("rating")
        verbose_name_plural = _("ratings")
        ordering = ["family", "-ordinal"]
        constraints = [
            models.UniqueConstraint(fields=["player", "family"], name="one_rating_per_family")
        ]
        indexes = [models.Index(fields=["family", "-ordinal"], name="rating_list")]

    def __str__(self) -> str:
        return f"{self.player_id} {self.family}: {self.ordinal:.2f}"


class RatingChange(models.Model):
    """A player's rating right after one table: the history the player's page draws."""

    player = models.ForeignKey(
        "clubs.Player", on_delete=models.CASCADE, related_name="rating_changes"
    )
    family = models.CharField(max_length=20, choices=FAMILY_CHOICES)
    # Its place in the family's sequence of tables (0, 1, …): the order of the rating.
    sequence = models.PositiveIntegerField()
    table = models.ForeignKey("tournaments.Table", on_delete=models.CASCADE, related_name="+")
    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="+"
    )
    date = models.DateField()
    rank = models.PositiveSmallIntegerField()
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField()

    class Meta:
        ordering = ["family", "sequence", "player"]
        indexes = [models.Index(fields=["player", "family", "sequence"], name="rating_history")]

    def __str__(self) -> str:
        return f"{self.player_id} {self.family} #{self.sequence}: {self.ordinal:.2f}"
