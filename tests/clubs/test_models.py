import datetime

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from clubs.models import Club, Membership, Player, Season

pytestmark = pytest.mark.django_db


def test_member_numbers_are_unique_within_a_club(club, player):
    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.create(
            first_name="Frank", last_name="Kubena", home_club=club, member_number="001"
        )


def test_the_same_member_number_may_be_used_by_another_club(club, player):
    other = Club.objects.create(name="Other", short_name="O", country="CZ")
    Player.objects.create(
        first_name="Jiří", last_name="Dvořák", home_club=other, member_number="001"
    )
    assert Player.objects.filter(member_number="001").count() == 2


def test_players_without_a_member_number_do_not_clash(club):
    for first in ("A", "B"):
        Player.objects.create(first_name=first, last_name="X", home_club=club)
    assert Player.objects.filter(member_number="").count() == 2


def test_display_name_defaults_to_first_and_last_name(club):
    player = Player.objects.create(first_name="Šárka", last_name="Kříž", home_club=club)
    assert player.display_name == "Šárka Kříž"
    assert str(player) == "Šárka Kříž"


def test_a_season_cannot_end_before_it_starts():
    with pytest.raises(IntegrityError), transaction.atomic():
        Season.objects.create(
            name="Backwards",
            start_date=datetime.date(2026, 5, 1),
            end_date=datetime.date(2026, 4, 1),
        )


def test_season_validation_names_the_date_problem():
    season = Season(
        name="Backwards", start_date=datetime.date(2026, 5, 1), end_date=datetime.date(2026, 4, 1)
    )
    with pytest.raises(ValidationError, match="cannot end before it starts"):
        season.full_clean()


def test_federation_season_names_are_unique():
    dates = {"start_date": datetime.date(2026, 1, 1), "end_date": datetime.date(2026, 12, 31)}
    Season.objects.create(name="2026", **dates)
    with pytest.raises(IntegrityError), transaction.atomic():
        Season.objects.create(name="2026", **dates)


def test_current_seasons_are_those_running_on_the_day(club):
    Season.objects.create(
        name="Old", start_date=datetime.date(2020, 1, 1), end_date=datetime.date(2020, 12, 31)
    )
    now = Season.objects.create(
        name="Now",
        club=club,
        start_date=datetime.date(2026, 1, 1),
        end_date=datetime.date(2026, 12, 31),
    )
    assert list(Season.objects.current(datetime.date(2026, 6, 1))) == [now]


def test_a_membership_cannot_end_before_it_starts(club, player):
    with pytest.raises(IntegrityError), transaction.atomic():
        Membership.objects.create(
            player=player,
            club=club,
            date_from=datetime.date(2026, 5, 1),
            date_to=datetime.date(2026, 1, 1),
        )


def test_player_search_matches_every_word(club):
    Player.objects.create(first_name="Anton", last_name="Hajek", home_club=club)
    Player.objects.create(first_name="Anton", last_name="Marek", home_club=club)
    assert [p.last_name for p in Player.objects.search("anton hAJ")] == ["Hajek"]


def test_a_membership_is_current_from_its_first_to_its_last_day(club, player):
    Membership.objects.create(
        player=player,
        club=club,
        date_from=datetime.date(2026, 1, 1),
        date_to=datetime.date(2026, 6, 30),
    )
    current = Membership.objects.current
    assert not current(datetime.date(2025, 12, 31)).exists()
    assert current(datetime.date(2026, 1, 1)).exists()
    assert current(datetime.date(2026, 6, 30)).exists()
    assert not current(datetime.date(2026, 7, 1)).exists()


def test_the_roster_is_the_home_players_and_the_current_members(club, player):
    other = Club.objects.create(name="Other", short_name="O", country="CZ")
    guest = Player.objects.create(first_name="Jiří", last_name="Dvořák", home_club=other)
    gone = Player.objects.create(first_name="Eva", last_name="Malá", home_club=other)
    Player.objects.create(first_name="Ota", last_name="Jiný", home_club=other)
    Membership.objects.create(player=guest, club=club, date_from=datetime.date(2026, 1, 1))
    Membership.objects.create(player=guest, club=other, date_from=datetime.date(2026, 1, 1))
    Membership.objects.create(
        player=gone,
        club=club,
        date_from=datetime.date(2020, 1, 1),
        date_to=datetime.date(2025, 12, 31),
    )
    on = datetime.date(2026, 3, 1)
    assert list(Player.objects.roster(club, on)) == [guest, player]
    assert list(Player.objects.roster(club, datetime.date(2025, 3, 1))) == [player, gone]
