import pytest
from django.core.cache import cache


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Each test starts with no throttle counts and no remembered bodies."""
    cache.clear()
    yield
    cache.clear()
