"""The judge's blank hand form sends its folded parts as text drawn when opened (issue 29:
the phone reloads the table page without building some 600 elements it rarely uses),
and a hand saved without opening them means what the whole form would have sent.

`_sent` reads a form's HTML as a browser submits it untouched: every text field, the
chosen (else the first) option of each list, the ticked boxes and radio buttons."""

import re
from html.parser import HTMLParser

import pytest
from django.http import QueryDict
from django.template import Context, Template
from django.template.loader import render_to_string

from scoring.forms import hand_form
from scoring.registry import RULESETS

SEATS = {1: "Anna", 2: "Bára", 3: "Cyril", 4: "Dana"}
LATER = re.compile(r'<noscript class="later">(.*?)</noscript>', re.S)
# The hidden field beside each part that names the part's fields (scoring.forms.unsent).
NAMED = re.compile(r'<input type="hidden" name="later" value="[^"]*">')
# The game's own fields stay on the page: a hand of the game alone is entered as before.
GAME = {
    "spjst": {"declarer", "partner", "called", "prever_talon", "declarer_points", "challenge"},
    "cz_xix": {"declarer", "partner", "called", "preferanc_talon", "flek", "folded"},
    "cz_three": {"declarer", "flek", "valat_announced", "valat_won"},
    "si_double": {"declarer", "partners", "kontra", "won", "silent_valat"},
    "whist": {"tricks_NS", "tricks_EW", "cayenne_accepted", "honours_side"},
}


class _Sent(HTMLParser):
    """The (name, value) pairs a browser sends for a form's HTML left as it is."""

    def __init__(self) -> None:
        super().__init__()
        self.pairs: list[tuple[str, str]] = []
        self.names: set[str] = set()  # every field's name, sent or not
        self._select: tuple[str, bool, list] | None = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        name = attrs.get("name")
        if name and tag in ("input", "select"):
            self.names.add(name)
        if tag == "input" and name and attrs.get("type") not in ("submit", "button"):
            if attrs.get("type") not in ("checkbox", "radio"):
                self.pairs.append((name, attrs.get("value") or ""))
            elif "checked" in attrs:
                self.pairs.append((name, attrs.get("value", "on")))
        elif tag == "select":
            self._select = (name, "multiple" in attrs, [])
        elif tag == "option" and self._select is not None:
            self._select[2].append((attrs["value"], "selected" in attrs))

    def handle_endtag(self, tag):
        if tag == "select" and self._select is not None:
            name, multiple, options = self._select
            chosen = [value for value, selected in options if selected]
            if not multiple:
                chosen = chosen[-1:] or [options[0][0]]
            self.pairs += [(name, value) for value in chosen]
            self._select = None


def _sent(html: str) -> _Sent:
    parser = _Sent()
    parser.feed(html)
    parser.close()
    return parser


def _bound(ruleset: str, pairs: list[tuple[str, str]]):
    data = QueryDict(mutable=True)
    for name, value in pairs:
        data.appendlist(name, value)
    data._mutable = False  # as a request's
    form = hand_form(ruleset)(data, seat_names=SEATS)
    form.is_valid()
    return form


def _blank(ruleset: str, **context) -> str:
    form = hand_form(ruleset)(seat_names=SEATS)
    return render_to_string(form.template_name, {"form": form, **context})


@pytest.mark.parametrize("ruleset", list(RULESETS))
def test_the_blank_forms_folded_parts_are_text_and_its_game_is_fields(ruleset):
    html = _blank(ruleset, draw_later=True)
    page = _sent(LATER.sub("", html))
    later = _sent("".join(LATER.findall(html)))
    # What a phone running scripts builds at once: the game; the rest only when opened.
    assert GAME[ruleset] <= page.names
    assert later.names and not later.names & page.names
    elements = len(re.findall(r"<[a-z]", LATER.sub("", html)))
    assert elements <= 90, elements  # the game, and one hidden field naming each part
    # The whole form, without scripts: every field, the same HTML inside the noscripts.
    assert _blank(ruleset) == NAMED.sub("", LATER.sub(r"\1", html))
    assert "<noscript" not in _blank(ruleset)


@pytest.mark.parametrize("ruleset", list(RULESETS))
def test_a_form_sent_without_its_folded_parts_cleans_as_the_whole_blank_form(ruleset):
    html = _blank(ruleset, draw_later=True)
    whole = _bound(ruleset, _sent(LATER.sub(r"\1", html)).pairs)
    unopened = _bound(ruleset, _sent(LATER.sub("", html)).pairs)
    assert len(_sent(LATER.sub("", html)).pairs) < len(_sent(LATER.sub(r"\1", html)).pairs)
    assert unopened.errors == whole.errors
    assert unopened.cleaned_data == whole.cleaned_data


def test_a_hand_saved_with_no_folded_part_opened_is_the_same_hand():
    html = _blank("spjst", draw_later=True)
    game = [("declarer", "1"), ("partner", "3"), ("declarer_points", "59")]

    def entered(pairs):
        return [pair for pair in pairs if pair[0] not in dict(game)] + game

    whole = _bound("spjst", entered(_sent(LATER.sub(r"\1", html)).pairs))
    unopened = _bound("spjst", entered(_sent(LATER.sub("", html)).pairs))
    assert unopened.is_valid(), unopened.errors
    assert unopened.hand_json() == whole.hand_json()
    assert unopened.settle().deltas == {1: 3, 2: -3, 3: 3, 4: -3}


def test_a_field_sent_keeps_its_value_and_a_box_left_unticked_stays_unticked():
    later = ("later", "pagat_challenge cards_side pagat_announced")
    form = _bound(
        "spjst",
        [("declarer", "1"), ("partner", "3"), ("declarer_points", "59"), ("challenge", "1"), later],
    )
    # Sent: as sent. Not sent: a list at the blank form's choice, a box unticked.
    assert form.cleaned_data["challenge"] == 1
    assert form.cleaned_data["pagat_challenge"] == 0
    assert form.cleaned_data["cards_side"] == "declarer"
    assert form.cleaned_data["pagat_announced"] is False
    assert form.cleaned_data["cards"] == []


def test_a_part_that_would_end_its_noscript_early_is_sent_as_it_is():
    template = Template("{% load scoring_tags %}{% later %}<b>{{ text }}</b>{% endlater %}")
    assert template.render(Context({"draw_later": True, "text": "x"})) == (
        '<noscript class="later"><b>x</b></noscript>'
    )
    # A name typed as "</noscript>" is escaped: it ends nothing.
    said = template.render(Context({"draw_later": True, "text": "</noscript>"}))
    assert said == '<noscript class="later"><b>&lt;/noscript&gt;</b></noscript>'
    raw = Template("{% load scoring_tags %}{% later %}</noscript>{% endlater %}")
    assert raw.render(Context({"draw_later": True})) == "</noscript>"
    assert template.render(Context({"text": "x"})) == "<b>x</b>"


def test_only_the_fields_a_part_drawn_later_names_take_the_blank_forms_values():
    # A request without the parts' names (posted by hand, or by an older page) gets no
    # value it did not send: a contract left out is not a Povinost.
    pairs = [("declarer", "1"), ("partner", "3"), ("declarer_points", "59")]
    bare = _bound("spjst", pairs)
    assert "contract" not in bare.data and "pagat_challenge" not in bare.data
    named = _bound("spjst", [*pairs, ("later", "pagat_challenge")])
    assert named.data["pagat_challenge"] == "0" and "contract" not in named.data
