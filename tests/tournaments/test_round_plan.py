"""The plan of rounds: with every planned round drawn and closed no further round is drawn
until the director raises the plan (issue 26: "round 1 of 1" closed still drew round 2)."""

import pytest
from django.urls import reverse

from tests.tournaments.helpers import confirm_sheets
from tournaments import services
from tournaments.models import AuditEntry, Round

pytestmark = pytest.mark.django_db


@pytest.fixture
def one_round_closed(tournament, players, director):
    """A tournament of one planned round, drawn, played and closed."""
    tournament.rounds_planned = 1
    tournament.save()
    for player in players:
        services.register(tournament=tournament, player=player, checked_in=True)
    round_ = services.draw_next_round(tournament=tournament, by=director, seed=1)
    services.set_round_status(round_=round_, status=Round.Status.PLAYING, by=director)
    counts = {t.number: {s.number: 100 for s in t.seats.all()} for t in round_.tables.all()}
    confirm_sheets(round_, director, counts)
    services.set_round_status(round_=round_, status=Round.Status.CLOSED, by=director)
    return tournament


def test_the_page_says_the_plan_is_complete_and_offers_no_draw(director_client, one_round_closed):
    page = director_client.get(one_round_closed.get_absolute_url()).content.decode()
    assert "Draw the next round" not in page
    assert "The plan is complete" in page
    assert "Add a round to the plan" in page


def test_a_posted_draw_beyond_the_plan_is_refused_in_words(director_client, one_round_closed):
    response = director_client.post(
        reverse("tournaments:draw", args=[one_round_closed.pk]), {"seed": "5"}, follow=True
    )
    assert response.status_code == 200
    assert "All 1 planned rounds are drawn" in response.content.decode()
    assert one_round_closed.rounds.count() == 1


def test_the_service_refuses_a_round_beyond_the_plan(one_round_closed, director):
    with pytest.raises(services.TournamentError, match="Add a round to the plan"):
        services.draw_next_round(tournament=one_round_closed, by=director)


def test_adding_a_round_to_the_plan_is_audited_and_lets_the_next_round_be_drawn(
    director_client, one_round_closed
):
    director_client.post(reverse("tournaments:plan_add", args=[one_round_closed.pk]))
    one_round_closed.refresh_from_db()
    assert one_round_closed.rounds_planned == 2
    entry = AuditEntry.objects.get(action="plan")
    assert entry.detail == "rounds planned 1 → 2"
    page = director_client.get(one_round_closed.get_absolute_url()).content.decode()
    assert "Draw the next round" in page
    director_client.post(reverse("tournaments:draw", args=[one_round_closed.pk]), {"seed": "5"})
    assert one_round_closed.rounds.count() == 2


def test_the_plan_cannot_drop_below_the_rounds_drawn(one_round_closed, director):
    services.add_planned_round(tournament=one_round_closed, by=director)
    services.draw_next_round(tournament=one_round_closed, by=director, seed=2)
    with pytest.raises(services.TournamentError, match="2 rounds are drawn already"):
        services.edit_tournament(tournament=one_round_closed, by=director, rounds_planned=1)


def test_a_finished_tournament_s_plan_is_not_raised(one_round_closed, director):
    services.finish_tournament(tournament=one_round_closed, by=director)
    with pytest.raises(services.TournamentError, match="reopen it"):
        services.add_planned_round(tournament=one_round_closed, by=director)
