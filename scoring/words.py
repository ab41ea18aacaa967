"""Marking the engine's words for the translators, without translating them here.

The engine imports no Django, so it cannot translate; the web side translates what it
shows (``{% translate deal.bidder %}``, ``gettext(param.label)``). Wrapping a word in
:func:`gettext_noop` only lets Django's ``makemessages`` find it: it keeps the name
xgettext looks for.

>>> gettext_noop("Povinost")
'Povinost'
"""

__all__ = ["gettext_noop"]


def gettext_noop(message: str) -> str:
    """``message`` itself: marked for the catalogues, translated where it is shown."""
    return message
