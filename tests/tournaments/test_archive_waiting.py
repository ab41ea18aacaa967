"""A tournament's archive keeps its waiting list in order: downloaded by its director,
imported again, the same players wait in the same order; an archive from before the
waiting list was kept imports with nobody waiting."""

import json

import pytest
from django.urls import reverse

from tests import cast
from tests.tournaments.test_archive import _clear, _reseal
from tournaments import archive, services
from tournaments.models import Registration, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def waiting_list(open_tournament, players) -> Tournament:
    """Five sign-ups for two places: three wait; the second of them gave up."""
    signed = []
    for number, player in enumerate(players[:5]):
        player.account = cast.user(f"player{number}", None)
        player.save()
        signed.append(
            services.register_online(tournament=open_tournament, player=player, by=player.account)
        )
    services.withdraw_online(registration=signed[3], by=players[3].account)
    return open_tournament


def _waiting(tournament: Tournament) -> list[str]:
    rows = Registration.objects.filter(tournament=tournament, waiting__isnull=False)
    return [r.player.name for r in rows.order_by("waiting")]


def test_the_waiting_list_comes_back_in_its_order(waiting_list, director_client, director):
    before = _waiting(waiting_list)
    assert len(before) == 2
    response = director_client.get(reverse("tournaments:archive", args=[waiting_list.pk]))
    document = archive.load(response.content.decode())
    _clear(waiting_list)
    imported = archive.import_tournament(document, by=director)
    assert _waiting(imported) == before
    again = archive.export_tournament(imported)
    assert again["registrations"] == document["registrations"]


def test_an_archive_from_before_the_waiting_list_imports_with_nobody_waiting(
    waiting_list, director
):
    document = archive.export_tournament(waiting_list)
    for row in document["registrations"]:
        if row.pop("waiting") is not None:
            row["last_round"] = 0  # as such an archive held a waiting player: not playing
    _clear(waiting_list)
    imported = archive.import_tournament(_reseal(document), by=director)
    assert _waiting(imported) == []


def test_a_place_on_the_waiting_list_given_twice_is_refused(waiting_list):
    document = archive.export_tournament(waiting_list)
    for row in document["registrations"]:
        if row["waiting"] is not None:
            row["waiting"] = 7
    _clear(waiting_list)
    with pytest.raises(archive.ArchiveError, match="waiting: is given twice"):
        archive.import_tournament(json.loads(json.dumps(_reseal(document))))
