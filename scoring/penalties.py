"""The shape of a penalty catalogue entry (RULES §7); each ruleset lists its own.

Each :class:`PenaltyEntry` gives the rule in English and in the seed's own words, the
evidence, what the engine does with it, and a complete example hand whose settlement is
computed by the engine itself (never typed in). A leaf module: the rulesets' catalogues
import it, so it imports no ruleset and not the registry (which gathers every ruleset's
entries in :func:`scoring.registry.catalogue`).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from scoring.jsonio import freeze, thaw
from scoring.words import Phrase, gettext_noop

__all__ = ["PARAMS", "PenaltyEntry", "PenaltyParam", "fold"]

LANGUAGES = ("en", "cs", "sl")


@dataclass(frozen=True)
class PenaltyParam:
    """A parameter a penalty takes beside its offender, as a ruling form asks for it."""

    name: str
    kind: str  # "seat" (a seat of the table), "integer" or "text"
    label: str
    word: str  # what a ledger line calls it beside its value ("points: −20")


# Every parameter any ruleset's penalties take, named once so a ruling form (the director's
# ledger, the judge's penalty rows) asks for each the same way whatever the ruleset.
PARAMS = {
    param.name: param
    for param in (
        PenaltyParam(
            "value", "text", gettext_noop("Value (illegal declaration)"), gettext_noop("value")
        ),
        PenaltyParam(
            "rightful",
            "seat",
            gettext_noop("Rightful seat (wrong Povinost)"),
            gettext_noop("rightful seat"),
        ),
        PenaltyParam(
            "points", "integer", gettext_noop("Points (adjustment)"), gettext_noop("points")
        ),
        PenaltyParam("reason", "text", gettext_noop("Reason"), gettext_noop("reason")),
    )
}


@dataclass(frozen=True)
class PenaltyEntry:
    """One penalty or ruling of a ruleset, as the rulings lookup shows it."""

    code: str
    ruleset: str
    title: str
    # A phrase when translated (SPJST's, restated from an English seed), else English text
    # beside the seed's own words in its language.
    rule_text: str | Phrase
    original_text: str
    original_language: str
    evidence: str | Phrase
    effect: Phrase
    params: tuple[str, ...]
    example: Mapping[str, Any] = field(hash=False, repr=False)
    voids_hand: bool = False
    prefix: str = ""  # the codes' family when not the ruleset's name: "cz" for cz_xix
    # Words players search by, in each language: the rulings lookup finds an entry by its
    # Czech, Slovenian or English name whatever the language of its own texts.
    keywords: Mapping[str, tuple[str, ...]] = field(default_factory=dict, hash=False)

    def __post_init__(self) -> None:
        prefix = self.prefix or self.ruleset
        if not self.ruleset.startswith(f"{prefix}_") and prefix != self.ruleset:
            raise ValueError(f"{self.ruleset!r} is not of the code family {prefix!r}")
        if not self.code.startswith(f"{prefix}."):
            raise ValueError(f"penalty code {self.code!r} must start with {prefix!r}.")
        unknown = [param for param in self.params if param not in PARAMS]
        if unknown:
            raise ValueError(f"{self.code}: unknown parameters {unknown} (known: {list(PARAMS)})")
        if set(self.keywords) - set(LANGUAGES):
            raise ValueError(f"{self.code}: keywords in unknown languages {set(self.keywords)}")
        if self.original_language not in LANGUAGES:
            raise ValueError(f"{self.code}: unknown language {self.original_language!r}")
        object.__setattr__(self, "example", freeze(self.example))

    def search_text(self) -> str:
        """Everything the lookup searches, folded (see :func:`fold`)."""
        words = [word for language in LANGUAGES for word in self.keywords.get(language, ())]
        texts = (self.code, self.title, str(self.rule_text), self.original_text, str(self.effect),
                 str(self.evidence), *words)  # fmt: skip
        return fold(" ".join(texts))

    def example_hand(self) -> dict[str, Any]:
        """A fresh, mutable copy of the example hand."""
        return thaw(self.example)

    def __repr__(self) -> str:
        return f"<PenaltyEntry {self.code}: {self.title}>"


def fold(text: str) -> str:
    """``text`` without accents or case, as a search compares it: "Rozdávání" → "rozdavani".

    >>> fold("Rozdávání"), fold("ČESKY Šárka"), fold("Žiga")
    ('rozdavani', 'cesky sarka', 'ziga')
    """
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(char for char in decomposed if not unicodedata.combining(char))
