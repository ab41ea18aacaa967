"""Text from outside is text: no NUL and no other control characters reach the database.

PostgreSQL refuses a NUL in text outright (a 500 if it gets that far), and the other
control characters (form feed, escape, the C1 range) are never typed by a person: pasted
from a terminal, or sent to probe. Two rules, one set of characters:

* a form refuses them: `CleanTextMixin` gives every text field of a form (its own and
  those a ModelForm makes from the model) a validator that names the character, so the
  person sees what to remove and nothing is stored;
* a search box drops them: `search_query` reads a GET parameter cleaned, so a search for
  `%00` is a search for nothing rather than an error.

Tab, line feed and carriage return are text (a textarea's lines), and stay.
"""

import re

from django import forms
from django.core.exceptions import ValidationError
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

# C0 controls but tab, LF and CR; DEL; the C1 controls.
CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
# Longer than any name the rosters hold; a longer query is cut, not refused.
MAX_SEARCH = 100


def refuse_control_characters(value: object) -> None:
    """Validator: refuse text holding a control character, naming it (U+0000)."""
    found = CONTROL.search(str(value))
    if found:
        raise ValidationError(
            _("Remove the control character U+%(code)04X: it is not text and cannot be stored."),
            code="control_character",
            params={"code": ord(found[0])},
        )


def strip_control_characters(value: str) -> str:
    """`value` without its control characters (tab, line feed and carriage return kept)."""
    return CONTROL.sub("", value)


class CleanTextMixin:
    """A form whose every text field refuses control characters (see the module).

    Put it first among a form's bases: ``class PlayerForm(CleanTextMixin, ModelForm)``.
    The validator is added to each instance's own copy of its fields, so a field class
    shared by several forms is left as it is.
    """

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        for field in self.fields.values():
            if isinstance(field, forms.CharField):
                field.validators.append(refuse_control_characters)


def search_query(request: HttpRequest, name: str = "q") -> str:
    """The search box's text from the query string: control characters dropped, spaces
    around it stripped, at most MAX_SEARCH characters."""
    return strip_control_characters(request.GET.get(name, "")).strip()[:MAX_SEARCH]
