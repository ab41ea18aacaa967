"""django-tables2 tables of the tournament pages."""

import django_tables2 as tables
from django.utils.translation import gettext_lazy as _

from scoring.templatetags.scoring_tags import signed


class SignedColumn(tables.Column):
    """Chips with their sign (+3, −3), right-aligned."""

    attrs = {"td": {"class": "num"}, "th": {"class": "num"}}

    def render(self, value):
        return signed(value)


class StandingsTable(tables.Table):
    place = tables.Column(verbose_name=_("Place"), attrs={"td": {"class": "num"}})
    name = tables.Column(verbose_name=_("Player"))
    club = tables.Column(verbose_name=_("Club"))
    penalties = SignedColumn(verbose_name=_("Penalties"))
    total = SignedColumn(verbose_name=_("Chips"))

    class Meta:
        attrs = {"class": "table standings"}
        orderable = True
        empty_text = _("No confirmed score sheet yet.")


def standings_table(standings, request=None) -> StandingsTable:
    """The standings with one column per round (and the points column when ranked so)."""
    extra = [
        (
            f"r{number}",
            SignedColumn(verbose_name=f"R{number}", accessor=f"rounds__{number}", default="—"),
        )
        for number in standings.rounds
    ]
    if standings.by_points:
        extra.append(
            ("points", tables.Column(verbose_name=_("Points"), attrs={"td": {"class": "num"}}))
        )
    table = StandingsTable(standings.rows, extra_columns=extra)
    table.sequence = ["place", "name", "club", *(name for name, _ in extra), "penalties", "total"]
    if standings.by_points:
        table.sequence.remove("points")
        table.sequence.insert(3, "points")
    return table
