"""What a load test phone (bench/load_phones.py) reads and writes on the site: the hand
form's hidden fields in a page, the hand it types, the page message of a save's answer,
and its cookies; nothing depends on the page's layout, only on the form's field names
and action."""

import html
import random
import re
from http.cookies import SimpleCookie
from urllib.parse import urlsplit

import httpx

# What became of a saved hand, as the server's answer says it (tournaments/feedback.py;
# named here, as the load test reads no Django code before `django.setup()`).
OUTCOME_HEADER = "X-Hand-Outcome"
REFUSAL_HEADER = "X-Hand-Refusal"

_FORM = re.compile(r"<form\b([^>]*)>(.*?)</form>", re.DOTALL | re.IGNORECASE)
_INPUT = re.compile(r"<input\b([^>]*)>", re.IGNORECASE)
_ATTRIBUTE = re.compile(r"""([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))""")


def _attributes(text: str) -> dict[str, str]:
    return {
        match[1].lower(): html.unescape(match[2] or match[3] or match[4] or "")
        for match in _ATTRIBUTE.finditer(text)
    }


def hand_form_fields(page: str, action: str) -> dict[str, str] | None:
    """The hidden fields of the page's form that posts to `action` (the hand form): the
    CSRF token, the submission id and the table version; None without such a form.

    Regular expressions rather than an HTML parser: the judge page is some 40 KB, and a
    parser in Python would cost the client more CPU than the server spends on the page.
    """
    for form in _FORM.finditer(page):
        if urlsplit(_attributes(form[1]).get("action", "")).path != action:
            continue
        hidden = {}
        for tag in _INPUT.finditer(form[2]):
            if "hidden" not in tag[1].lower():
                continue  # most of the form: its widgets, not read here
            attributes = _attributes(tag[1])
            if attributes.get("type", "").lower() == "hidden" and attributes.get("name"):
                hidden[attributes["name"]] = attributes.get("value", "")
        if {"submission", "version"} <= set(hidden):
            return hidden
    return None


def povinost(rng: random.Random) -> dict[str, str]:
    """A valid SPJST Povinost as the hand form sends it: declarer, partner, card points."""
    declarer, partner = rng.sample(range(1, 5), 2)
    return {
        "contract": "povinost",
        "declarer": str(declarer),
        "partner": str(partner),
        "declarer_points": str(rng.randint(0, 70)),
        "challenge": "0",
        "pagat_challenge": "0",
        "action": "save",
    }


class Messages:
    """Reads Django's page messages from a response's message cookie, with Django's own
    signer and serializer (the server's SECRET_KEY is this process's too)."""

    def __init__(self) -> None:
        from django.contrib.messages import constants
        from django.contrib.messages.storage.cookie import CookieStorage, MessageSerializer
        from django.core import signing

        self._signer = signing.get_cookie_signer(salt=CookieStorage.key_salt)
        self._serializer = MessageSerializer
        self._outcomes = {
            constants.SUCCESS: "saved",
            constants.INFO: "repeat",
            constants.ERROR: "refused",
        }
        self.name = CookieStorage.cookie_name

    def outcome(self, response: httpx.Response) -> tuple[str, str]:
        """What a save's answer says: saved, repeat (stored before), refused, or unclear;
        with the message's text."""
        cookies = SimpleCookie()
        for header in response.headers.get_list("set-cookie"):
            cookies.load(header)
        if self.name not in cookies or not cookies[self.name].value:
            return "unclear", "no page message"
        messages = self._signer.unsign_object(cookies[self.name].value, serializer=self._serializer)
        last = messages[-1]
        return self._outcomes.get(last.level, "unclear"), str(last.message)


class Cookies:
    """A phone's cookies: name → value, as the site's Set-Cookie headers leave them.

    The site's cookies are Secure (production settings): behind the proxy of
    docs/deploy.md a phone speaks HTTPS. Here the proxy's X-Forwarded-Proto says so, and
    these cookies go back over plain http on loopback, which httpx's own jar refuses.
    """

    def __init__(self) -> None:
        self.values: dict[str, str] = {}

    def take(self, response: httpx.Response) -> None:
        for header in response.headers.get_list("set-cookie"):
            cookie = SimpleCookie()
            cookie.load(header)
            for name, morsel in cookie.items():
                if morsel["max-age"] == "0" or not morsel.value:  # Django's delete_cookie
                    self.values.pop(name, None)
                else:
                    self.values[name] = morsel.value

    def header(self) -> dict[str, str]:
        return {"Cookie": "; ".join(f"{k}={v}" for k, v in self.values.items())}
