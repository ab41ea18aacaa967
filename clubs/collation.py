"""Sorting names as the reader's language files them (pure Python: the PDFs use it too).

Czech files č, ř, š, ž as letters of their own after c, r, s, z, and "ch" as one letter
after h; the other accents (á, é, ě, í, ó, ú, ů, ý, ď, ň, ť) sort with their base letter
and only break a tie. Slovenian files č, ć, đ, š, ž after c, c, d, s, z. English files
every accent with its base letter. Case only breaks a tie. A letter with a stroke (đ, ł,
ø), which Unicode does not write as its base letter and a mark, is filed with its base
letter too, as other accents are, where the language has no letter of its own for it.

>>> names = ["Hruska", "Chalupa", "Hájek", "Čermák", "Cibulka", "Zupan", "Šimek", "Sýkora"]
>>> sorted(names, key=lambda name: collation_key(name, "cs"))
['Cibulka', 'Čermák', 'Hájek', 'Hruska', 'Chalupa', 'Sýkora', 'Šimek', 'Zupan']
>>> sorted(names, key=lambda name: collation_key(name, "en"))
['Čermák', 'Chalupa', 'Cibulka', 'Hájek', 'Hruska', 'Šimek', 'Sýkora', 'Zupan']
>>> sorted(["Žiga", "Zala", "Ćosić", "Čuk", "Cvek"], key=lambda n: collation_key(n, "sl"))
['Cvek', 'Čuk', 'Ćosić', 'Zala', 'Žiga']
>>> [sorted(["Dvornik", "Đurić", "Dolenc"], key=lambda n: collation_key(n, lang)) for lang in ("sl", "cs")]
[['Dolenc', 'Dvornik', 'Đurić'], ['Dolenc', 'Đurić', 'Dvornik']]
"""

from __future__ import annotations

import functools
import unicodedata

__all__ = ["collation_key", "person_key"]

# Letters filed after their base letter: (base, rank among the base's own letters).
_OWN_LETTERS = {
    "cs": {"č": ("c", 1), "ř": ("r", 1), "š": ("s", 1), "ž": ("z", 1), "ch": ("h", 1)},
    "sl": {"č": ("c", 1), "ć": ("c", 2), "đ": ("d", 1), "š": ("s", 1), "ž": ("z", 1)},
}
# Letters Unicode does not decompose into a base letter and a mark, and their base letter.
_STROKED = {"đ": "d", "ł": "l", "ø": "o"}
# Each base letter's own letters that are written with two characters (Czech "ch").
_DIGRAPHS = {
    language: [k for k in letters if len(k) > 1] for language, letters in _OWN_LETTERS.items()
}

Key = tuple[tuple[tuple[str, int], ...], tuple[str, ...], str]


def _letters(text: str, language: str) -> list[str]:
    """``text`` cut into the language's letters ("chalupa" → ch, a, l, u, p, a in Czech)."""
    letters, index = [], 0
    digraphs = _DIGRAPHS.get(language, [])
    while index < len(text):
        two = text[index : index + 2]
        if two in digraphs:
            letters.append(two)
            index += 2
        else:
            letters.append(text[index])
            index += 1
    return letters


@functools.lru_cache(maxsize=16384)
def collation_key(text: str, language: str = "en") -> Key:
    """A sort key for ``text`` in ``language`` ("cs", "sl"; anything else sorts as English).

    Primary: the letters (the language's own letters after their base letter); then the
    accents; then the text itself, so that different names never compare equal.
    Remembered (the key is immutable): a list of thousands of players files the same
    names again and again.
    """
    language = language.split("-")[0]
    own = _OWN_LETTERS.get(language, {})
    primary, accents = [], []
    for letter in _letters(text.casefold(), language):
        if letter in own:
            primary.append(own[letter])
            accents.append("")
            continue
        base, *marks = unicodedata.normalize("NFD", letter)
        if base in _STROKED:
            base, marks = _STROKED[base], [base, *marks]
        primary.append((base, 0))
        accents.append("".join(marks))
    return (tuple(primary), tuple(accents), text)


def person_key(last_name: str, first_name: str, language: str = "en") -> tuple[Key, Key]:
    """A person filed by surname, then given name, as a list of players is read."""
    return (collation_key(last_name, language), collation_key(first_name, language))
