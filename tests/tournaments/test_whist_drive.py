"""A whist drive of 12 players over 3 rounds, through the pages (RULES §6.3): set up with
standings by tricks, register, draw round 1, record four hands at each table, enter and
confirm the written sheets, close the round, draw rounds 2 and 3 by the progressive
movement, and read each player's trick total on the public standings page and its CSV.
"""

import csv
import io
import uuid

import pytest
from django.urls import reverse

from clubs.models import Player
from tests.printing.samples import page_texts
from tests.tournaments.helpers import confirm_sheets, hand_post, tournament_form
from tournaments import hand_store, services
from tournaments.access import TableAccess
from tournaments.drive import trick_standings
from tournaments.models import Round, ScoreSheet, Seat, Tournament
from tournaments.totals import final_places, player_history

pytestmark = pytest.mark.django_db

# N–S tricks of the four hands at tables 1, 2 and 3, round by round. Round 1: N–S win at
# table 1 (30 of 52), E–W at table 2 (32), N–S at table 3 (27). Round 2: E–W win at
# table 1 (31), table 2 is drawn 26–26 (N–S count as the winners), E–W win at table 3
# (33). Round 3 has a small slam (N–S 12) at table 1.
NS_TRICKS = {
    1: {1: [8, 7, 6, 9], 2: [5, 4, 6, 5], 3: [7, 7, 6, 7]},
    2: {1: [5, 5, 6, 5], 2: [6, 7, 6, 7], 3: [4, 5, 5, 5]},
    3: {1: [12, 7, 6, 6], 2: [7, 7, 7, 7], 3: [3, 6, 6, 6]},
}


def _points(tricks: int) -> int:
    """A side's points in a standard hand: 2 a trick over the book, slams +30 / +50."""
    return max(tricks - 6, 0) * 2 + {12: 30, 13: 50}.get(tricks, 0)


def _drive(director_client, club) -> Tournament:
    response = director_client.post(
        reverse("tournaments:create"),
        tournament_form(
            club, name="Whist drive", ruleset="whist", hands_per_round=4,
            starting_chips=0, standings_method="tricks",
        ),
    )  # fmt: skip
    assert response.status_code == 302, response.content.decode()
    tournament = Tournament.objects.get()
    for n in range(12):
        player = Player.objects.create(first_name=f"D{n:02}", last_name="Hráč", home_club=club)
        director_client.post(
            reverse("tournaments:register", args=[tournament.pk]), {"player": player.pk}
        )
    return tournament


def _seating(round_: Round) -> list[list[int]]:
    return [
        [seat.player_id for seat in table.seats.order_by("number")]
        for table in round_.tables.order_by("number")
    ]


def _judges(director_client, round_: Round, judges) -> None:
    """Table 3 judged by the first judge, table 1 by the other: each confirms the sheets
    of tables not their own."""
    accounts = {3: judges[0][0], 1: judges[1][0]}
    for table in round_.tables.all():
        account = accounts.get(table.number)
        director_client.post(
            reverse("tournaments:table_judge", args=[table.pk]),
            {"judge": account.pk if account else "", "link": "keep"},
        )


def _section(page: str, name: str) -> str:
    start = page.index(f'<section id="{name}">')
    return page[start : page.index("</section>", start)]


