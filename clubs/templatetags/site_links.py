"""The menu of every page (templates/base.html): its links are the same on every page in
a language, for judges and for everyone else, so each process renders them once."""

from django import template
from django.utils.safestring import SafeString

from config.rendered_once import rendered_once

register = template.Library()


@register.simple_tag
def site_links(is_judge: object) -> SafeString:
    """The menu's links (templates/_site_links.html), "My tables" first for a judge:
    rendered once per language in each process (`config.rendered_once`); reversing and
    translating its eight links was a twentieth of the judge's page."""
    return rendered_once("_site_links.html", is_judge=bool(is_judge))


@register.simple_tag
def site_head() -> SafeString:
    """The icons and style sheet every page links in its head (templates/_site_head.html),
    rendered once in each process (`config.rendered_once`)."""
    return rendered_once("_site_head.html")
