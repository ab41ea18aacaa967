"""Roles by club: `manage.py grant`, what each role may direct, the admin kept to a club's
own rows, and the services refusing a director of another club."""

import io

import pytest
from django.contrib.auth.models import Group
from django.core.exceptions import PermissionDenied
from django.core.management import CommandError, call_command
from django.urls import reverse

from accounts import roles
from clubs.models import ClubRole, Player
from clubs.permissions import directs_club, grant, judges_for_club
from tests import cast
from tournaments import services
from tournaments.forms.rounds import judge_accounts
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def other_club():
    return cast.other_club()


@pytest.fixture
def kamil(django_user_model):
    return django_user_model.objects.create_user("kamil", password="pw")


def _grant(*args) -> str:
    out = io.StringIO()
    call_command("grant", *args, stdout=out)
    return out.getvalue()


def _fresh(user):
    return type(user).objects.get(pk=user.pk)


def test_grant_makes_a_club_director_of_that_club_only(club, other_club, kamil):
    assert _grant("director", "kamil", "--club", "L88") == "Gave kamil: director of L88.\n"
    kamil = _fresh(kamil)
    assert directs_club(kamil, club.pk) and not directs_club(kamil, other_club.pk)
    assert roles.is_director(kamil) and not roles.is_federation(kamil)
    # The admin: on staff, with the club directors' model permissions.
    assert kamil.is_staff and kamil.has_perm("tournaments.change_tournament")
    assert not kamil.has_perm("clubs.change_season")


def test_grant_federation_directs_every_club(club, other_club, kamil):
    _grant("federation", "kamil")
    kamil = _fresh(kamil)
    assert roles.is_federation(kamil)
    assert directs_club(kamil, club.pk) and directs_club(kamil, other_club.pk)
    assert directs_club(kamil, None)  # a federation-wide season


def test_a_club_judge_judges_that_clubs_tables_only(club, other_club, kamil):
    _grant("judge", "kamil", "--club", "TK Břeclav")
    kamil = _fresh(kamil)
    assert roles.is_judge(kamil) and not roles.is_director(kamil)
    assert judges_for_club(kamil, other_club.pk) and not judges_for_club(kamil, club.pk)
    assert kamil in judge_accounts(other_club.pk) and kamil not in judge_accounts(club.pk)
    assert not kamil.is_staff


def test_revoke_takes_the_role_and_its_group_back(club, kamil):
    _grant("director", "kamil", "--club", "L88")
    assert _grant("director", "kamil", "--club", "L88", "--revoke").startswith("Took back")
    kamil = _fresh(kamil)
    assert not ClubRole.objects.filter(user=kamil).exists()
    assert not kamil.groups.filter(name=roles.CLUB_DIRECTORS).exists()
    assert not roles.is_director(kamil)


def test_revoking_a_club_judge_keeps_the_judge_of_every_club(club, kamil):
    kamil.groups.add(Group.objects.get_or_create(name=roles.JUDGES)[0])
    _grant("judge", "kamil", "--club", "L88")
    _grant("judge", "kamil", "--club", "L88", "--revoke")
    assert roles.judges_every_club(_fresh(kamil))


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (("director", "nobody", "--club", "L88"), "No user 'nobody'."),
        (("director", "kamil", "--club", "XX"), "No club 'XX' (clubs: L88)."),
        (("director", "kamil"), "A director is a director of a club; name the club."),
        (("federation", "kamil", "--club", "L88"), "The federation role is for every club"),
    ],
)
def test_grant_says_what_is_wrong(club, kamil, args, error):
    with pytest.raises(CommandError, match=error.replace("(", r"\(").replace(")", r"\)")):
        _grant(*args)


def test_grant_refuses_an_unknown_role(kamil):
    with pytest.raises(CommandError, match="invalid choice: 'king'"):
        _grant("king", "kamil")


