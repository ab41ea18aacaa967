"""Sections that apps built on clubs add to the club and player pages.

Imports run one way (clubs ← tournaments): clubs knows nothing of tournaments, yet the club
page lists its players' results and the player page their tournaments. The app that owns
those facts renders the section and registers it here from its ``AppConfig.ready()``; the
clubs views show whatever is registered, in the order it was registered.
"""

from collections.abc import Callable

from django.utils.safestring import SafeString

from clubs.models import Club, Player

# A section is a function from the page's club (or player) to the HTML it adds.
ClubSection = Callable[[Club], SafeString]
PlayerSection = Callable[[Player], SafeString]

_club_sections: list[ClubSection] = []
_player_sections: list[PlayerSection] = []


def add_club_section(section: ClubSection) -> None:
    """Show ``section(club)`` on every club page, after the roster (once however often
    it is added)."""
    if section not in _club_sections:
        _club_sections.append(section)


def add_player_section(section: PlayerSection) -> None:
    """Show ``section(player)`` on every player page, after the memberships (once however
    often it is added)."""
    if section not in _player_sections:
        _player_sections.append(section)


def club_sections(club: Club) -> list[SafeString]:
    """The HTML of every registered section for this club's page."""
    return [section(club) for section in _club_sections]


def player_sections(player: Player) -> list[SafeString]:
    """The HTML of every registered section for this player's page."""
    return [section(player) for section in _player_sections]
