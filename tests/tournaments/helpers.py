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
