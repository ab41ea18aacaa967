"""The stored final places: each player's place and chips won in each finished tournament, written
when the tournament is finished (`tournaments.place_store`), removed when it is reopened
and rebuilt by `manage.py final_places --rebuild`. Derived, like the ratings: the season
leaderboard, the club page and the player page read these rows instead of ranking every
tournament of the history anew on each visit.

A player's name and club are read from the player, so a renamed player or a merge
(which moves these rows with the player's other history) shows as it is now.
"""

from collections import defaultdict
from collections.abc import Iterable

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.fields import AmountField


class FinalPlace(models.Model):
    """A player's final place, field and ranked total in one finished tournament."""

    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="final_places"
    )
    player = models.ForeignKey("clubs.Player", on_delete=models.CASCADE, related_name="places")
    place = models.PositiveSmallIntegerField(_("place"))
    # The players ranked in the tournament: the player page says "3rd of 24".
    field = models.PositiveSmallIntegerField()
    # What the tournament ranks by: chips (points), or tricks at a drive.
    total = AmountField(_("total"))
    # What the player won there: the confirmed sheets' counts less the starting chips
    # (empty for a player who only sat out a round with a bye).
    chips = AmountField(_("chips"), null=True)

    class Meta:
        verbose_name = _("final place")
        verbose_name_plural = _("final places")
        ordering = ["tournament", "place"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "player"], name="one_place_per_player")
        ]
        indexes = [models.Index(fields=["player", "place"], name="places_of_player")]

    def __str__(self) -> str:
        return f"{self.tournament_id} {self.player_id}: {self.place}"


def stored_places(tournament_ids: Iterable[int]) -> dict[int, list[dict]]:
    """Tournament → its stored rows, best place first, each with ``player_id``, ``name``,
    ``club``, ``place`` and ``total`` (one query); a tournament with no rows stored is
    absent."""
    rows = (
        FinalPlace.objects.filter(tournament_id__in=list(tournament_ids))
        .order_by("tournament_id", "place", "player__display_name")
        .values_list(
            "tournament_id",
            "player_id",
            "player__display_name",
            "player__home_club__short_name",
            "place",
            "total",
        )
    )
    grouped: dict[int, list[dict]] = defaultdict(list)
    for tournament_id, player_id, name, club, place, total in rows:
        grouped[tournament_id].append(
            {
                "tournament_id": tournament_id,
                "player_id": player_id,
                "name": name,
                "club": club,
                "place": place,
                "total": total,
            }
        )
    return dict(grouped)
