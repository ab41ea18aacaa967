"""The Czech renonc catalogue (000 "Renonc"; RULES §7.2, §7.3): texts and examples.

The seed (000) is in Czech: ``original_text`` quotes its own words and ``rule_text`` says
the rule in English as RULES.md reads it. Both Czech rulesets build their entries here,
each with its own code prefix, amount and example hands.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from scoring.penalties import PenaltyEntry
from scoring.rulesets.cz_renonc import KINDS
from scoring.rulesets.penalty_keywords import keywords
from scoring.words import Phrase, Value, gettext_noop, phrase, series, word

__all__ = ["renonc_entries"]

_PENALTY_CS = (
    " Tresty si určí každá tarokářská společnost podle svého uvážení, vyspělosti hráčů a "
    "hraní fair play."
)
# kind → (the rule in English, the seed's words); the titles are cz_renonc's KINDS
_TEXTS: Mapping[str, tuple[str, str]] = {
    "misdeal": (
        "The dealer deals a wrong number of cards, or deals in a wrong way.",
        "Špatné rozdávání: jestliže rozdávající (zadák) rozdá špatný počet karet, nebo rozdá "
        "nesprávným způsobem.",
    ),
    "varsava_card_not_added": (
        "In Varšava the forehand did not add the six talon cards, one to each of the first "
        "six tricks, in the right order.",
        "Nepřihození karty do štychu při Varšavě: předák nepřihodil všech 6 karet ve správném "
        "pořadí do štychů.",
    ),
    "varsava_not_overtrumped": (
        "In Varšava a player had to beat the highest tarok in the trick but played a lower one.",
        "Nepřebití vyneseného taroka při Varšavě: hráč měl přebít nejvyšší tarok ve štychu, "
        "ale podbil nižším.",
    ),
    "varsava_too_many_taroks": (
        "The forehand called Varšava holding more than three taroks.",
        "Vyvolání Varšavy s více než 3mi taroky: předák měl více než tři taroky.",
    ),
    "wrong_announcement": (
        "A player announced a hláška wrongly (does not know the hlášky and mixes them up).",
        "Zahlášení nesprávné hlášky: hráč nezná hlášky a poplete je.",
    ),
    "revoke": (
        "A player did not follow suit, or did not play a tarok when one was due.",
        "Nepřiznání barvy nebo taroka: měl být přihozen tarok nebo barva, ale hráč hrál jinak.",
    ),
    "talon_discard": (
        "After taking cards from the talon a player did not discard the right number, so "
        "holds a wrong number of cards.",
        "Neodhození zpátky do talonu: neodhození za talón správný počet karet po rozebrání "
        "talónu (výsledkem je, že hráč má nesprávný počet karet v ruce).",
    ),
    "conduct": (
        "A player prompts the partner in a way not allowed, plainly tries to cheat, or helps "
        "himself to a win on purpose; usually by talking or thinking aloud too much.",
        "Porušení hráčské kázně: Hráč jedná tak, že napovídá jakýmkoliv nepovoleným způsobem "
        "spoluhráči jak má hrát, snaží se evidentně podvádět, pomáhá si k výhře záměrně "
        "nepovoleným způsobem. Obvykle hráč příliž mluví nebo myslí nahlas. (tyto přestupky "
        "jsou těžko postižitelné, protože se obtížně stanovuje hranice a protože nelze přesně "
        "určit úmyslné či neúmyslné zavinění).",
    ),
}


def _effect(kind: str, amount: Value, flek: Phrase) -> Phrase:
    pays = phrase(
        "the offender (the penalty's seat) pays each other player {amount} × {flek}",
        amount=amount,
        flek=flek,
    )
    if kind == "conduct":
        return phrase("The hand is scored as entered; {pays}.", pays=pays)
    parts = [phrase("The hand is not scored; {pays}.", pays=pays)]
    if kind.startswith("varsava_"):
        parts.append(word(gettext_noop("Only in a Varšava.")))
    if kind in ("varsava_card_not_added", "varsava_too_many_taroks"):
        parts.append(
            word(gettext_noop("The seat must be the declarer, the forehand who called it."))
        )
    return series(parts, " ")


def renonc_entries(
    ruleset: str,
    prefix: str,
    evidence: str,
    amount: Value,
    flek: Phrase,
    example: Callable[[str, str], dict[str, Any]],
) -> tuple[PenaltyEntry, ...]:
    """The eight entries of ``ruleset``; ``example(kind, code)`` gives each example hand.

    ``amount`` and ``flek`` name the amount and the flek factor in the effect texts.
    """
    entries = []
    for kind in KINDS:
        title, (rule, original) = KINDS[kind], _TEXTS[kind]
        code = f"{prefix}.renonc.{kind}"
        rule += " The seed leaves the penalty to each club; RULES §7.2 decides it."
        entries.append(
            PenaltyEntry(
                code=code, ruleset=ruleset, title=title, rule_text=rule,
                original_text=original + _PENALTY_CS, original_language="cs",
                evidence=evidence, effect=_effect(kind, amount, flek), params=(),
                example=example(kind, code), voids_hand=kind != "conduct",
                prefix="" if prefix == ruleset else prefix, keywords=keywords(code),
            )
        )  # fmt: skip
    return tuple(entries)
