"""Bad hands for every ruleset, built from its golden cases: each refused case, and each
scored case with one field taken away, given the wrong type or an impossible value, an
unknown field added, the contract swapped, and penalty rows that the rules refuse.

The walk is enumerated rather than random so that a new refusal a ruleset learns is met
by the next run, and every message the engine can give a player is reached by some hand.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

from scoring import HandError, score_hand
from scoring.registry import RULESETS, catalogue
from tests.scoring.golden import load_cases

# Values of the wrong type, or of the right type but out of every field's range.
# Each scored case spoiled every way: a few are enough to reach every refusal.
SCORED_CASES = 6
WRONG_VALUES: tuple[Any, ...] = ("x", [2], True, 99, -1, {"a": 1}, 2.5, "povinost", [])


def _variants(value: Any) -> Iterator[Any]:
    """``value`` spoiled one way at a time, recursing into objects and lists."""
    yield from WRONG_VALUES
    if isinstance(value, dict):
        for key in value:
            for spoiled in _variants(value[key]):
                yield {**value, key: spoiled}
            yield {k: v for k, v in value.items() if k != key}
        yield {**value, "zzz": 1}
    elif isinstance(value, list):
        for i, item in enumerate(value):
            for spoiled in _variants(item):
                yield [*value[:i], spoiled, *value[i + 1 :]]
        yield value + value[:1]


def _contracts(ruleset: str) -> set[str]:
    cases = load_cases(ruleset)[0]
    return {case["hand"]["contract"] for case in cases if "contract" in case["hand"]}


def _penalty_rows(ruleset: str) -> Iterator[list[dict[str, Any]]]:
    for entry in catalogue(ruleset):
        code = entry.example.get("penalties", [{}])[0].get("code") if entry.example else None
        if code:
            yield [{"code": code}]
            yield [{"code": code, "seat": 9}]
            yield [{"code": code, "seat": 1}, {"code": code, "seat": 1}]
            yield [{"code": code, "seat": 1, "zzz": 2}]
    yield [{"code": "nonsense", "seat": 1}]


def bad_hands(ruleset: str) -> Iterator[tuple[dict[str, Any], dict[str, Any] | None]]:
    """Hands of ``ruleset`` (with their house rules) that the engine may refuse."""
    _cases, scored, refused = load_cases(ruleset)
    for case in refused:
        yield case["hand"], case.get("house_rules")
    for entry in catalogue(ruleset):
        if entry.example:
            for spoiled in _variants(entry.example):
                if isinstance(spoiled, dict):
                    yield spoiled, None
    contracts = _contracts(ruleset)
    for case in scored[:SCORED_CASES]:
        hand, rules = case["hand"], case.get("house_rules")
        for key, value in hand.items():
            if key == "ruleset":
                continue
            yield {k: v for k, v in hand.items() if k != key}, rules
            for spoiled in _variants(value):
                yield {**hand, key: spoiled}, rules
        yield {**hand, "zzz": 1}, rules
        for contract in contracts:
            yield {**hand, "contract": contract}, rules
        for rows in _penalty_rows(ruleset):
            yield {**hand, "penalties": copy.deepcopy(rows)}, rules
        for name in ("zzz", *((rules or {}).keys())):
            for value in WRONG_VALUES[:4]:
                yield hand, {**(rules or {}), name: value}


def refusals(ruleset: str) -> dict[tuple[str, str], tuple[HandError, dict[str, Any]]]:
    """One refusal for each (field, English reason) the bad hands of ``ruleset`` meet."""
    found: dict[tuple[str, str], tuple[HandError, dict[str, Any]]] = {}
    for hand, rules in bad_hands(ruleset):
        try:
            score_hand(ruleset, hand, rules)
        except HandError as error:
            found.setdefault((error.field, error.reason), (error, hand))
    return found


__all__ = ["RULESETS", "bad_hands", "refusals"]
