"""django-tables2 tables for the roster pages."""

import django_tables2 as tables
from django.utils.translation import get_language, gettext_noop
from django.utils.translation import gettext_lazy as _

from clubs.db_collation import by_name
from clubs.models import Player

# django-tables2's paging template says {% trans "previous" %} and {% trans "next" %} and
# the package has no Slovenian catalogue: marked here, makemessages keeps them in ours,
# which Django reads before the package's (LOCALE_PATHS first), so cs and sl both say them.
PAGING_WORDS = (gettext_noop("previous"), gettext_noop("next"))


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

    def order_name(self, queryset, is_descending: bool):
        """By surname as the reader's language files names, either way."""
        return queryset.order_by(*by_name(get_language(), descending=is_descending)), True
