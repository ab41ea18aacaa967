"""``makemessages`` that also collects the engine's phrases.

The engine builds its line labels with :func:`scoring.words.phrase` (it cannot import
Django's ``gettext``), so xgettext is told that ``phrase`` marks its first argument, as
Django's documentation suggests for a project's own keywords.
"""

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    """Django's command, with ``phrase`` and ``plural_phrase`` (singular, plural) added to
    xgettext's keywords."""

    xgettext_options = [
        *makemessages.Command.xgettext_options,
        "--keyword=phrase",
        "--keyword=plural_phrase:1,2",
    ]
