"""The demo's club director (`director2`, TD Ljubljana) runs his club's tournament and
cannot read another club's director pages nor change anything of it — by page, form,
admin or the judges' pages."""

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.urls import reverse

from clubs.models import Club
from tests import cast
from tests.tournaments.helpers import round_in_play
from tournaments.models import Round, Tournament

pytestmark = pytest.mark.django_db

LJUBLJANA = "Turnir v taroku z dvema kompletoma"
SPJST = "Demo SPJST Tournament"


@pytest.fixture
def demo():
    call_command("seed_demo", verbosity=0)
    users = get_user_model().objects
    return {
        "director2": cast.client_for(users.get(username="director2")),
        "judge": users.get(username="judge"),
        "own": Tournament.objects.get(name=LJUBLJANA),
        "other": Tournament.objects.get(name=SPJST),
    }


def _director_pages(tournament: Tournament) -> dict[str, str]:
    """Every director's page of `tournament` that a GET reads, by URL name."""
    table = tournament.rounds.get(number=1).tables.get(number=1)
    args = {
        "tournaments:edit": [tournament.pk],
        "tournaments:registrations": [tournament.pk],
        "tournaments:dashboard": [tournament.pk],
        "tournaments:ledger": [tournament.pk],
        "tournaments:archive": [tournament.pk],
        "tournaments:hands_export": [tournament.pk, "csv"],
        "tournaments:round_sheets_pdf": [tournament.pk, 1],
        "tournaments:table_cards_pdf": [tournament.pk, 1],
        "tournaments:table_qr": [table.pk],
        "tournaments:table": [table.pk],
        "tournaments:sheet": [table.pk],
    }
    return {name: reverse(name, args=value) for name, value in args.items()}


def test_the_club_director_reads_his_own_tournaments_director_pages(demo):
    for name, url in _director_pages(demo["own"]).items():
        assert demo["director2"].get(url).status_code == 200, name


def test_the_club_director_reads_none_of_another_clubs_director_pages(demo):
    for name, url in _director_pages(demo["other"]).items():
        assert demo["director2"].get(url).status_code == 403, name


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "Only a director of the club this belongs to, or the federation"),
        ("cs", "Toto smí udělat jen ředitel klubu, kterému to patří, nebo svaz."),
        ("sl", "To lahko stori samo vodja kluba, ki mu to pripada, ali zveza."),
    ],
)
def test_the_refusal_says_it_is_another_clubs_not_that_he_is_no_director(demo, language, words):
    demo["director2"].cookies["django_language"] = language
    page = demo["director2"].get(reverse("tournaments:dashboard", args=[demo["other"].pk]))
    assert page.status_code == 403
    assert words in page.content.decode()


def test_the_club_director_changes_nothing_of_another_clubs_tournament(demo):
    other = demo["other"]
    round1 = other.rounds.get(number=1)
    table = round1.tables.get(number=1)
    hand = table.hands.first()
    registered = other.registrations.filter(last_round=None).count()
    posts = {
        reverse("tournaments:edit", args=[other.pk]): {"name": "Taken over"},
        reverse("tournaments:register_new", args=[other.pk]): {"first_name": "A", "last_name": "B"},
        reverse("tournaments:registration_update", args=[other.registrations.first().pk]): {
            "action": "withdraw"
        },
        reverse("tournaments:draw", args=[other.pk]): {},
        reverse("tournaments:plan_add", args=[other.pk]): {},
        reverse("tournaments:finish", args=[other.pk]): {"action": "finish"},
        reverse("tournaments:round_status", args=[other.pk, 1]): {"status": "closed"},
        reverse("tournaments:swap", args=[other.pk, 1]): {},
        reverse("tournaments:table_judge", args=[table.pk]): {"link": "revoke"},
        reverse("tournaments:table_reopen", args=[table.pk]): {"reason": "x"},
        reverse("tournaments:ledger_apply", args=[other.pk]): {},
        reverse("tournaments:ledger_cancel", args=[hand.pk, 0]): {"reason": "x"},
        reverse("tournaments:hand_delete", args=[table.pk, hand.number]): {"reason": "x"},
    }
    for url, data in posts.items():
        assert demo["director2"].post(url, data).status_code == 403, url
    other.refresh_from_db()
    round1.refresh_from_db()
    assert (other.name, other.rounds_planned, round1.status) == (SPJST, 3, "playing")
    assert table.hands.filter(deleted=False).count() == 3
    assert other.registrations.filter(last_round=None).count() == registered
    # The admin neither lists nor opens the other club's tournament.
    admin = demo["director2"]
    listing = admin.get(reverse("admin:tournaments_tournament_changelist"))
    assert [row.name for row in listing.context["cl"].result_list] == [LJUBLJANA]
    change = reverse("admin:tournaments_tournament_change", args=[other.pk])
    assert admin.get(change).status_code == 302
    assert admin.post(change, {"name": "Taken over"}).status_code == 302
    assert Tournament.objects.get(pk=other.pk).name == SPJST


def test_the_club_director_runs_a_new_tournament_of_his_club(demo):
    club = Club.objects.get(short_name="TD Ljubljana")
    tournament, tables = round_in_play(
        demo["director2"], demo["judge"], club, players=8, name="Ljubljana Open"
    )
    assert (tournament.name, tournament.host_club) == ("Ljubljana Open", club)
    assert tournament.rounds.get().status == Round.Status.PLAYING
    assert [table.seats.count() for table in tables] == [4, 4]
    assert {table.judge_id for table in tournament.rounds.get().tables.all()} == {demo["judge"].pk}
    # His forms offer only his club; another club is refused as not a choice.
    form = demo["director2"].get(reverse("tournaments:create")).context["form"]
    assert list(form.fields["host_club"].queryset) == [club]
