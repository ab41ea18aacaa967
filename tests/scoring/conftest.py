"""Fixtures of the scoring tests."""

import pytest
from django.utils import translation


@pytest.fixture(autouse=True)
def _language_restored():
    """A page read in Czech or Slovenian leaves the thread in that language (the locale
    middleware activates it): the next test starts in the site's default again."""
    yield
    translation.deactivate()
