"""The Czech and Slovenian catalogues (issue 14): complete, none fuzzy, and the committed
.mo files compiled from the .po files as they stand.

The .po files are read by the small parser below rather than a new dependency; it reads
what `makemessages` and translators' tools write (comments, flags, msgctxt, plural forms,
strings continued over several lines, obsolete `#~` entries).
"""

import ast
import gettext
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from django.conf import settings

LOCALE = Path(settings.BASE_DIR) / "locale"
TRANSLATED = [code for code, _name in settings.LANGUAGES if code != "en"]
PLURAL_FORMS = {
    "cs": "nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;",
    "sl": "nplurals=4; plural=(n%100==1 ? 0 : n%100==2 ? 1 : n%100==3 || n%100==4 ? 2 : 3);",
}


@dataclass
class Entry:
    """One message of a .po file; `msgstr` maps the plural index (0 when singular) to text."""

    msgid: str = ""
    msgid_plural: str | None = None
    msgctxt: str | None = None
    msgstr: dict[int, str] = field(default_factory=dict)
    flags: set[str] = field(default_factory=set)

    @property
    def key(self) -> str:
        """The id as gettext stores it: the context, EOT, then the msgid."""
        return self.msgid if self.msgctxt is None else f"{self.msgctxt}\x04{self.msgid}"

    @property
    def translated(self) -> bool:
        """Every form has a translation."""
        return bool(self.msgstr) and all(self.msgstr.values())


def _string(text: str) -> str:
    """A quoted .po string's value; its escapes are C's, which Python's literals share."""
    return ast.literal_eval(text)


