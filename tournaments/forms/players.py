"""The federation's form naming two records of one person to merge."""

from django import forms
from django.utils.translation import gettext_lazy as _

from accounts.text import CleanTextMixin
from clubs.models import Player


class MergeForm(CleanTextMixin, forms.Form):
    """The record to keep and the duplicate to merge into it (ids from the duplicates page)."""

    keep = forms.ModelChoiceField(label=_("Record to keep"), queryset=Player.objects.all())
    duplicate = forms.ModelChoiceField(label=_("Duplicate"), queryset=Player.objects.all())
