import pytest
from django.urls import reverse

from clubs.models import Player
from tests.tournaments.helpers import tournament_form
from tournaments import services
from tournaments.models import AuditEntry, Round, Seat, Tournament

pytestmark = pytest.mark.django_db


_form = tournament_form


def test_a_tournament_pins_every_house_rule_of_its_preset(director_client, club):
    director_client.post(reverse("tournaments:create"), _form(club, preset="westfest_2012"))
    tournament = Tournament.objects.get()
    assert tournament.house_rules == {
        "prever_back_multiplier": 4,
        "valat_replaces_game": False,
        "renege_penalty": "discard_irregularity",
    }


def test_an_unknown_preset_is_refused_and_nothing_is_saved(director_client, club):
    response = director_client.post(reverse("tournaments:create"), _form(club, preset="vegas"))
    assert "Select a valid choice. vegas is not one of the available choices." in (
        response.content.decode()
    )
    assert not Tournament.objects.exists()


def test_the_presets_are_offered_by_ruleset_and_checked_against_the_chosen_one(
    director_client, club
):
    page = director_client.get(reverse("tournaments:create")).content.decode()
    assert '<optgroup label="SPJST Tarock (Texas)">' in page
    assert '<option value="westfest_2012">Westfest 2012 (Prever back ×4)</option>' in page
    response = director_client.post(
        reverse("tournaments:create"), _form(club, ruleset="cz_xix", preset="westfest_2012")
    )
    assert (
        "Unknown preset; this ruleset has: The seed&#x27;s rules (deskovehry.cz), Vysočina club, "
        "Preferanc priced by the talon" in response.content.decode()
    )
    assert not Tournament.objects.exists()


def test_a_round_length_is_required(director_client, club):
    response = director_client.post(reverse("tournaments:create"), _form(club, hands_per_round=""))
    assert "hands per round or the minutes per round" in response.content.decode()
    assert not Tournament.objects.exists()


def test_placement_points_must_be_numbers(director_client, club):
    response = director_client.post(
        reverse("tournaments:create"),
        _form(club, standings_method="placement", placement_points_text="4, x"),
    )
    assert "numbers separated by commas" in response.content.decode()
    assert not Tournament.objects.exists()


def test_the_ruleset_cannot_change_once_a_round_is_drawn(director_client, round1, club):
    tournament = round1.tournament
    director_client.post(
        reverse("tournaments:edit", args=[tournament.pk]),
        _form(club, name="Renamed", ruleset="spjst", preset="westfest_2012"),
    )
    tournament.refresh_from_db()
    assert tournament.name == "Renamed"
    assert tournament.preset == ""
    assert tournament.house_rules["prever_back_multiplier"] == 3


def test_the_registration_search_finds_unregistered_players(director_client, tournament, players):
    services.register(tournament=tournament, player=players[0])
    url = reverse("tournaments:registrations", args=[tournament.pk])
    fragment = director_client.get(url, {"q": "Player0"}, HTTP_HX_REQUEST="true").content.decode()
    assert players[1].name in fragment
    assert players[0].name not in fragment


def test_the_registration_search_files_its_page_in_the_readers_alphabet_and_says_when_there_is_more(
    director_client, tournament, club
):
    """A Czech desk finds Kříž before Kučera and Horák before Horvat, as the registered
    list below is filed; past a page of matches it says to type more, instead of
    leaving the rest unsaid (found at the desk at 360 px in Czech)."""
    for first, last in [("Jan", "Kučera"), ("Eva", "Kříž"), ("Ivo", "Horvat"), ("Ema", "Horák")]:
        Player.objects.create(first_name=first, last_name=last, home_club=club)
    url = reverse("tournaments:registrations", args=[tournament.pk])
    director_client.cookies["django_language"] = "cs"
    fragment = director_client.get(url, {"q": "a"}, HTTP_HX_REQUEST="true").content.decode()
    order = [fragment.index(name) for name in ("Horák", "Horvat", "Kříž", "Kučera")]
    assert order == sorted(order)
    assert 'id="more-found"' not in fragment

    Player.objects.bulk_create(
        Player(first_name=f"Anna{n:02}", last_name="Nováková", home_club=club) for n in range(25)
    )
    fragment = director_client.get(url, {"q": "a"}, HTTP_HX_REQUEST="true").content.decode()
    assert fragment.count('name="player"') == 20
    assert "Odpovídá více hráčů, než kolik je zobrazeno (20)" in fragment