def parse_po(path: Path) -> list[Entry]:
    """Every live entry of a .po file (the header, msgid "", included; obsolete ones not)."""
    entries: list[Entry] = []
    entry = Entry()
    target: tuple[str, int] | None = None
    started = False

    def finish() -> None:
        nonlocal entry, started, target
        if started:
            entries.append(entry)
        entry, started, target = Entry(), False, None

    keyword = re.compile(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(".*")$')
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#~"):
            if not line:
                finish()
            continue
        if line.startswith("#,"):
            if started:  # flags come before their entry's msgid
                finish()
            entry.flags |= {flag.strip() for flag in line[2:].split(",")}
            continue
        if line.startswith("#"):
            continue
        match = keyword.match(line)
        if match:
            name, index, text = match.groups()
            if name in ("msgctxt", "msgid") and started and target and target[0] == "msgstr":
                finish()  # a new entry without a blank line between
            started = True
            if name == "msgstr":
                target = ("msgstr", int(index or 0))
                entry.msgstr[target[1]] = _string(text)
            elif name.startswith("msgstr["):
                target = ("msgstr", int(index))
                entry.msgstr[target[1]] = _string(text)
            else:
                target = (name, 0)
                setattr(entry, name, _string(text))
            continue
        if line.startswith('"') and target is not None:
            if target[0] == "msgstr":
                entry.msgstr[target[1]] += _string(line)
            else:
                setattr(entry, target[0], getattr(entry, target[0]) + _string(line))
            continue
        raise AssertionError(f"{path}:{number}: not a line of a .po file: {raw!r}")
    finish()
    return entries


def _po(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / "django.po"


def _messages(language: str) -> list[Entry]:
    """The catalogue's messages, the header left out."""
    return [entry for entry in parse_po(_po(language)) if entry.key]


def _headers(language: str) -> dict[str, str]:
    header = next(entry for entry in parse_po(_po(language)) if not entry.key)
    pairs = (line.split(":", 1) for line in header.msgstr[0].splitlines() if ":" in line)
    return {name.strip(): value.strip() for name, value in pairs}


def _mo_catalog(path: Path) -> dict:
    with path.open("rb") as file:
        return dict(gettext.GNUTranslations(file)._catalog)  # type: ignore[attr-defined]


def _expected_catalog(language: str) -> dict:
    """What msgfmt puts in the .mo: the header (less its POT-Creation-Date, which msgfmt
    drops) and every message whose first form is translated and that is not fuzzy, by the
    keys Python's gettext reads it under."""
    catalog: dict = {}
    for entry in parse_po(_po(language)):
        if not entry.key:
            lines = entry.msgstr[0].splitlines(keepends=True)
            catalog[""] = "".join(
                line for line in lines if not line.startswith("POT-Creation-Date:")
            )
            continue
        if "fuzzy" in entry.flags or not entry.msgstr.get(0):
            continue
        if entry.msgid_plural is None:
            catalog[entry.key] = entry.msgstr[0]
        else:
            for index, text in entry.msgstr.items():
                catalog[(entry.key, index)] = text
    return catalog


def test_the_parser_reads_what_makemessages_writes(tmp_path):
    po = tmp_path / "django.po"
    po.write_text(
        'msgid ""\nmsgstr ""\n"Language: cs\\n"\n\n'
        "#. Translators: a seat at the table\n"
        '#, python-format\nmsgid "Seat %(seat)s"\nmsgstr "Místo %(seat)s"\n\n'
        '#, fuzzy\nmsgctxt "card"\nmsgid "King"\nmsgstr "Král"\n\n'
        'msgid ""\n"%(n)s hand "\n"left"\nmsgid_plural "%(n)s hands left"\n'
        'msgstr[0] "zbývá %(n)s hra"\nmsgstr[1] ""\n\n'
        '#~ msgid "Old"\n#~ msgstr "Staré"\n',
        encoding="utf-8",
    )
    header, seat, king, hands = parse_po(po)
    assert header.msgstr == {0: "Language: cs\n"}
    assert (seat.msgid, seat.msgstr, seat.flags) == (
        "Seat %(seat)s",
        {0: "Místo %(seat)s"},
        {"python-format"},
    )
    assert (king.key, "fuzzy" in king.flags) == ("card\x04King", True)
    assert (hands.msgid, hands.msgid_plural) == ("%(n)s hand left", "%(n)s hands left")
    assert hands.msgstr == {0: "zbývá %(n)s hra", 1: ""}
    assert not hands.translated and seat.translated


@pytest.mark.parametrize("language", TRANSLATED)
def test_catalogue_headers(language):
    headers = _headers(language)
    assert headers["Language"] == language
    assert headers["Plural-Forms"] == PLURAL_FORMS[language]
    assert headers["Content-Type"] == "text/plain; charset=UTF-8"
    assert LOCALE in [Path(path) for path in settings.LOCALE_PATHS]


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_entry_is_fuzzy_and_plurals_have_every_form(language):
    messages = _messages(language)
    assert messages, f"{_po(language)} has no messages"
    assert [entry.msgid for entry in messages if "fuzzy" in entry.flags] == []
    forms = int(re.search(r"nplurals=(\d+)", PLURAL_FORMS[language]).group(1))
    wrong = [entry.msgid for entry in messages if entry.msgid_plural and len(entry.msgstr) != forms]
    assert wrong == []


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_is_translated(language):
    untranslated = [entry.msgid for entry in _messages(language) if not entry.translated]
    assert untranslated == []


@pytest.mark.parametrize("language", TRANSLATED)
def test_committed_mo_holds_what_the_po_says(language):
    """Read without gettext's tools, so this runs on every machine."""
    mo = _po(language).with_suffix(".mo")
    assert mo.exists(), f"{mo} is missing: run `make messages` and commit it"
    assert _mo_catalog(mo) == _expected_catalog(language), f"{mo} is stale: run `make messages`"


@pytest.mark.parametrize("language", TRANSLATED)
def test_committed_mo_is_what_msgfmt_compiles(language, tmp_path):
    if shutil.which("msgfmt") is None:
        pytest.skip("GNU gettext's msgfmt is not installed; the check without it still runs")
    compiled = tmp_path / "django.mo"
    # As Django's compilemessages runs it.
    subprocess.run(
        ["msgfmt", "--check-format", "-o", str(compiled), str(_po(language))], check=True
    )
    committed = _po(language).with_suffix(".mo")
    assert _mo_catalog(committed) == _mo_catalog(compiled), "run `make messages` and commit"


_BLANK = re.compile(r"\{(\w*)\}|%\((\w+)\)[sd]")


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_translation_keeps_the_blanks_of_its_message(language):
    """A phrase's `{name}` blanks and a message's `%(name)s` ones are filled by name: a
    translation that drops or renames one would lose a number from a line label."""
    wrong = []
    for entry in _messages(language):
        blanks = set(_BLANK.findall(entry.msgid))
        plural = set(_BLANK.findall(entry.msgid_plural or ""))
        for text in entry.msgstr.values():
            said = set(_BLANK.findall(text))
            # A plural form may leave the count out ("one hand"), never add a blank.
            fits = said <= blanks | plural if entry.msgid_plural else said == blanks
            if not fits:
                wrong.append((entry.msgid, text))
    assert wrong == []


def _source_copy(target: Path) -> Path:
    """The project's sources without the virtualenv, git, results and catalogues."""
    skip = shutil.ignore_patterns(
        ".venv", ".git", "test-results", "locale", "__pycache__", "*.sqlite3", "node_modules"
    )
    shutil.copytree(settings.BASE_DIR, target, ignore=skip)
    for language in TRANSLATED:
        (target / "locale" / language / "LC_MESSAGES").mkdir(parents=True)
    return target


@pytest.mark.skipif(shutil.which("xgettext") is None, reason="needs GNU gettext's xgettext")
def test_every_string_marked_for_translation_has_its_czech_and_slovenian_entry(tmp_path):
    """`makemessages` run afresh over a copy of the sources finds no message that the
    committed catalogues lack or leave untranslated: a new `{% translate %}`, `_()`,
    `gettext_noop()` or engine `phrase()` fails here until `make messages` and its
    translation are committed."""
    copy = _source_copy(tmp_path / "src")
    subprocess.run(
        [sys.executable, "manage.py", "makemessages", "--no-location", *_LANGUAGE_FLAGS,
         "--ignore=tests", "--ignore=bench"],
        cwd=copy, check=True, capture_output=True, env={**os.environ, "DEBUG": "1"},
    )  # fmt: skip
    for language in TRANSLATED:
        fresh = {
            entry.key
            for entry in parse_po(copy / "locale" / language / "LC_MESSAGES" / "django.po")
            if entry.key
        }
        done = {
            entry.key
            for entry in _messages(language)
            if entry.translated and "fuzzy" not in entry.flags
        }
        assert sorted(fresh - done) == [], f"run `make messages` and translate these ({language})"


_LANGUAGE_FLAGS = [flag for language in TRANSLATED for flag in ("-l", language)]


def _eager_words_in_class_bodies(path) -> list[str]:
    """`_("...")` calls made while a class body runs, in a module where `_` is the eager
    `gettext`: they are translated once, at import, in whatever language is active then."""
    import ast

    tree = ast.parse(path.read_text(encoding="utf-8"))
    eager = any(
        isinstance(node, ast.ImportFrom)
        and node.module == "django.utils.translation"
        and any(alias.name == "gettext" and alias.asname == "_" for alias in node.names)
        for node in tree.body
    )
    if not eager:
        return []
    found = []
    for cls in (node for node in ast.walk(tree) if isinstance(node, ast.ClassDef)):
        for statement in cls.body:
            if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                continue
            for node in ast.walk(statement):
                if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "_":
                    found.append(f"{path}:{node.lineno}")
    return found


def test_no_class_translates_its_words_at_import():
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    modules = [
        path
        for app in ("accounts", "clubs", "config", "scoring", "tournaments")
        for path in (root / app).rglob("*.py")
        if "migrations" not in path.parts
    ]
    assert [where for path in modules for where in _eager_words_in_class_bodies(path)] == []
