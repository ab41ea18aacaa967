"""What a Czech or Slovenian page must not say: the code's names, untranslated English.

Shared by the walk of the engine's refusals and the walk of the permission matrix's pages.
"""

from __future__ import annotations

import re

# A name from the code: snake_case (renonc_points) or dotted (si.adjustment, spjst.misdeal).
CODE_NAME = re.compile(
    r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b|\b[a-z][a-z0-9]*(?:\.[a-z_][a-z0-9_]*)+\b"
)
# English words neither Czech nor Slovenian uses ("a", "to", "in", "no", "list" are theirs too).
ENGLISH = frozenset(
    [
        "the",
        "is",
        "are",
        "must",
        "required",
        "got",
        "known",
        "unknown",
        "allowed",
        "object",
        "boolean",
        "decimal",
        "true",
        "false",
        "null",
        "and",
        "or",
        "of",
        "field",
        "penalty",
        "points",
        "chips",
        "reason",
        "only",
        "one",
        "from",
        "with",
        "without",
        "given",
        "each",
        "every",
        "won",
        "announced",
        "holder",
        "side",
        "declarer",
        "opponents",
        "contract",
        "value",
        "values",
        "code",
        "seat",
        "seats",
        "talking",
        "during",
        "play",
        "applied",
        "ruling",
        "rulings",
        "names",
        "none",
        "needs",
        "already",
        "recorded",
        "cannot",
        "should",
        # Whist's sides as the engine keys them; the pages say S–J and V–Z.
        "ns",
        "ew",
    ]
)


def offences(text: str, allowed: frozenset[str] = frozenset()) -> list[str]:
    """The code names, "(got" and English words in ``text`` (a page's or a form's words);
    ``allowed`` are words that may stand (a player's or a club's name)."""
    found = [match for match in CODE_NAME.findall(text) if match not in allowed]
    if "(got" in text:
        found.append("(got")
    words = re.findall(r"[A-Za-z]+", text)
    found += [word for word in words if word.lower() in ENGLISH and word not in allowed]
    return found
