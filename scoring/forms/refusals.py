"""An engine's refusal shown on a hand form, in the player's words.

The engine names the field it refuses by its path in the hand's JSON and quotes the
names it read there (``'solo_trojka'``, ``declarer_cards``, ``spjst.misdeal``): the words
of the API. A form says the same refusal as the player reads the form: the error sits on
the field the path points at, and every name is said as the form says it, by the field's
label and the choice's label (:func:`scoring.translate.worded`). A name no field of the
form carries (a list of the hand, a field of an entry) is said by :data:`FIELD_WORDS`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring import HandError
from scoring.translate import error_text, path_text

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

# The hand's JSON names that no form field is named after, in the player's words.
FIELD_WORDS: dict[str, StrOrPromise] = {
    "hand": _("the hand"),
    "ruleset": _("Game"),
    "house_rules": _("House rules"),
    "penalties": _("Penalty"),
    "code": _("Penalty"),
    "seat": _("Seat"),
    "value": _("Value"),
    "values": _("Declared values"),
    "points": _("Points"),
    "tricks": _("Tricks"),
    "players": _("Players"),
    "declarer_cards": _("Cards of the declaring side"),
    "opponents_cards": _("Cards of the opponents"),
    "declarer_points": _("Points of the declaring side"),
    "partners": _("Partners"),
    "bonuses": _("Bonuses"),
    "announcements": _("Announcements"),
    "hlasky": _("Hlášky"),
    "honours": _("Honours"),
    "kind": _("Kind"),
    "count": _("Count"),
    "side": _("Side"),
    "won": _("Won"),
    "announced": _("Announced"),
    "kontra": _("Kontra"),
    "reason": _("Reason"),
    "rightful": _("Rightful seat"),
    "holder": _("Holder"),
    "NS": _("N–S"),
    "EW": _("E–W"),
    "declarer": _("Declarer"),
    "pagat": _("Pagat"),
    "valat": _("Valat"),
    "opponents": _("opponents"),
}


# A mixin of HandForm, not a form of its own (so no form of the site lacks CleanTextMixin);
# to the type checker it is one.
if TYPE_CHECKING:
    _FormBase = forms.Form
else:
    _FormBase = object


class RefusalsMixin(_FormBase):
    """What a hand form does with the engine's refusal: put it on its field, in words.

    The form records in ``sources`` which field each JSON path it wrote came from.
    """

    sources: dict[str, str]
    # Names of this game's JSON that no field or choice of its form carries.
    WORDS: Mapping[str, StrOrPromise] = {}

    def refuse(self, error: HandError) -> None:
        """Show the engine's refusal of the hand on the field it names (the form is then
        invalid): as `settle` does, for a hand a service scored."""
        words = self.vocabulary()
        field = self._field_for(error.field)
        reason = error_text(error, words)
        # Without a matching field the message says which part of the hand is wrong.
        self.add_error(field, reason if field else f"{path_text(error.field, words)}: {reason}")

    def vocabulary(self) -> dict[str, Any]:
        """The names of the hand's JSON → the words of this form: each field by its label
        (``pagat.holder`` and ``pagat_holder`` alike), each choice by its label."""
        words: dict[str, Any] = {**FIELD_WORDS, **self.WORDS}
        for field in self.fields.values():
            for value, label in getattr(field, "choices", ()):
                if isinstance(label, list | tuple):  # a group of choices
                    words.update((str(v), lab) for v, lab in label if v not in ("", None))
                elif value not in ("", None) and not str(value).isdigit():
                    words.setdefault(str(value), label)
        for name, field in self.fields.items():
            if field.label:
                words[name] = field.label
                words[name.removeprefix("house_")] = field.label
        for path, name in self.sources.items():
            if name in self.fields and self.fields[name].label:
                words[path] = self.fields[name].label
        return words

    def _field_for(self, path: str) -> str | None:
        """The form field an engine error path points at (the longest known prefix)."""
        if path.startswith("house_rules."):
            name = "house_" + path.removeprefix("house_rules.")
            return name if name in self.fields else None
        while path:
            if path in self.sources:
                return self.sources[path]
            if path.replace(".", "_") in self.fields:
                return path.replace(".", "_")
            path = path.rpartition(".")[0]
        return None
