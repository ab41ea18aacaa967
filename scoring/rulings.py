"""The rulings lookup: penalty entries found by the words a player types, ranked.

A word matches the words of an entry that begin with its stem in the reader's language
("rozdání", "rozdávání" and "rozdáním" share "rozd…"; Slovenian "deljenje" and "deljenja"
share "deljenj…"), accents and case ignored. Every word typed must match (so each one
narrows the list); an entry ranks by where its matches are: its title and its own search
words in the reader's language count most, then its other names, then its texts.

>>> stem("rozdávání", "cs"), stem("deljenja", "sl"), stem("misdeals", "en")
('rozdav', 'deljenj', 'misdeal')
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from scoring.penalties import LANGUAGES, PenaltyEntry, fold

__all__ = ["Found", "find", "stem", "stems"]

# Endings (folded) stripped from a word for its stem; a stem keeps three letters.
_ENDINGS = {
    "cs": ("ovani", "eni", "ani", "emi", "ami", "imi", "ich", "ych", "ou", "em", "im", "um",
           "y", "i", "u", "a", "e", "o"),
    "sl": ("anje", "enje", "ami", "ega", "emu", "ih", "om", "em", "a", "e", "i", "o", "u"),
    "en": ("ings", "ing", "es", "ed", "s"),
}  # fmt: skip
_MIN_STEM = 3
_WORD = re.compile(r"\w+")
# Weights of a match: its title and words in the reader's language, then the rest.
_OWN, _OTHER, _TEXT = 5, 2, 1


def stem(word: str, language: str) -> str:
    """``word`` folded (no accents, no case) and cut to its stem in ``language``."""
    word = fold(word)
    for ending in _ENDINGS.get(language, _ENDINGS["en"]):
        if word.endswith(ending) and len(word) - len(ending) >= _MIN_STEM:
            return word[: -len(ending)]
    return word


def stems(query: str, language: str) -> tuple[str, ...]:
    """The stems of the words of ``query``, each once, in order."""
    return tuple(dict.fromkeys(stem(word, language) for word in _WORD.findall(query)))


@dataclass(frozen=True)
class Found:
    """An entry the lookup found, with its rank (higher first)."""

    entry: PenaltyEntry
    rank: int


def _hits(text: str, wanted: str) -> int:
    return sum(1 for word in _WORD.findall(fold(text)) if word.startswith(wanted))


def _rank(entry: PenaltyEntry, wanted: Sequence[str], title: str, language: str) -> int:
    own = " ".join((title, entry.title, *entry.keywords.get(language, ())))
    other = " ".join(
        (entry.code.replace("_", " ").replace(".", " "),
         *(word for lang in LANGUAGES if lang != language for word in entry.keywords.get(lang, ())))
    )  # fmt: skip
    texts = " ".join(
        (str(entry.rule_text), entry.original_text, str(entry.effect), str(entry.evidence))
    )
    rank = 0
    for word in wanted:
        score = _OWN * _hits(own, word) + _OTHER * _hits(other, word) + _TEXT * _hits(texts, word)
        if not score:
            return 0
        rank += score
    return rank


def find(
    entries: Iterable[PenaltyEntry], query: str, language: str, titles: dict[str, str]
) -> list[PenaltyEntry]:
    """The entries every word of ``query`` matches, best first (all of them, in order,
    for an empty query). ``titles`` are the entries' titles in the reader's language."""
    entries = list(entries)
    wanted = stems(query, language)
    if not wanted:
        return entries
    found = [Found(e, _rank(e, wanted, titles.get(e.code, ""), language)) for e in entries]
    return [f.entry for f in sorted(found, key=lambda f: -f.rank) if f.rank]
