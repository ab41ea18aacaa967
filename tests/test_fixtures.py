"""fixtures/ holds what the demo code and README.md rely on, in the form Django writes it."""

import io
import json
import re
from pathlib import Path

import pytest
from django.contrib.auth import authenticate, get_user_model
from django.core.management import CommandError, call_command
from django.db.models import Count
from django.test import RequestFactory

from accounts.roles import CLUB_DIRECTORS, DIRECTORS, JUDGES, is_director, is_federation, is_judge
from clubs.demo import DEMO_FIXTURES, DEMO_PASSWORDS, dump_demo_fixture, fixture_path
from clubs.models import Club, Membership, Player

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parent.parent
README_ACCOUNTS = re.findall(
    r"^\| `(\w+)` \| `([^`]+)` \| ([\w ]+):", (ROOT / "README.md").read_text(encoding="utf-8"), re.M
)


def _load():
    call_command("loaddata", *DEMO_FIXTURES, verbosity=0)


def test_the_fixtures_live_in_the_top_level_fixtures_folder():
    assert [fixture_path(name) for name in DEMO_FIXTURES] == [
        ROOT / "fixtures" / "demo_clubs.json",
        ROOT / "fixtures" / "demo_accounts.json",
    ]


@pytest.mark.parametrize("name", DEMO_FIXTURES)
def test_a_committed_fixture_is_what_make_fixtures_writes_back(name):
    # Loading into the empty test database and dumping again must give the file byte for
    # byte: a hand edit or a model change that leaves it in another form fails here until
    # `make fixtures` rewrites it.
    _load()
    assert dump_demo_fixture(name) == fixture_path(name).read_text(encoding="utf-8")


def test_the_fixtures_hold_no_primary_keys_so_they_load_beside_other_rows():
    for name in DEMO_FIXTURES:
        rows = json.loads(fixture_path(name).read_text(encoding="utf-8"))
        assert rows and all("pk" not in row for row in rows)


def test_the_fixtures_load_beside_existing_rows_and_a_second_load_adds_nothing():
    other = Club.objects.create(name="Other Club", short_name="Other", country="AT")
    Player.objects.create(first_name="Ann", last_name="Other", home_club=other, member_number="001")
    get_user_model().objects.create_user("someone", password="x")
    _load()
    first = (Club.objects.count(), Player.objects.count(), Membership.objects.count())
    _load()
    assert first == (Club.objects.count(), Player.objects.count(), Membership.objects.count())
    assert first == (4, 49, 48)
    assert get_user_model().objects.count() == 5
    assert get_user_model().objects.get(username="judge").groups.count() == 1


def test_the_clubs_the_demo_names_exist_with_sixteen_players_each():
    _load()
    assert set(Club.objects.values_list("short_name", "country")) == {
        ("SPJST 88", "US"),
        ("TK Břeclav", "CZ"),
        ("TD Ljubljana", "SI"),
    }
    # tournaments/demo.py seats the lodge 88 club's players at the demo tournament.
    lodge = Club.objects.get(spjst_lodge=88)
    assert lodge.players.count() == 16
    assert Player.objects.count() == 48
    assert not Club.objects.annotate(n=Count("players")).exclude(n=16).exists()


def test_every_player_has_a_member_number_unique_in_the_club_and_a_membership_there():
    _load()
    numbers = list(Player.objects.values_list("home_club_id", "member_number"))
    assert all(number for _, number in numbers)
    assert len(set(numbers)) == len(numbers) == 48
    for player in Player.objects.all():
        assert player.display_name == f"{player.first_name} {player.last_name}"
        membership = player.memberships.current().get()
        assert membership.club_id == player.home_club_id


def test_the_readme_table_lists_the_demo_accounts_and_their_passwords():
    assert dict((user, password) for user, password, _ in README_ACCOUNTS) == DEMO_PASSWORDS


def test_the_demo_accounts_log_in_with_the_readme_passwords_in_the_readme_groups():
    _load()
    request = RequestFactory().post("/accounts/login/")
    groups = {"Directors": DIRECTORS, "Judges": JUDGES, "Club directors": CLUB_DIRECTORS}
    for username, password, group in README_ACCOUNTS:
        user = authenticate(request, username=username, password=password)
        assert user is not None, username
        assert list(user.groups.values_list("name", flat=True)) == [groups[group]]
        assert is_judge(user)
        assert is_director(user) == (group != "Judges") == user.is_staff
        assert is_federation(user) == (group == "Directors")
        assert not user.is_superuser
        assert authenticate(request, username=username, password="wrong") is None


def test_write_demo_fixtures_writes_the_committed_files_back_unchanged(settings, tmp_path):
    _load()
    settings.FIXTURE_DIRS = [tmp_path]
    call_command("write_demo_fixtures", stdout=io.StringIO())
    for name in DEMO_FIXTURES:
        written = (tmp_path / f"{name}.json").read_text(encoding="utf-8")
        assert written == (ROOT / "fixtures" / f"{name}.json").read_text(encoding="utf-8")


def test_write_demo_fixtures_refuses_a_database_with_an_account_besides_the_demo_ones(
    settings, tmp_path
):
    _load()
    get_user_model().objects.create_superuser("admin", password="x")
    settings.FIXTURE_DIRS = [tmp_path]
    with pytest.raises(CommandError, match="besides the demo ones: admin"):
        call_command("write_demo_fixtures", stdout=io.StringIO())
    assert list(tmp_path.iterdir()) == []
