"""The words of the judge's offline script (`judge_tags.judge_words`): rendered once per
language in a process, in the page's language, and every time under DEBUG."""

import pytest
from django.utils.translation import get_language, override

from tournaments.templatetags import judge_tags


@pytest.fixture
def renders(monkeypatch):
    """The languages the words were rendered in, the cache emptied before and after."""
    judge_tags._words_in.cache_clear()
    rendered = []
    real = judge_tags._render_words
    monkeypatch.setattr(
        judge_tags, "_render_words", lambda: rendered.append(get_language()) or real()
    )
    yield rendered
    judge_tags._words_in.cache_clear()


def test_the_words_are_rendered_once_per_language_in_that_language(renders):
    with override("cs"):
        czech = judge_tags.judge_words()
        assert judge_tags.judge_words() == czech
    with override("en"):
        english = judge_tags.judge_words()
    assert renders == ["cs", "en"]
    assert 'data-again="Enter it again"' in english
    assert 'data-again="' in czech and "Enter it again" not in czech


def test_under_debug_an_edited_template_shows_at_once(renders, settings):
    settings.DEBUG = True
    with override("en"):
        judge_tags.judge_words()
        judge_tags.judge_words()
    assert renders == ["en", "en"]
