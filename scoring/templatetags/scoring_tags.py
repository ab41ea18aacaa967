"""Template helpers for showing hands and settlements, and when a table was last heard of."""

import datetime
import re
from collections.abc import Mapping, Sequence, Sized
from decimal import Decimal
from typing import Any

from django import forms, template
from django.utils import timezone
from django.utils.formats import number_format
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext, ngettext

from scoring.forms.unsent import UNSENT_FIELD
from scoring.penalties import fold
from scoring.registry import RULESETS
from scoring.rulesets.whist_hand import SIDE_NAMES
from scoring.translate import line_text, say

# A word of an escaped text; an entity (&#x27;) is matched whole so it is never marked.
_WORD = re.compile(r"&#?\w+;|\w+")

register = template.Library()


def _magnitude(amount: int | Decimal) -> str:
    """The amount's size in the active language's numbers (1.5, 1,5)."""
    if isinstance(amount, int):  # most amounts: no decimal mark to localise (and fast)
        return str(abs(amount))
    return number_format(abs(Decimal(amount)).normalize(), use_l10n=True)


@register.filter
def signed(amount: int | Decimal) -> str:
    """An amount with its sign, as on a score sheet: +3, −3, 0, +1.5 (+1,5 in Czech and
    Slovenian: the active language's decimal mark)."""
    if amount == 0:
        return "0"
    return f"+{_magnitude(amount)}" if amount > 0 else f"−{_magnitude(amount)}"


@register.filter
def total(amount: int | Decimal | None) -> str:
    """A running count as a seat board shows it: 109, −200 (a minus sign, not a hyphen),
    101,5 in Czech and Slovenian; nothing for a seat with no count."""
    if amount is None or amount == "":
        return ""
    return f"−{_magnitude(amount)}" if amount < 0 else _magnitude(amount)


@register.filter
def pinned_rows(house_rules: Mapping[str, Any], rules: Any) -> list[tuple[str, str]]:
    """A tournament's pinned house rules (`rules` its ruleset) as a director reads them:
    each setting's title and its value (yes/no, a choice's title, a number in the locale's
    form)."""
    declared = {rule.name: rule for rule in rules.HOUSE_RULES}
    rows = []
    for name, value in house_rules.items():
        rule = declared.get(name)
        if rule is None:
            rows.append((name, str(value)))
            continue
        if isinstance(value, bool):
            shown = gettext("yes") if value else gettext("no")
        elif rule.choice_titles and value in rule.choices:
            shown = gettext(rule.choice_titles[rule.choices.index(value)])
        elif isinstance(value, int | Decimal):
            shown = number_format(value, use_l10n=True)
        else:
            shown = str(value)
        rows.append((gettext(rule.title) if rule.title else name, shown))
    return rows


@register.filter
def getfield(form: forms.BaseForm, name: str) -> forms.BoundField:
    """The bound field `name` of a form (for fields built at run time)."""
    return form[name]


@register.filter
def get_item(mapping: Mapping[Any, Any] | None, key: object) -> Any:
    """`mapping[key]` in a template (JSON objects have text keys: "1" for seat 1)."""
    if not mapping:
        return None
    return mapping[key] if key in mapping else mapping.get(str(key))


# More seats than this and a settlement's line labels get rows of their own (see
# scoring/_settlement.html): five amount columns and a label fit a 360 px phone, eight don't.
NARROW_SEATS = 5


@register.filter
def wide(seats: Sized) -> bool:
    """Whether a table of `seats` is too wide for labels beside the amounts on a phone."""
    return len(seats) > NARROW_SEATS


@register.filter
def said(value: Any) -> str:
    """One of the engine's phrases (a rubber's event, a hand's summary) in the active
    language; a plain text is shown as it is."""
    return say(value)


@register.filter
def line_label(line: Any) -> str:
    """A settlement line's label in the active language (a Line, or a stored line's JSON)."""
    return line_text(line)


@register.filter
def ago(moment: datetime.datetime | None) -> str:
    """How long ago `moment` was, in its largest whole unit and the language's plural:
    "5 minutes ago" ("před 5 minutami", "pred 5 minutami"), where Django's `timesince`
    would leave "před 5 minut" once the sentence around it says "ago"."""
    if moment is None:
        return ""
    seconds = max(int((timezone.now() - moment).total_seconds()), 0)
    if seconds < 60:
        return gettext("less than a minute ago")
    minutes = seconds // 60
    if minutes < 60:
        return ngettext("%(n)d minute ago", "%(n)d minutes ago", minutes) % {"n": minutes}
    hours = minutes // 60
    if hours < 48:
        return ngettext("%(n)d hour ago", "%(n)d hours ago", hours) % {"n": hours}
    days = hours // 24
    return ngettext("%(n)d day ago", "%(n)d days ago", days) % {"n": days}


@register.filter
def marked(text: Any, marks: Sequence[str]) -> str:
    """``text`` escaped, each word that begins with one of the stems ``marks`` (folded, as
    the rulings lookup matches) in a ``<mark>``."""
    escaped = conditional_escape(str(text))
    if not marks:
        return escaped
    return mark_safe(_WORD.sub(lambda m: _mark(m.group(0), marks), escaped))


def _mark(word: str, marks: Sequence[str]) -> str:
    if word.startswith("&") or not fold(word).startswith(tuple(marks)):
        return word
    return f"<mark>{word}</mark>"


@register.filter
def preset_title(ruleset: str, preset: str) -> str:
    """The title of ``ruleset``'s house-rule preset ``preset`` in the reader's language
    ("Westfest 2012 (prever back ×4)"), never its key."""
    module = RULESETS.get(ruleset)
    titles = getattr(module, "PRESET_TITLES", {})
    return gettext(titles[preset]) if preset in titles else preset


@register.filter
def party(name: str) -> str:
    """A whist party as the reader's language names it: a side (S–J in Czech) or a seat."""
    side = SIDE_NAMES.get(str(name))
    return say(side) if side is not None else str(name)


_FIELD_NAME = re.compile(r'\sname="([^"]+)"')


class LaterNode(template.Node):
    """`{% later %}…{% endlater %}`: see `later`."""

    def __init__(self, nodelist: template.NodeList) -> None:
        self.nodelist = nodelist

    def render(self, context: template.Context) -> str:
        inner = self.nodelist.render(context)
        # A </noscript> inside would end the wrapper early: such a part is sent as it is.
        if not context.get("draw_later") or "</noscript" in inner.lower():
            return inner
        # The part's field names ride along outside it: a request that lacks one of
        # them had the part unopened (scoring.forms.unsent), not a field left out.
        names = " ".join(sorted(set(_FIELD_NAME.findall(inner))))
        wrapped = format_html('<noscript class="later">{}</noscript>', mark_safe(inner))
        if not names:
            return wrapped
        named = format_html('<input type="hidden" name="{}" value="{}">', UNSENT_FIELD, names)
        return named + wrapped


@register.tag
def later(parser: template.base.Parser, token: template.base.Token) -> LaterNode:
    """A part of a hand form drawn only when the judge opens it (issue 29), where the
    template is rendered with `draw_later` (the judge's blank form,
    tournaments/_add_hand.html): the part is sent inside `<noscript class="later">`. A
    browser running scripts parses it as one piece of text, none of its some hundred
    elements built until static/js/judge/forms.js draws it, when its <details> opens;
    without scripts the browser reads it as part of the form, which sends it as before.
    Elsewhere (the calculator, a bound form) the part is sent as it is."""
    nodelist = parser.parse(("endlater",))
    parser.delete_first_token()
    return LaterNode(nodelist)
