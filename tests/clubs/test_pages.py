"""The club and player pages show the sections other apps register (clubs.pages)."""

import pytest
from django.urls import reverse
from django.utils.html import format_html

from clubs import pages

pytestmark = pytest.mark.django_db


@pytest.fixture
def registered(monkeypatch):
    """The registries as they are, restored after the test."""
    monkeypatch.setattr(pages, "_club_sections", list(pages._club_sections))
    monkeypatch.setattr(pages, "_player_sections", list(pages._player_sections))


def _club_note(club):
    return format_html("<p>Note for {}</p>", club.name)


def _player_note(player):
    return format_html("<p>Note for {}</p>", player.name)


def test_the_tournaments_sections_are_registered_once_at_start_up():
    names = [section.__name__ for section in pages._club_sections]
    assert names == ["club_results_section"]
    names = [section.__name__ for section in pages._player_sections]
    assert names == [
        "player_ratings_section",
        "player_stats_section",
        "player_history_section",
    ]


def test_a_registered_club_section_is_shown_once_after_the_roster(
    registered, anon_client, club, player
):
    pages.add_club_section(_club_note)
    pages.add_club_section(_club_note)
    response = anon_client.get(reverse("clubs:club_detail", args=[club.pk]))
    page = response.content.decode()
    assert response.status_code == 200
    assert page.count(f"<p>Note for {club.name}</p>") == 1
    assert page.index("Anton Hajek") < page.index("Note for")


def test_a_registered_player_section_is_shown_after_the_memberships(
    registered, anon_client, player
):
    pages.add_player_section(_player_note)
    response = anon_client.get(reverse("clubs:player_detail", args=[player.pk]))
    page = response.content.decode()
    assert response.status_code == 200
    assert page.index("Memberships") < page.index(f"<p>Note for {player.name}</p>")
