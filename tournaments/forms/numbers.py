"""Whole numbers as the database stores them: a form field that refuses a number too long
for its column in words, and the columns' bounds."""

from django import forms
from django.core.validators import MaxValueValidator

# The largest value the BigIntegerField of a round's seed (and of any id) can store.
MAX_BIG_INTEGER = 2**63 - 1
# A hand's number is a PositiveSmallIntegerField.
MAX_HAND_NUMBER = 32767


class WholeNumberField(forms.IntegerField):
    """An integer within the field's bounds; a too long number is refused by its length.

    Python refuses to convert more than 4,300 digits at all; checking the length first
    gives the same "at most" message for 25 digits and for 5,000.
    """

    def to_python(self, value):
        if isinstance(value, str) and self.max_value is not None:
            longest = len(str(self.max_value)) + 2  # a sign, a trailing ".0" is allowed
            if len(value.strip()) > longest:
                raise forms.ValidationError(
                    MaxValueValidator.message,
                    code="max_value",
                    params={"limit_value": self.max_value},
                )
        return super().to_python(value)
