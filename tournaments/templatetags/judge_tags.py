"""The judge's page head: its ES modules announced up front; and the words of its
offline script."""

import functools

from django import template
from django.conf import settings
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.utils.html import format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import get_language

from config.rendered_once import rendered_once
from tournaments.views.offline import JUDGE_MODULES

register = template.Library()


@register.simple_tag
def judge_head() -> SafeString:
    """The head of the judge's pages kept for offline use (tournaments/offline/_head.html):
    the same on every such page, so rendered once in each process
    (`config.rendered_once`)."""
    return rendered_once("tournaments/offline/_head.html")


@register.simple_tag
def judge_module_preloads() -> str:
    """A `<link rel="modulepreload">` for each of the judge's modules but main.js (which
    its own script tag loads): the browser fetches them all at once instead of learning
    of each only when the one that imports it has arrived, a round trip per level of the
    import graph (some 150 ms each on a slow phone connection; make bench-phone)."""
    return format_html_join(
        "\n",
        '<link rel="modulepreload" href="{}">',
        ((static(f"js/judge/{name}.js"),) for name in JUDGE_MODULES if name != "main"),
    )


@register.simple_tag
def judge_words() -> SafeString:
    """The words the phone's offline script shows, as the `data-` attributes of
    #judge-offline (tournaments/offline/_judge_words.html): the same on every judge's
    page in a language, so rendered once per language in each process (some 30
    translations were nearly a tenth of the judge's page; bench/bench_requests.py, profiled).
    Under DEBUG (`make run`) rendered every time, so an edited template shows at once;
    translations and templates change otherwise only with a new release, whose workers
    start empty."""
    if settings.DEBUG:
        return _render_words()
    return _words_in(get_language())


@functools.cache
def _words_in(language: str) -> SafeString:
    # Keyed by the language the words are rendered in: the active one.
    return _render_words()


def _render_words() -> SafeString:
    return SafeString(render_to_string("tournaments/offline/_judge_words.html"))
