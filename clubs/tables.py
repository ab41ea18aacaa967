"""django-tables2 tables for the roster pages."""

import django_tables2 as tables
from django.utils.translation import gettext_lazy as _

from clubs.models import Player


class RosterTable(tables.Table):
    name = tables.Column(
        verbose_name=_("Name"),
        accessor="display_name",
        linkify=True,
        order_by=("last_name", "first_name"),
    )
    member_number = tables.Column(verbose_name=_("Member no."))
    home_club = tables.Column(verbose_name=_("Home club"), accessor="home_club__short_name")
    active = tables.BooleanColumn(verbose_name=_("Active"))

    class Meta:
        model = Player
        fields = ("name", "member_number", "home_club", "active")
        attrs = {"class": "table"}
        empty_text = _("No players match.")
        per_page = 25