def _play(director_client, judges, round_: Round, totals: dict[int, int]) -> None:
    """Record each table's four hands, enter its sheet (the director) and confirm it (the
    judge of another table), adding each player's tricks to `totals`; close the round."""
    tournament = round_.tournament
    status = reverse("tournaments:round_status", args=[tournament.pk, round_.number])
    assert director_client.post(status, {"status": "playing"}).status_code == 302
    for table in round_.tables.order_by("number"):
        seats = {seat.number: seat.player_id for seat in table.seats.all()}
        counts = dict.fromkeys(seats, 0)
        first = (round_.number - 1) * 4 + 1  # hands are numbered over the drive
        page = director_client.get(table.get_absolute_url()).content.decode()
        assert f"Hand {first} of the drive: hearts are trumps." in page
        for ns in NS_TRICKS[round_.number][table.number]:
            table.refresh_from_db()
            response = director_client.post(
                reverse("tournaments:hand_add", args=[table.pk]),
                hand_post(table, form={"variant": "standard"}, tricks_NS=ns, tricks_EW=13 - ns),
            )
            assert response.status_code == 302, response.content.decode()
            for seat, tricks in ((1, ns), (3, ns), (2, 13 - ns), (4, 13 - ns)):
                totals[seats[seat]] += tricks
                counts[seat] += _points(tricks)
        ns = sum(NS_TRICKS[round_.number][table.number])
        drive = _section(director_client.get(table.get_absolute_url()).content.decode(), "drive")
        assert "Every hand of the round is played" in drive
        cells = drive.split('<td class="num">')[1:]
        assert [int(cell.split("<")[0]) for cell in cells] == [ns, 52 - ns]
        page = director_client.post(
            reverse("tournaments:sheet", args=[table.pk]),
            {f"seat_{seat}": count for seat, count in counts.items()},
        ).content.decode()
        assert "Every count agrees with the recorded hands" in page
        sheet = ScoreSheet.objects.get(table=table)
        confirming = judges[1][1] if table.number == 3 else judges[0][1]
        confirming.post(reverse("tournaments:sheet_confirm", args=[sheet.pk]))
        sheet.refresh_from_db()
        assert sheet.confirmed
    director_client.post(status, {"status": "closed"})
    round_.refresh_from_db()
    assert round_.status == Round.Status.CLOSED


def test_a_drive_of_twelve_players_over_three_rounds(
    director_client, judge_client, judge, other_judge_client, other_judge, anon_client, club
):
    judges = ((judge, judge_client), (other_judge, other_judge_client))
    tournament = _drive(director_client, club)
    assert tournament.get_standings_method_display() == "Total tricks over the drive"
    totals = {registration.player_id: 0 for registration in tournament.registrations.all()}
    director_client.post(reverse("tournaments:draw", args=[tournament.pk]), {"seed": "5"})
    round_1 = Round.objects.get(number=1)
    _judges(director_client, round_1, judges)
    seating_1 = _seating(round_1)
    assert [len(table) for table in seating_1] == [4, 4, 4]
    _play(director_client, judges, round_1, totals)

    # Round 2 is moved, not drawn (the seed is not used): table 1's N–S winners stay and
    # take table 2's E–W winners as partners; table 2's losers (N–S) meet table 3's N–S
    # winners; table 1's losers go down to table 3 and meet its losers.
    director_client.post(reverse("tournaments:draw", args=[tournament.pk]), {"seed": "9"})
    round_2 = Round.objects.get(number=2)
    (a1, a2, a3, a4), (b1, b2, b3, b4), (c1, c2, c3, c4) = seating_1
    assert _seating(round_2) == [[a1, a3, b2, b4], [b1, b3, c1, c3], [c2, c4, a2, a4]]
    assert tournament.audit.filter(detail="round 2, moved on from round 1").exists()
    _judges(director_client, round_2, judges)
    _play(director_client, judges, round_2, totals)

    # Round 2: E–W (a3, b4) win at table 1 and stay; table 2 is drawn, so its N–S (b1, c1)
    # move up; E–W (c4, a4) win at table 3 and move up; a1, b2 go down.
    director_client.post(reverse("tournaments:draw", args=[tournament.pk]), {"seed": ""})
    round_3 = Round.objects.get(number=3)
    assert _seating(round_3) == [[a3, b4, b1, c1], [b3, c3, c4, a4], [c2, a2, a1, b2]]
    _judges(director_client, round_3, judges)
    _play(director_client, judges, round_3, totals)

    _printouts(director_client, tournament, seating_1, totals)
    detail = director_client.get(tournament.get_absolute_url()).content.decode()
    assert "Score cards (PDF)" in detail and "Movement sheet (PDF)" in detail

    page = anon_client.get(reverse("tournaments:standings", args=[tournament.pk]))
    text = page.content.decode()
    assert "A drive: each player's tricks over the drive" in text
    assert "Provisional after round 3 of 3" in text
    export = anon_client.get(reverse("tournaments:standings_export", args=[tournament.pk, "csv"]))
    rows = list(csv.reader(io.StringIO(export.content.decode("utf-8-sig"))))
    header = rows[0]
    body = [row for row in rows[1:] if len(row) == len(header)]  # the note is a last row
    assert rows[-1] == ["Provisional after round 3 of 3"]
    assert header[-4:] == ["R1", "R2", "R3", "Tricks"]
    names = {p.pk: p.display_name for p in Player.objects.all()}
    assert {row[1]: int(row[-1]) for row in body} == {names[p]: t for p, t in totals.items()}
    # The highest total first; equal totals share a place.
    ordered = sorted(totals.values(), reverse=True)
    assert [int(row[-1]) for row in body] == ordered
    places = [int(row[0]) for row in body]
    for index, total in enumerate(ordered):
        assert places[index] == ordered.index(total) + 1
    assert len(set(ordered)) < len(ordered)  # the drive above has ties to share
    # A player's history and the season's leaderboard read the same places (by tricks).
    by_tricks = {
        row["player_id"]: row["place"] for row in final_places([tournament])[tournament.pk]
    }
    assert sorted(by_tricks.values()) == places
    best = max(totals, key=totals.get)
    assert by_tricks[best] == 1 and player_history(best)[0]["place"] == 1


