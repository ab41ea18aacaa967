"""Hands for the simulated day: what a judge types into a table's hand form, per ruleset
and table size, as the browser posts it.

Each hand is the engine's JSON (RULES §0.3) and is turned into the form's fields the way
the judge's page would show it (`initial_from_hand`, as tests/scoring/test_hand_forms.py
posts a stored hand back). The hands come from the rulesets' golden cases (every table size
the cases cover, house rules as pinned) and from the Hypothesis strategies of
tests/scoring where they fit the table.
"""

import functools
from typing import Any

from django.forms import Select
from hypothesis import strategies as st

from scoring.forms import hand_form
from tests.scoring import czech_strategies, strategies
from tests.scoring.golden import load_cases


@functools.cache
def golden_hands(ruleset: str, seats: int) -> tuple[tuple[dict, ...], tuple[dict, ...]]:
    """The golden cases' hands of a table of `seats`: those scored and those refused.

    Cases with their own house rules are left out: a tournament pins its rules once.
    """
    _all, scored, refused = load_cases(ruleset)

    def fits(case: dict) -> bool:
        hand = case["hand"]
        if case.get("house_rules") or hand.get("house_rules"):
            return False
        if "deltas" in case:
            return len(case["deltas"]) == seats
        # A refused case names no deltas: its seat count is its `players`, else the usual.
        return hand.get("players", 3 if ruleset == "cz_three" else 4) == seats

    return (
        tuple(_playable(case["hand"]) for case in scored if fits(case)),
        tuple(_playable(case["hand"]) for case in refused if fits(case)),
    )


def _playable(hand: dict) -> dict:
    # The strategies keep working notes under "_" keys; the form takes no ruleset.
    return {key: value for key, value in hand.items() if not key.startswith("_")}


def berac_without_won(seats: int) -> list[dict]:
    """Slovenian berač hands with `won` left out: RULES §0.4 reads an omitted boolean as
    false, so each is a lost berač and must be stored as one."""
    scored, _refused = golden_hands("si_double", seats)
    return [
        {key: value for key, value in hand.items() if key != "won"}
        for hand in scored
        if hand.get("contract") == "berac"
    ]


def _strategy(ruleset: str, seats: int) -> st.SearchStrategy[dict] | None:
    """Hypothesis's valid hands of the ruleset at a table of `seats`, where tests/scoring
    has them."""
    if ruleset == "spjst" and seats == 4:
        return strategies.valid_hands()
    if ruleset == "cz_xix" and seats == 4:
        return czech_strategies.cz_xix_hands()
    if ruleset == "cz_three":
        three = czech_strategies.cz_three_hands()
        return three.filter(lambda hand: (hand.get("sitter") is None) == (seats == 3))
    return None


def valid_hands(ruleset: str, seats: int) -> st.SearchStrategy[dict]:
    """A hand the rules accept at a table of `seats` (golden, or from the strategies)."""
    scored, _refused = golden_hands(ruleset, seats)
    choices = [st.sampled_from(scored)] if scored else []
    berac = berac_without_won(seats) if ruleset == "si_double" else []
    if berac:
        choices.append(st.sampled_from(berac))
    drawn = _strategy(ruleset, seats)
    if drawn is not None:
        choices.append(drawn.map(_playable))
    return st.one_of(choices)


def invalid_hands(ruleset: str, seats: int) -> st.SearchStrategy[dict]:
    """A hand the rules refuse (a golden refusal), or points beyond the pack's."""
    _scored, refused = golden_hands(ruleset, seats)
    scored, _ = golden_hands(ruleset, seats)
    beyond = [{**hand, "declarer_points": 999} for hand in scored if "declarer_points" in hand] or [
        {"ruleset": ruleset, "penalties": [{"code": "no.such.penalty", "seat": 1}]}
    ]
    return st.sampled_from([*refused, *beyond])


def form_post(ruleset: str, hand: dict[str, Any], seat_names: dict[int, str]) -> dict[str, Any]:
    """What the browser sends from the table's hand form showing `hand` (an unticked box
    sends nothing; a drop-down with nothing chosen and no blank option sends its first
    option, as it shows it), as tests/scoring/test_hand_forms.browser_post does."""
    form_class = hand_form(ruleset)
    form = form_class(initial=form_class.initial_from_hand(hand), seat_names=seat_names)
    data = {}
    for field in form:
        value = field.value()
        if value in (None, ""):
            value = _shown_first(field.field)
        if value is not None and value is not False and value not in ("", []):
            data[field.html_name] = value
    return data


def _shown_first(field) -> Any:
    # A single drop-down (not a list of radio buttons or boxes) always has an option
    # selected: with none marked, the browser selects and sends the first. A penalties-only
    # hand (a wrong trump called) has no declarer, and the declarer's list has no blank.
    widget = field.widget
    if type(widget) is not Select or not getattr(field, "choices", None):
        return None
    return next(iter(field.choices))[0]
