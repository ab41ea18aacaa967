"""The rating list's filters (read from the query string)."""

from django import forms
from django.utils.translation import gettext_lazy as _

from accounts.text import CleanTextMixin
from clubs.models import Club


class RatingFilterForm(CleanTextMixin, forms.Form):
    """Which rated players the list shows: a club's, a country's, those with at least so
    many tables, those who played in the last N months."""

    club = forms.ModelChoiceField(
        label=_("Club"), queryset=Club.objects.order_by("short_name"), required=False
    )
    country = forms.CharField(label=_("Country"), max_length=2, required=False)
    min_tables = forms.IntegerField(label=_("At least tables"), min_value=0, required=False)
    months = forms.IntegerField(
        label=_("Played in the last months"), min_value=1, max_value=600, required=False
    )

    def clean_country(self) -> str:
        return self.cleaned_data["country"].strip().upper()