def _printouts(director_client, tournament, seating_1, totals) -> None:
    """The score cards (one a player A–Z, each round's table and partner, the trumps) and
    the movement sheet (each round's pairs and their tricks)."""
    names = {p.pk: p.display_name for p in Player.objects.all()}
    cards = director_client.get(reverse("tournaments:drive_cards_pdf", args=[tournament.pk]))
    assert cards["Content-Type"] == "application/pdf"
    pages = [" ".join(text.split()) for text in page_texts(cards.content)]
    assert len(pages) == 12
    assert [page.split("Score card · ")[1].split(" · ")[0] for page in pages] == sorted(
        names.values()
    )
    first = min(names, key=names.get)
    card = pages[0]
    assert "Trumps by hand, over the drive: hearts, diamonds, spades, clubs" in card
    assert "Progressive movement" in card and "12 clubs Round 3 total Drive total" in card
    for number in (1, 2, 3):
        table = Round.objects.get(number=number).tables.get(seats__player_id=first)
        seat = table.seats.get(player_id=first).number
        partner = table.seats.get(number=(seat + 1) % 4 + 1).player.display_name
        hand = (number - 1) * 4 + 1
        assert f"{number} {hand} hearts {table.number} {partner}" in card
    movement = director_client.get(reverse("tournaments:drive_movement_pdf", args=[tournament.pk]))
    text = " ".join("".join(page_texts(movement.content)).split())
    (a1, a2, a3, a4), (b1, b2, b3, b4), _table_3 = seating_1
    # Round 1, table 1: N–S 30 tricks against E–W 22 in four hands; table 2 E–W win 32–20.
    assert f"1 {names[a1]} & {names[a3]} {names[a2]} & {names[a4]} 30 22 N–S" in text
    assert f"2 {names[b1]} & {names[b3]} {names[b2]} & {names[b4]} 20 32 E–W" in text
    assert text.count("N–S E–W Winners") == 3  # a table of pairs a round
    # Whist's trumps are the hand's suit, not tarock's trumps (taroky, taroki).
    for language, trumps, tarock in (("cs", "Trumfy", "Taroky"), ("sl", "Aduti", "Taroki")):
        director_client.cookies["django_language"] = language
        url = reverse("tournaments:drive_cards_pdf", args=[tournament.pk])
        card = " ".join(page_texts(director_client.get(url).content)[0].split())
        assert f"{trumps} " in card and tarock not in card, language
    director_client.cookies["django_language"] = "en"


