"""The menu of every page (templates/base.html): its links are the same on every page in
a language, for judges and for everyone else, so each process renders them once."""

import functools

from django import template
from django.conf import settings
from django.template.loader import render_to_string
from django.urls import get_script_prefix, get_urlconf
from django.utils.safestring import SafeString
from django.utils.translation import get_language

register = template.Library()


@register.simple_tag
def site_links(is_judge: object) -> SafeString:
    """The menu's links (templates/_site_links.html), "My tables" first for a judge.

    Rendered once per language (and URL configuration) in each process: reversing and
    translating its eight links on every request was a twentieth of the judge's page
    (bench/bench_requests.py, profiled). Under DEBUG (`make run`) rendered every time, so
    an edited template shows at once; templates and translations change otherwise only
    with a new release, whose workers start empty.
    """
    if settings.DEBUG:
        return _render(bool(is_judge))
    return _links(bool(is_judge), get_language(), get_script_prefix(), get_urlconf())


@functools.cache
def _links(is_judge: bool, language: str, prefix: str, urlconf: object) -> SafeString:
    # Keyed by all the rendering reads: the language active, the URLs' prefix and
    # configuration (a test may serve another).
    return _render(is_judge)


def _render(is_judge: bool) -> SafeString:
    return SafeString(render_to_string("_site_links.html", {"is_judge": is_judge}))
