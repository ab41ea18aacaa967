"""The penalty catalogue of two-pack Tarok (RULES §7.3): the director's free adjustment.

Seed 002 names no penalties. RULES §7.3 decides that a director's free adjustment is
enough: ``{"code": "si.adjustment", "seat", "points", "reason"}`` writes ``points`` (+ or
−) for one seat, beside whatever the hand scores. ``original_text`` says the rule in
Slovenian (the project's wording: the seed has none), ``rule_text`` in English.
"""

from __future__ import annotations

from scoring.penalties import PenaltyEntry
from scoring.rulesets.penalty_keywords import keywords
from scoring.words import gettext_noop, phrase, word

__all__ = ["adjustment_entry"]

_RULE = (
    "The tournament director may add points to a player's score or take points from it, "
    "for any irregularity, stating the reason. The hand is scored as entered; the adjustment "
    "is written for that player alone (scores are not paid between players)."
)
_ORIGINAL = (
    "Vodja turnirja lahko igralcu zaradi nepravilnosti prišteje ali odšteje točke in pri tem "
    "navede razlog. Igra se točkuje, kot je vpisana; popravek se vpiše samo temu igralcu "
    "(točke se med igralci ne plačujejo)."
)


def adjustment_entry(ruleset: str) -> PenaltyEntry:
    """The ``si.adjustment`` entry of ``ruleset``, with a trojka and seat 2's −20 as example."""
    example = {
        "ruleset": ruleset, "contract": "trojka", "declarer": 1, "partners": [3],
        "declarer_points": 83,
        "penalties": [
            {"code": "si.adjustment", "seat": 2, "points": -20, "reason": "govorjenje med igro"}
        ],
    }  # fmt: skip
    return PenaltyEntry(
        code="si.adjustment", ruleset=ruleset, title=gettext_noop("Director's adjustment"), rule_text=_RULE,
        original_text=_ORIGINAL, original_language="sl",
        evidence=phrase("RULES §7.3 (seed {seed} names no penalties)", seed="002"),
        effect=word(gettext_noop(
            "Writes the entry's points (+ or −) for its seat, beside what the hand scores; "
            "nothing is paid by the other players. Without a contract it is a standalone ruling."
        )),
        params=("points", "reason"), example=example, prefix="si",
        keywords=keywords("si.adjustment"),
    )  # fmt: skip