def test_a_drive_needs_a_ruleset_played_as_a_drive_at_tables_of_four(director_client, club):
    tarock = director_client.post(
        reverse("tournaments:create"), tournament_form(club, standings_method="tricks")
    ).content.decode()
    assert "Tricks over a drive need a ruleset played as a drive: Whist." in tarock
    three = director_client.post(
        reverse("tournaments:create"),
        tournament_form(
            club, ruleset="whist", starting_chips=0, standings_method="tricks", table_size=3
        ),
    ).content.decode()
    assert "A drive is played 4 to a table." in three
    timed = director_client.post(
        reverse("tournaments:create"),
        tournament_form(
            club, ruleset="whist", starting_chips=0, standings_method="tricks",
            hands_per_round="", minutes_per_round=90,
        ),
    ).content.decode()  # fmt: skip
    assert "A drive needs the hands per round: trumps follow them." in timed
    assert not Tournament.objects.exists()


def _checked_in_drive(director, club, *, players: int, initial: str):
    """A whist drive set up through the services, `players` registered and checked in."""
    tournament = services.create_tournament(
        by=director, ruleset="whist", name="Drive", date="2026-12-05", host_club=club,
        hands_per_round=4, standings_method="tricks",
    )  # fmt: skip
    for n in range(players):
        player = Player.objects.create(first_name=f"{initial}{n}", last_name="Hráč", home_club=club)
        services.register(tournament=tournament, player=player, checked_in=True)
    return tournament


def test_a_drive_refuses_a_field_that_is_not_four_to_a_table(director, club):
    tournament = _checked_in_drive(director, club, players=6, initial="E")
    with pytest.raises(services.TournamentError, match="4 to a table: 6 players"):
        services.draw_next_round(tournament=tournament, by=director, seed=1)
    with pytest.raises(services.TournamentError, match="not played as a drive"):
        services.create_tournament(
            by=director, ruleset="spjst", name="Tarock", date="2026-12-05", host_club=club,
            hands_per_round=4, standings_method="tricks",
        )  # fmt: skip


def test_a_late_entry_breaks_the_movement_and_is_refused(director, club):
    tournament = services.create_tournament(
        by=director, ruleset="whist", name="Drive", date="2026-12-05", host_club=club,
        hands_per_round=4, standings_method="tricks",
    )  # fmt: skip
    players = [
        Player.objects.create(first_name=f"F{n}", last_name="Hráč", home_club=club)
        for n in range(8)
    ]
    for player in players[:4]:
        services.register(tournament=tournament, player=player, checked_in=True)
    round_1 = services.draw_next_round(tournament=tournament, by=director, seed=1)
    round_1.status = Round.Status.CLOSED
    round_1.save()
    for player in players[4:]:
        services.register(tournament=tournament, player=player, checked_in=True)
    with pytest.raises(services.TournamentError, match="late entries break the movement"):
        services.draw_next_round(tournament=tournament, by=director, seed=1)
    with pytest.raises(services.TournamentError, match="from its first round on"):
        services.edit_tournament(tournament=tournament, by=director, standings_method="chips")
    with pytest.raises(services.TournamentError, match="none is paper-only"):
        services.set_judge(table=round_1.tables.get(), by=director, paper_only=True)


def test_the_drive_standings_page_reads_a_fixed_number_of_queries(
    director_client,
    judge_client,
    judge,
    other_judge_client,
    other_judge,
    anon_client,
    club,
    queries_of,
):
    judges = ((judge, judge_client), (other_judge, other_judge_client))
    tournament = _drive(director_client, club)
    url = reverse("tournaments:standings", args=[tournament.pk])
    totals = {registration.player_id: 0 for registration in tournament.registrations.all()}
    director_client.post(reverse("tournaments:draw", args=[tournament.pk]), {"seed": "5"})
    round_1 = Round.objects.get(number=1)
    _judges(director_client, round_1, judges)
    _play(director_client, judges, round_1, totals)
    one_round = queries_of(lambda: anon_client.get(url))
    director_client.post(reverse("tournaments:draw", args=[tournament.pk]), {"seed": ""})
    round_2 = Round.objects.get(number=2)
    _judges(director_client, round_2, judges)
    cards = reverse("tournaments:drive_cards_pdf", args=[tournament.pk])
    movement = reverse("tournaments:drive_movement_pdf", args=[tournament.pk])
    printed = [
        queries_of(lambda path=path: director_client.get(path)) for path in (cards, movement)
    ]
    _play(director_client, judges, round_2, totals)
    assert queries_of(lambda: anon_client.get(url)) == one_round
    assert [
        queries_of(lambda path=path: director_client.get(path)) for path in (cards, movement)
    ] == printed


