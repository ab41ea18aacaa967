"""Form data for the judge's hand form, in the shape the browser sends it."""

import uuid

HAND_FORM = {"contract": "povinost", "challenge": "0", "pagat_challenge": "0"}
# What the Czech forms send for the choices a judge leaves alone (a první, no flek).
CZ_XIX_FORM = {"contract": "prvni", "flek": "0", "pagat_flek": "0", "valat_flek": "0"}
CZ_THREE_FORM = {"contract": "prvni", "flek": "0", "varsava_flek": "0"}


def hand_post(
    table, *, action: str = "save", submission=None, form: dict = HAND_FORM, **fields
) -> dict:
    """A POST body for `hand_add`: a Povinost hand (or `form`'s) unless `fields` say otherwise."""
    data = {**form, **{k: str(v) for k, v in fields.items()}}
    data.update(
        action=action,
        submission=str(submission or uuid.uuid4()),
        version=str(table.version),
    )
    return data


def confirm_sheets(round_, director, counts_by_table: dict[int, dict[int, int]]) -> None:
    """Store a confirmed sheet at each table with the given counts (seat → chips)."""
    from django.utils import timezone

    from tournaments.models import ScoreSheet, SheetLine

    for table in round_.tables.prefetch_related("seats"):
        counts = counts_by_table[table.number]
        sheet = ScoreSheet.objects.create(
            table=table, entered_actor="test", confirmed_by=director, confirmed_at=timezone.now()
        )
        SheetLine.objects.bulk_create(
            SheetLine(sheet=sheet, seat=seat.number, player=seat.player, chips=counts[seat.number])
            for seat in table.seats.all()
        )


def tournament_form(club, **fields) -> dict:
    """A POST body for the tournament setup form: an SPJST tournament of `club`, chips
    standings, unless `fields` say otherwise."""
    return {
        "name": "Spring Tarock",
        "date": "2026-04-11",
        "host_club": club.pk,
        "ruleset": "spjst",
        "rounds_planned": 3,
        "hands_per_round": 12,
        "starting_chips": 100,
        "table_size": 4,
        "standings_method": "chips",
        "placement_points_text": "4, 3, 2, 1",
        **fields,
    }


def round_in_play(director_client, judge, club, *, players: int, seed: str = "3", **setup):
    """A tournament set up, registered, drawn and started through the director's pages,
    every table judged by `judge`; `setup` overrides the setup form (see
    `tournament_form`). Returns the tournament and round 1's tables in order."""
    from django.urls import reverse

    from clubs.models import Player
    from tournaments.models import Round, Tournament

    director_client.post(reverse("tournaments:create"), tournament_form(club, **setup))
    tournament = Tournament.objects.latest("pk")
    for n in range(players):
        player = Player.objects.create(first_name=f"I{n}", last_name=f"Hráč{n}", home_club=club)
        director_client.post(
            reverse("tournaments:register", args=[tournament.pk]), {"player": player.pk}
        )
    director_client.post(reverse("tournaments:draw", args=[tournament.pk]), {"seed": seed})
    tables = list(Round.objects.get(tournament=tournament).tables.order_by("number"))
    for table in tables:
        director_client.post(
            reverse("tournaments:table_judge", args=[table.pk]),
            {"judge": judge.pk, "link": "keep"},
        )
    director_client.post(
        reverse("tournaments:round_status", args=[tournament.pk, 1]), {"status": "playing"}
    )
    return tournament, tables