def test_registering_twice_is_refused_with_a_message(director_client, tournament, player):
    url = reverse("tournaments:register", args=[tournament.pk])
    director_client.post(url, {"player": player.pk})
    response = director_client.post(url, {"player": player.pk}, follow=True)
    assert "already registered" in response.content.decode()
    assert tournament.registrations.count() == 1


def test_a_late_entry_plays_from_the_next_round(round1, director, club):
    tournament = round1.tournament
    late = Player.objects.create(first_name="Late", last_name="Comer", home_club=club)
    registration = services.register(tournament=tournament, player=late, checked_in=True)
    assert registration.first_round == 2
    assert not Seat.objects.filter(player=late).exists()
    _close(round1, director)
    round2 = services.draw_next_round(tournament=tournament, by=director, seed=3)
    assert round2.seats.filter(player=late).exists() or round2.byes.filter(player=late).exists()


def test_a_withdrawn_player_is_not_drawn_again(round1, director, director_client):
    tournament = round1.tournament
    registration = tournament.registrations.first()
    director_client.post(
        reverse("tournaments:registration_update", args=[registration.pk]), {"action": "withdraw"}
    )
    _close(round1, director)
    round2 = services.draw_next_round(tournament=tournament, by=director, seed=3)
    assert not round2.seats.filter(player=registration.player).exists()
    assert round2.seats.count() + round2.byes.count() == 15


def _close(round_, director):
    """Confirm an agreeing paper-only sheet at every table and close the round."""
    from tournaments.models import ScoreSheet, SheetLine

    for table in round_.tables.all():
        table.paper_only = True
        table.save()
        sheet = ScoreSheet.objects.create(table=table, entered_actor="test")
        for seat in table.seats.all():
            SheetLine.objects.create(sheet=sheet, seat=seat.number, player=seat.player, chips=100)
    ScoreSheet.objects.filter(table__round=round_).update(
        confirmed_by=director, confirmed_at="2026-09-05T12:00Z"
    )
    services.set_round_status(round_=round_, status=Round.Status.CLOSED, by=director)


def test_the_draw_is_reproducible_from_its_stored_seed(tournament, players, director):
    for player in players:
        services.register(tournament=tournament, player=player, checked_in=True)
    first = services.draw_next_round(tournament=tournament, by=director, seed=12345)
    seating = list(
        first.seats.order_by("table__number", "number").values_list("player_id", flat=True)
    )
    first.delete()
    again = services.draw_next_round(tournament=tournament, by=director, seed=12345)
    assert (
        list(again.seats.order_by("table__number", "number").values_list("player_id", flat=True))
        == seating
    )
    assert again.seed == 12345


def test_the_seed_is_shown_on_the_round_page(anon_client, round1):
    page = anon_client.get(round1.get_absolute_url()).content.decode()
    assert str(round1.seed) in page


def test_the_next_round_cannot_be_drawn_before_this_one_closes(director_client, round1):
    response = director_client.post(
        reverse("tournaments:draw", args=[round1.tournament_id]), {}, follow=True
    )
    assert "Close Round 1 before drawing the next round" in response.content.decode()
    assert round1.tournament.rounds.count() == 1