def test_a_tarock_tournament_has_no_score_cards_or_movement_sheet(director_client, table1):
    pk = table1.round.tournament_id
    for name in ("drive_cards_pdf", "drive_movement_pdf"):
        response = director_client.get(reverse(f"tournaments:{name}", args=[pk]), follow=True)
        assert response.redirect_chain[0][0] == reverse("tournaments:detail", args=[pk])
        assert "Only a drive has score cards and a movement sheet." in response.content.decode()
    page = director_client.get(reverse("tournaments:detail", args=[pk])).content.decode()
    assert "Score cards (PDF)" not in page


def test_a_drive_table_cannot_keep_score_on_paper_only(director_client, director, club):
    tournament = _checked_in_drive(director, club, players=4, initial="G")
    table = services.draw_next_round(tournament=tournament, by=director, seed=1).tables.get()
    response = director_client.post(
        reverse("tournaments:table_judge", args=[table.pk]),
        {"judge": "", "link": "keep", "paper_only": "on"},
        follow=True,
    )
    assert "A drive&#x27;s tables record their hands: none is paper-only." in (
        response.content.decode()
    )
    table.refresh_from_db()
    assert not table.paper_only


def test_a_drive_tables_page_reads_as_many_queries_after_one_hand_as_after_four(
    director_client, director, club, queries_of
):
    tournament = _checked_in_drive(director, club, players=4, initial="H")
    round_ = services.draw_next_round(tournament=tournament, by=director, seed=1)
    services.set_round_status(round_=round_, status=Round.Status.PLAYING, by=director)
    table = round_.tables.get()

    def add(ns: int) -> None:
        table.refresh_from_db()
        director_client.post(
            reverse("tournaments:hand_add", args=[table.pk]),
            hand_post(table, form={"variant": "standard"}, tricks_NS=ns, tricks_EW=13 - ns),
        )

    add(8)
    one = queries_of(lambda: director_client.get(table.get_absolute_url()))
    for ns in (5, 7, 9):
        add(ns)
    assert queries_of(lambda: director_client.get(table.get_absolute_url())) == one
    drive = _section(director_client.get(table.get_absolute_url()).content.decode(), "drive")
    assert [int(cell.split("<")[0]) for cell in drive.split('<td class="num">')[1:]] == [29, 23]


def test_everyone_at_a_confirmed_table_is_in_the_standings_with_no_hands_recorded(
    director, judge, club
):
    # A table whose sheet is confirmed with no hand recorded played the round for 0 tricks:
    # its four are ranked (issue 26's simulated day found them missing from the standings).
    tournament = _checked_in_drive(director, club, players=8, initial="G")
    round_1 = services.draw_next_round(tournament=tournament, by=director, seed=1)
    services.set_round_status(round_=round_1, status=Round.Status.PLAYING, by=director)
    table_1 = round_1.tables.get(number=1)
    access = TableAccess(table=table_1, user=judge, actor="judge", is_director=False, browser="b")
    for ns in (8, 6):
        table_1.refresh_from_db()
        hand_store.add_hand(
            access=access,
            data={"ruleset": "whist", "variant": "standard", "tricks": {"NS": ns, "EW": 13 - ns}},
            submission=uuid.uuid4(),
            expected_version=table_1.version,
        )
    confirm_sheets(
        round_1, director, {1: dict.fromkeys(range(1, 5), 0), 2: dict.fromkeys(range(1, 5), 0)}
    )
    rows = {row["name"]: row for row in trick_standings(tournament).rows}
    seated = {seat.player.name: seat.table.number for seat in Seat.objects.filter(round=round_1)}
    assert set(rows) == set(seated)
    for name, number in seated.items():
        tricks = {1: {1: 14, 3: 14, 2: 12, 4: 12}}.get(number)
        seat = Seat.objects.get(round=round_1, player__display_name=name).number
        assert rows[name]["rounds"] == {1: tricks[seat] if tricks else 0}
