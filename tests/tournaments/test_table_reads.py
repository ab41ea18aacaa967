"""What the judge's requests read of a table, through the ORM: its hands as the standing
reads them, its seats' names, and no table for an id the database cannot hold."""

import uuid
from decimal import Decimal

import pytest

from clubs.models import Player
from tournaments.models import Hand, PlayedHand, Table

pytestmark = pytest.mark.django_db


def test_a_tables_played_hands_come_in_order_in_one_query(table1, django_assert_num_queries):
    halves = {"deltas": {"1": Decimal("1.5"), "2": Decimal("-1.5"), "3": 2, "4": -2}}
    for number, deleted in ((3, False), (1, False), (2, True)):
        Hand.objects.create(
            table=table1,
            number=number,
            data={"contract": "povinost", "declarer": number},
            settlement={**halves, "lines": [{"item": "game"}]},
            deleted=deleted,
            submission=uuid.uuid4(),
        )
    with django_assert_num_queries(1):
        hands = table1.played_hands()
    assert [(hand.number, hand.deleted) for hand in hands] == [(1, False), (2, True), (3, False)]
    assert hands[0] == PlayedHand(
        1, False, {"contract": "povinost", "declarer": 1}, halves["deltas"]
    )
    assert hands[0].deltas() == {1: Decimal("1.5"), 2: Decimal("-1.5"), 3: 2, 4: -2}


def test_a_tables_seat_names_are_one_query_and_the_prefetched_seats_none(
    table1, django_assert_num_queries
):
    Player.objects.filter(pk=table1.seats.get(number=2).player_id).update(display_name="<Bo>")
    table = Table.objects.get(pk=table1.pk)
    with django_assert_num_queries(1):
        names = table.seat_names
    assert names[2] == "<Bo>" and list(names) == [1, 2, 3, 4]
    prefetched = Table.objects.with_play().get(pk=table1.pk)
    with django_assert_num_queries(0):
        assert prefetched.seat_names == names


@pytest.mark.parametrize("table_id", [987_654, 2**63, 2**70])
def test_a_table_id_the_database_has_not_is_no_table(judge_client, table1, table_id):
    assert judge_client.get(f"/tables/{table_id}/").status_code == 404
    assert judge_client.post(f"/tables/{table_id}/hands/", {"action": "save"}).status_code == 404
    assert judge_client.get(f"/tables/{table_id}/hands/1/history/").status_code == 404