def test_a_swap_exchanges_two_players_before_the_round_starts(
    director_client, tournament, players, director
):
    for player in players:
        services.register(tournament=tournament, player=player, checked_in=True)
    round_ = services.draw_next_round(tournament=tournament, by=director, seed=5)
    a = round_.seats.get(table__number=1, number=1)
    b = round_.seats.get(table__number=2, number=3)
    url = reverse("tournaments:swap", args=[tournament.pk, 1])
    director_client.post(url, {"player_a": a.player_id, "player_b": b.player_id})
    assert round_.seats.get(table__number=1, number=1).player_id == b.player_id
    assert round_.seats.get(table__number=2, number=3).player_id == a.player_id
    assert AuditEntry.objects.filter(action="swap").exists()


def test_no_swap_once_the_round_is_in_play(director_client, round1):
    seats = list(round1.seats.all()[:2])
    url = reverse("tournaments:swap", args=[round1.tournament_id, 1])
    response = director_client.post(
        url, {"player_a": seats[0].player_id, "player_b": seats[1].player_id}, follow=True
    )
    assert "only before the round starts" in response.content.decode()


def test_reopening_a_round_needs_a_reason_and_is_audited(director_client, round1, director):
    _close(round1, director)
    url = reverse("tournaments:round_status", args=[round1.tournament_id, 1])
    response = director_client.post(url, {"status": "playing", "reason": ""}, follow=True)
    assert "Say why the round is reopened" in response.content.decode()
    director_client.post(url, {"status": "playing", "reason": "table 3 miscounted"})
    round1.refresh_from_db()
    assert round1.status == Round.Status.PLAYING
    assert AuditEntry.objects.filter(
        action="round reopen", detail__contains="table 3 miscounted"
    ).exists()


def test_a_judge_link_is_made_shown_as_a_qr_code_and_revoked(director_client, round1):
    table = round1.tables.get(number=1)
    director_client.post(
        reverse("tournaments:table_judge", args=[table.pk]), {"link": "new", "judge": ""}
    )
    table.refresh_from_db()
    assert len(table.judge_token) >= 43  # 256 random bits, URL-safe base64
    svg = director_client.get(reverse("tournaments:table_qr", args=[table.pk]))
    assert svg["Content-Type"] == "image/svg+xml" and b"<svg" in svg.content
    assert table.judge_token in director_client.get(round1.get_absolute_url()).content.decode()
    director_client.post(
        reverse("tournaments:table_judge", args=[table.pk]), {"link": "revoke", "judge": ""}
    )
    table.refresh_from_db()
    assert table.judge_token is None


def test_a_table_size_the_ruleset_does_not_allow_is_refused(director_client, club):
    response = director_client.post(reverse("tournaments:create"), _form(club, table_size=5))
    assert "This ruleset is played 4 to a table" in response.content.decode()
    assert not Tournament.objects.exists()


def test_the_service_refuses_a_pinned_change_after_the_draw_and_saves_nothing(round1, director):
    tournament = round1.tournament
    with pytest.raises(services.TournamentError, match="preset can't change"):
        services.edit_tournament(
            tournament=tournament, by=director, name="Renamed", preset="westfest_2012"
        )
    tournament.refresh_from_db()
    assert tournament.name == "Westfest Tarock" and tournament.preset == ""


def test_an_edit_before_the_draw_repins_the_house_rules_and_is_audited(tournament, director):
    services.edit_tournament(tournament=tournament, by=director, preset="westfest_2012")
    tournament.refresh_from_db()
    assert tournament.preset == "westfest_2012"
    assert tournament.house_rules == services.pinned_house_rules("spjst", "westfest_2012")
    assert tournament.audit.get(action="edit").detail == "preset"


def test_the_form_does_not_save_by_itself(club):
    from tournaments.forms.setup import TournamentForm

    form = TournamentForm(_form(club))
    assert form.is_valid(), form.errors
    with pytest.raises(TypeError, match="services"):
        form.save()
    assert not Tournament.objects.exists()
