"""The database files names as `clubs.collation` does, so a roster paged by the database
reads in the reader's alphabet whichever way it is sorted, on SQLite and PostgreSQL."""

import re

import pytest
from django.db import connection
from django.urls import reverse

from clubs.collation import person_key
from clubs.db_collation import by_name, collation_for, postgresql_has_the_collations
from clubs.models import Player

pytestmark = pytest.mark.django_db

# Czech and Slovenian surnames whose orders differ from byte order and from English:
# č, ć, đ, ř, š, ž after their base letters; Czech "ch" after "h"; accents with their
# base letter (Hájek with Hajek, breaking the tie).
NAMES = [
    "Zupan", "Žiga", "Šimek", "Sýkora", "Svoboda", "Řezníček", "Rybář", "Chalupa", "Hruška",
    "Hájek", "Hajek", "Čermák", "Cibulka", "Cvek", "Ćosić", "Čuk", "Đurić", "Dvornik",
    "Dolenc", "Novák", "Kříž", "Kučera", "Krajnc",
]  # fmt: skip


def _filed_by_database(language: str, descending: bool = False) -> list[str]:
    players = Player.objects.order_by(*by_name(language, descending=descending))
    return list(players.values_list("last_name", flat=True))


@pytest.fixture
def roster(club):
    for n, surname in enumerate(NAMES):
        Player.objects.create(first_name=f"Ana{n:02d}", last_name=surname, home_club=club)
    return club


@pytest.mark.parametrize("language", ["cs", "sl", "en"])
def test_the_database_files_names_as_the_language_does(roster, language):
    expected = sorted(NAMES, key=lambda name: person_key(name, "", language))
    assert _filed_by_database(language) == expected
    assert _filed_by_database(language, descending=True) == expected[::-1]


def test_czech_files_ch_after_h_and_hacek_letters_after_their_base(roster):
    filed = _filed_by_database("cs")
    assert filed.index("Hruška") < filed.index("Chalupa") < filed.index("Kříž")
    assert filed.index("Cvek") < filed.index("Čermák")
    assert filed.index("Kříž") < filed.index("Kučera")
    assert filed.index("Zupan") < filed.index("Žiga")


def test_a_language_with_a_region_files_as_the_language():
    assert collation_for("cs-cz") == collation_for("cs") == "cs-x-icu"
    assert collation_for("de") == "und-x-icu"


def _surnames_on(page: str) -> list[str]:
    body = page[page.index("<tbody") :]
    return sorted((name for name in NAMES if f" {name}<" in body), key=body.index)


@pytest.mark.parametrize("sort", [None, "name", "-name"])
def test_the_roster_files_in_czech_order_whichever_way_it_is_sorted(anon_client, roster, sort):
    anon_client.cookies["django_language"] = "cs"
    url = reverse("clubs:club_detail", args=[roster.pk])
    page = anon_client.get(url, {"sort": sort} if sort else {}).content.decode()
    expected = sorted(NAMES, key=lambda name: person_key(name, "", "cs"))
    assert _surnames_on(page) == (expected[::-1] if sort == "-name" else expected)


def test_the_player_list_reads_one_page_of_players_not_every_name(anon_client, roster):
    # Filed by the database: a list of thousands reads its 25, not every record's name.
    anon_client.cookies["django_language"] = "sl"
    page = anon_client.get(reverse("clubs:player_list")).content.decode()
    rows = re.findall(r"<tr\b", page[page.index("<tbody") :])
    assert len(rows) == 23  # every player fits one page of 25
    assert _surnames_on(page) == sorted(NAMES, key=lambda name: person_key(name, "", "sl"))


def test_the_check_finds_the_collations_on_this_database():
    assert postgresql_has_the_collations(None, databases=["default"]) == []


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's own catalogue")
def test_the_check_names_what_a_server_without_icu_lacks(monkeypatch):
    import clubs.db_collation as module

    monkeypatch.setitem(module._LANGUAGE_OF, "xx-x-nowhere", "en")
    (error,) = postgresql_has_the_collations(None, databases=["default"])
    assert error.id == "clubs.E001" and "xx-x-nowhere" in error.msg