def test_the_services_refuse_a_director_of_another_club(round1, other_club, kamil):
    grant(kamil, roles.CLUB_DIRECTOR, other_club)
    kamil = _fresh(kamil)
    with pytest.raises(PermissionDenied):
        services.add_planned_round(tournament=round1.tournament, by=kamil)
    assert Tournament.objects.get(pk=round1.tournament_id).rounds_planned == 3
    with pytest.raises(PermissionDenied):
        cast.westfest(round1.tournament.host_club, kamil)


def test_a_club_director_sees_and_changes_only_his_clubs_rows_in_the_admin(club, other_club, kamil):
    grant(kamil, roles.CLUB_DIRECTOR, other_club)
    own = Player.objects.create(first_name="Eva", last_name="Nová", home_club=other_club)
    theirs = cast.anton(club)
    client = cast.client_for(kamil)
    listing = client.get(reverse("admin:clubs_player_changelist"))
    assert listing.status_code == 200
    assert [row.pk for row in listing.context["cl"].result_list] == [own.pk]
    assert client.get(reverse("admin:clubs_player_change", args=[own.pk])).status_code == 200
    # Another club's player is not his to see: the admin answers as for a missing row.
    other_page = client.get(reverse("admin:clubs_player_change", args=[theirs.pk]))
    assert other_page.status_code == 302
    refused = client.post(
        reverse("admin:clubs_player_change", args=[theirs.pk]),
        {"first_name": "X", "last_name": "Y", "home_club": other_club.pk},
    )
    assert refused.status_code == 302
    assert Player.objects.get(pk=theirs.pk).first_name == "Anton"
    # His forms offer only his clubs; seasons and roles are the federation's.
    form = client.get(reverse("admin:clubs_player_add")).context["adminform"].form
    assert list(form.fields["home_club"].queryset) == [other_club]
    assert client.get(reverse("admin:clubs_season_changelist")).status_code == 403
    assert client.get(reverse("admin:clubs_clubrole_changelist")).status_code == 403


def test_the_admin_grants_a_club_role_with_its_group(club, kamil, django_user_model):
    root = django_user_model.objects.create_superuser("root", password="pw")
    response = cast.client_for(root).post(
        reverse("admin:clubs_clubrole_add"),
        {"user": kamil.pk, "club": club.pk, "role": "director"},
    )
    assert response.status_code == 302
    kamil = _fresh(kamil)
    assert directs_club(kamil, club.pk) and kamil.is_staff
    assert kamil.groups.filter(name=roles.CLUB_DIRECTORS).exists()


def test_a_players_contact_and_controls_show_to_his_clubs_director_only(club, other_club, kamil):
    anton = cast.anton(club)
    anton.email = "anton@example.org"
    anton.save()
    url = reverse("clubs:player_detail", args=[anton.pk])
    grant(kamil, roles.CLUB_DIRECTOR, other_club)
    foreign = cast.client_for(kamil).get(url).content.decode()
    assert "anton@example.org" not in foreign
    assert reverse("clubs:player_edit", args=[anton.pk]) not in foreign
    grant(kamil, roles.CLUB_DIRECTOR, club)
    own = cast.client_for(_fresh(kamil)).get(url).content.decode()
    assert "anton@example.org" in own
    assert reverse("clubs:player_edit", args=[anton.pk]) in own


def test_a_table_takes_only_a_judge_of_its_club(round1, director, other_club, kamil):
    grant(kamil, roles.CLUB_JUDGE, other_club)
    table = round1.tables.get(number=1)
    with pytest.raises(services.TournamentError, match="kamil is not a judge of SPJST Lodge 88"):
        services.set_judge(table=table, by=director, judge=_fresh(kamil))
    grant(kamil, roles.CLUB_JUDGE, round1.tournament.host_club)
    services.set_judge(table=table, by=director, judge=_fresh(kamil))
    assert round1.tables.get(number=1).judge == kamil
