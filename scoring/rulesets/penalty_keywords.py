"""The words players search the rulings by, in English, Czech and Slovenian.

Keyed by the last part of a penalty's code (``misdeal``, ``revoke`` …), so the Czech
rulesets' renoncs, which share their kinds, share their words. Every entry also answers
to the word for a penalty itself in each language.
"""

from __future__ import annotations

from collections.abc import Mapping

__all__ = ["keywords"]

_PENALTY = {"en": ("penalty", "ruling"), "cs": ("trest", "pokuta"), "sl": ("kazen",)}

_WORDS: Mapping[str, Mapping[str, tuple[str, ...]]] = {
    # The Czech renoncs (000, 001; RULES §7.2).
    "misdeal": {
        "en": ("misdeal", "wrong deal", "dealing"),
        "cs": ("chybné rozdání", "rozdávání", "rozdání"),
        "sl": ("napačno deljenje", "deljenje", "delivec"),
    },
    "varsava_card_not_added": {
        "en": ("talon card not added", "Varšava"),
        "cs": ("nepřidaná karta z talonu", "varšava", "talon"),
        "sl": ("karta iz talona ni dodana", "varšava", "talon"),
    },
    "varsava_not_overtrumped": {
        "en": ("not overtrumped", "Varšava"),
        "cs": ("nepřebitý tarok", "přebít", "varšava"),
        "sl": ("tarok ni prebit", "prebiti", "varšava"),
    },
    "varsava_too_many_taroks": {
        "en": ("too many taroks", "Varšava"),
        "cs": ("více než tři taroky", "taroky", "varšava"),
        "sl": ("preveč tarokov", "taroki", "varšava"),
    },
    "wrong_announcement": {
        "en": ("wrong announcement", "hlášky"),
        "cs": ("chybné hlášení", "hláška", "hlášky"),
        "sl": ("napačna napoved", "napoved"),
    },
    "revoke": {
        "en": ("revoke", "renege", "failure to follow suit"),
        "cs": ("nepřiznání barvy", "přiznat barvu", "barva"),
        "sl": ("nepriznana barva", "priznati barvo", "barva"),
    },
    "talon_discard": {
        "en": ("wrong discard", "talon"),
        "cs": ("chybný odhoz", "odhoz", "talon"),
        "sl": ("napačna založitev", "založitev", "talon"),
    },
    "conduct": {
        "en": ("discipline", "conduct", "behaviour", "player"),
        "cs": ("kázeň hráčů", "chování", "hráč"),
        "sl": ("disciplina", "vedenje", "igralec"),
    },
    # The SPJST penalties (004; RULES §7.1).
    "discard_counter": {
        "en": ("discard a King", "trump face down"),
        "cs": ("odhozený král", "tarok lícem dolů", "odhoz"),
        "sl": ("založen kralj", "tarok obrnjen navzdol", "založitev"),
    },
    "discard_irregularity": {
        "en": ("discarding irregularity", "discard"),
        "cs": ("nesprávný odhoz", "odhoz"),
        "sl": ("nepravilna založitev", "založitev"),
    },
    "exposed_card": {
        "en": ("exposed card", "shown card"),
        "cs": ("odkrytá karta", "ukázaná karta"),
        "sl": ("odkrita karta", "pokazana karta"),
    },
    "illegal_declaration": {
        "en": ("illegal declaration", "value", "bonus"),
        "cs": ("neoprávněné hlášení", "hláška"),
        "sl": ("nedovoljena napoved", "napoved"),
    },
    "improper_cut": {
        "en": ("improper cut", "cut"),
        "cs": ("chybné sejmutí", "snímání"),
        "sl": ("napačno dviganje", "dviganje"),
    },
    "misdeal_after_play": {
        "en": ("misdeal", "found during play", "dealing"),
        "cs": ("chybné rozdání během hry", "rozdávání"),
        "sl": ("napačno deljenje med igro", "deljenje"),
    },
    "pagat_called_not_held": {
        "en": ("Pagat called", "Pagat not held"),
        "cs": ("ohlášený pagát bez pagátu", "pagát"),
        "sl": ("napovedan pagat brez pagata", "pagat"),
    },
    "renege": {
        "en": ("renege", "revoke", "failure to follow suit"),
        "cs": ("nepřiznání barvy", "přiznat barvu"),
        "sl": ("nepriznana barva", "priznati barvo"),
    },
    "valat_call_voided": {
        "en": ("Valat call voided", "Valat"),
        "cs": ("zrušené hlášení valátu", "valát"),
        "sl": ("razveljavljena napoved valata", "valat"),
    },
    "wrong_card_count": {
        "en": ("too few cards", "too many cards", "card count"),
        "cs": ("málo karet", "moc karet", "počet karet"),
        "sl": ("premalo kart", "preveč kart", "število kart"),
    },
    "wrong_povinost": {
        "en": ("wrong Povinost", "wrong player bids"),
        "cs": ("povinnost", "špatný hráč hlásí"),
        "sl": ("obveznost", "napačen igralec licitira"),
    },
    "wrong_table": {
        "en": ("wrong table", "seat"),
        "cs": ("špatný stůl", "místo"),
        "sl": ("napačna miza", "sedež"),
    },
    "wrong_trump_called": {
        "en": ("wrong trump called", "called trump"),
        "cs": ("špatně volaný tarok", "volaný tarok"),
        "sl": ("napačno klican tarok", "klican tarok"),
    },
    "wrong_trump_unnoticed": {
        "en": ("wrong trump call not pointed out", "unnoticed"),
        "cs": ("nepovšimnuté špatné volání", "volání"),
        "sl": ("neopaženo napačno klicanje", "klicanje"),
    },
    # The Slovenian director's adjustment (RULES §7.3).
    "adjustment": {
        "en": ("adjustment", "director", "points"),
        "cs": ("úprava bodů", "ředitel turnaje", "body"),
        "sl": ("prilagoditev", "vodja turnirja", "točke"),
    },
}


def keywords(code: str) -> dict[str, tuple[str, ...]]:
    """The search words of the penalty ``code`` in each language (KeyError if unknown).

    >>> keywords("cz.renonc.misdeal")["sl"]
    ('napačno deljenje', 'deljenje', 'delivec', 'kazen')
    """
    own = _WORDS[code.rsplit(".", 1)[-1]]
    return {language: (*own[language], *_PENALTY[language]) for language in _PENALTY}
