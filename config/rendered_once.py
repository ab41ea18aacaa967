"""Fragments of a page that are the same on every request in a language (the menu's
links, the judge's page head): each process renders them once."""

import functools

from django.conf import settings
from django.template.loader import render_to_string
from django.urls import get_script_prefix, get_urlconf
from django.utils.safestring import SafeString
from django.utils.translation import get_language


def rendered_once(template_name: str, **context: object) -> SafeString:
    """`template_name` rendered with `context` (hashable values), once per language, URL
    prefix and URL configuration in each process: all that such a fragment reads besides
    its context. Reversing, translating and finding static files' addresses on every
    request was a tenth of the judge's page (bench/bench_requests.py, profiled).

    Under DEBUG (`make run`) rendered every time, so an edited template shows at once;
    templates, translations and static files change otherwise only with a new release,
    whose workers start empty.
    """
    items = tuple(sorted(context.items()))
    if settings.DEBUG:
        return _render(template_name, items)
    return _cached(template_name, items, get_language(), get_script_prefix(), get_urlconf())


@functools.cache
def _cached(
    template_name: str, items: tuple, language: str, prefix: str, urlconf: object
) -> SafeString:
    # The language, prefix and configuration are the key, not read: the active ones.
    return _render(template_name, items)


def _render(template_name: str, items: tuple) -> SafeString:
    return SafeString(render_to_string(template_name, dict(items)))
