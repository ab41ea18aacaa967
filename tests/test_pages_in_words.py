"""Issue 30: every page of the permission matrix reads in Czech and in Slovenian with no
code name and no English (tests/test_permissions.py lists the pages and makes the cast).

A page is read as its reader sees it: its text without tags, scripts and styles, and
without what is quoted in another language (an element with its own ``lang``). The
people's and the clubs' names are theirs and may be any words.
"""

import re

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from clubs.models import Club, Player
from scoring import RULESETS
from tests.scoring.words_check import offences
from tests.test_permissions import URLS, _client, cast  # noqa: F401 (the cast fixture)
from tournaments.models import Tournament

# The pages the federation can open (every director's page, and a judge's own table, which a
# director may open too).
PAGES = sorted(
    name
    for name, (method, _kwargs, _data, expected) in URLS.items()
    if method == "get" and expected["federation"] == 200
    and not name.endswith(("_pdf", "_export", "healthz"))
)  # fmt: skip
_HIDDEN = re.compile(
    r"<(script|style|template|svg)\b.*?</\1>|<(\w+)[^>]*\slang=\"(?!cs|sl)[a-z-]+\"[^>]*>.*?</\2>"
    r"|<!--.*?-->|<[^>]+>",
    re.S,
)


def _seen(html: str) -> str:
    """The text of ``html`` as its reader sees it."""
    text = re.sub(r"&\w+;|&#\w+;", " ", _HIDDEN.sub(" ", html))
    # Czech says "fair play" (the Czech seed's own words, quoted on the rulings page).
    return text.replace("fair play", " ")


def _allowed(text: str) -> frozenset[str]:
    """The people's and places' names, and the web addresses (deskovehry.cz) in ``text``."""
    return _names() | frozenset(re.findall(r"\b[\w.-]+\.(?:cz|si|org|com|net)\b", text))


def _names() -> frozenset[str]:
    names = [
        *Player.objects.values_list("first_name", "last_name", "display_name"),
        *Club.objects.values_list("name", "short_name", "city"),
        *User.objects.values_list("username", "first_name", "last_name"),
        *Tournament.objects.values_list("name", "venue"),
    ]
    return frozenset(
        word for row in names for name in row for word in re.findall(r"\w+", name or "")
    )


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["cs", "sl"])
@pytest.mark.parametrize("name", PAGES)
def test_every_page_reads_in_the_players_words(name, language, cast):  # noqa: F811
    objects = cast["objects"]
    _method, kwargs, _data, _expected = URLS[name]
    url = reverse(name, kwargs={key: objects[value] for key, value in kwargs.items()})
    client = _client(cast, "federation")
    client.cookies["django_language"] = language
    response = client.get(url)
    assert response.status_code == 200
    if not response["Content-Type"].startswith("text/html"):
        return  # the app's manifest and service worker: no page to read
    seen = _seen(response.content.decode())
    assert offences(seen, _allowed(seen)) == []


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["cs", "sl"])
@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_every_calculator_reads_in_the_players_words(client, ruleset, language):
    """Every ruleset's hand form (the matrix opens one), its help and penalties included."""
    client.cookies["django_language"] = language
    seen = _seen(client.get(reverse("scoring:calculator", args=[ruleset])).content.decode())
    assert offences(seen, _allowed(seen)) == []
