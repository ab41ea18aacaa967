"""The stored final places (`place_models.FinalPlace`): what a scan of the sheets gives,
after a finish, a reopen, a merge and its undoing, and after `manage.py final_places
--rebuild`; and the pages that read them, whose queries do not grow with the history."""

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse
from django.utils import translation

from clubs.models import Club, Player, Season
from tournaments import services
from tournaments.models import Tournament
from tournaments.place_models import FinalPlace, stored_places
from tournaments.place_store import rebuild_places
from tournaments.services.players import merge_players, unmerge
from tournaments.simulation import history
from tournaments.totals import club_results, club_rulesets, final_places, live_places, won

pytestmark = pytest.mark.django_db

SEED = 11


def _play(federation, plan, numbers) -> None:
    games = history.game_order(plan)
    for number in numbers:
        history.play_tournament(federation, plan, number, games[number], history._day(plan, number))


@pytest.fixture
def simulated():
    """A federation with three finished tournaments (room in its plan for six)."""
    plan = history.Plan.scaled(SEED, 6)
    federation = history.build_federation(plan)
    _play(federation, plan, range(3))
    return federation, plan


def _as_stored(places: dict[int, list[dict]], chips=None) -> dict[int, set[tuple]]:
    """The rows as the store keeps them; with `chips` ((tournament, player) → chips won)
    their chips too."""
    return {
        pk: {
            (r["player_id"], r["place"], r["total"], len(rows))
            + (() if chips is None else (chips.get((pk, r["player_id"])),))
            for r in rows
        }
        for pk, rows in places.items()
    }


def _summary() -> dict[int, set[tuple]]:
    rows = FinalPlace.objects.values_list(
        "tournament_id", "player_id", "place", "total", "field", "chips"
    )
    summary: dict[int, set[tuple]] = {}
    for tournament_id, *row in rows:
        summary.setdefault(tournament_id, set()).add(tuple(row))
    return summary


def _scan() -> dict[int, set[tuple]]:
    finished = list(Tournament.objects.filter(status=Tournament.Status.FINISHED))
    return _as_stored(live_places(finished), won(finished))


def test_a_finish_stores_what_a_scan_of_the_sheets_gives(simulated):
    assert Tournament.objects.filter(status=Tournament.Status.FINISHED).count() == 3
    assert _summary() == _scan()
    assert all(len(rows) >= 12 for rows in _summary().values())


def test_a_reopen_removes_them_and_the_pages_rank_it_from_the_sheets(simulated):
    federation, _plan = simulated
    tournament = Tournament.objects.order_by("date").first()
    scanned = _as_stored(live_places([tournament]), won([tournament]))[tournament.pk]

    services.reopen_tournament(tournament=tournament, by=federation.director, reason="typo")

    assert tournament.pk not in _summary()
    assert _summary() == _scan()
    tournament.refresh_from_db()
    assert _as_stored(final_places([tournament]), won([tournament]))[tournament.pk] == scanned
    services.finish_tournament(tournament=tournament, by=federation.director)
    assert _summary()[tournament.pk] == scanned


def test_a_merge_moves_them_with_the_player_and_its_undoing_back(simulated):
    federation, _plan = simulated
    played = Player.objects.filter(places__isnull=False).distinct()
    keep = played.first()
    theirs = set(keep.places.values_list("tournament", flat=True))
    duplicate = played.exclude(places__tournament__in=theirs).first()
    before = _summary()

    merge = merge_players(keep, duplicate, federation.director)

    assert not FinalPlace.objects.filter(player=duplicate).exists()
    assert _summary() == _scan()
    unmerge(merge, federation.director)
    assert _summary() == before == _scan()


def test_the_rebuild_command_stores_them_anew(simulated):
    FinalPlace.objects.filter(place=1).delete()
    FinalPlace.objects.filter(place=2).update(place=9)
    assert _summary() != _scan()

    call_command("final_places", rebuild=True, verbosity=0)

    assert _summary() == _scan()
    with pytest.raises(CommandError):
        call_command("final_places", verbosity=0)


def test_a_finished_tournament_with_nothing_stored_is_ranked_from_its_sheets(simulated):
    FinalPlace.objects.all().delete()
    finished = list(Tournament.objects.all())

    assert _as_stored(final_places(finished), won(finished)) == _scan()
    assert stored_places([t.pk for t in finished]) == {}


def _club_scan(club: Club) -> dict[int, tuple]:
    """The club page's rows as a scan of every sheet line and every standings gives them."""
    rows: dict[int, tuple] = {}
    for player in Player.objects.filter(home_club=club):
        lines = player.sheet_lines.filter(sheet__confirmed_at__isnull=False).select_related(
            "sheet__table__round__tournament"
        )
        played = {line.sheet.table.round.tournament for line in lines}
        if not played:
            continue
        net = sum(line.chips - line.sheet.table.round.tournament.starting_chips for line in lines)
        places = final_places(list(played))
        best = min(r["place"] for t in played for r in places[t.pk] if r["player_id"] == player.pk)
        in_play = any(t.status != Tournament.Status.FINISHED for t in played)
        rows[player.pk] = (len(played), net, best, in_play)
    return rows


def test_the_club_page_counts_what_a_scan_of_the_sheets_gives(simulated):
    federation, _plan = simulated
    club = Club.objects.filter(players__places__isnull=False).first()

    def results() -> dict[int, tuple]:
        return {
            r["player_id"]: (r["tournaments"], r["total"], r["best_place"], r["provisional"])
            for r in club_results(club.pk)
        }

    assert results() == _club_scan(club) and results()
    tournament = Tournament.objects.filter(final_places__player__home_club=club).first()
    services.reopen_tournament(tournament=tournament, by=federation.director, reason="typo")
    assert results() == _club_scan(club)
    assert any(row[3] for row in results().values())
    assert tournament.ruleset in club_rulesets(club.pk)


def _pages() -> dict[str, str]:
    club = Club.objects.order_by("pk").first()
    player = Player.objects.filter(places__isnull=False).order_by("pk").first()
    season = Season.objects.filter(tournaments__isnull=False).order_by("pk").first()
    return {
        "club": reverse("clubs:club_detail", args=[club.pk]),
        "player": reverse("clubs:player_detail", args=[player.pk]),
        "leaderboard": reverse("tournaments:leaderboard", args=[season.pk]),
        "list": reverse("tournaments:list"),
    }


def test_the_pages_ask_as_many_queries_however_long_the_history(simulated, anon_client, queries_of):
    federation, plan = simulated
    urls = _pages()
    before = {name: queries_of(lambda u=url: anon_client.get(u)) for name, url in urls.items()}

    _play(federation, plan, range(3, 6))

    after = {name: queries_of(lambda u=url: anon_client.get(u)) for name, url in urls.items()}
    assert after == before
    for url in urls.values():
        assert anon_client.get(url).status_code == 200


def test_the_tournament_list_comes_in_pages(simulated, anon_client, monkeypatch):
    from tournaments.views import setup

    monkeypatch.setattr(setup, "LIST_PAGE", 2)
    first = anon_client.get(reverse("tournaments:list")).content.decode()
    last = anon_client.get(reverse("tournaments:list") + "?page=2").content.decode()

    newest, *_rest, oldest = Tournament.objects.order_by("-date")
    assert newest.name in first and oldest.name not in first
    assert oldest.name in last and newest.name not in last
    assert "?page=2" in first and "?page=1" in last


def test_the_rebuild_needs_no_active_language_as_in_a_migration(simulated):
    FinalPlace.objects.all().delete()

    with translation.override(None):
        rebuild_places()

    assert _summary() == _scan()
