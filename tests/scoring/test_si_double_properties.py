"""Invariants over random two-pack Tarok hands (hypothesis): each hand's lines add up to
its deltas for every seat at 4, 6 and 8 players, each side's members are written the same,
kontra doubles, and the two-pack deck counts to 140."""

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import score_hand
from scoring.deck import DECK, DECK_POINTS, check_sides, count_deck_points
from scoring.rulesets.si_double import DEAL
from scoring.rulesets.si_double_hand import Contract, most_partners
from scoring.rulesets.si_double_napovedi import NAPOVEDI

PROPERTY = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SIDES = ("declarer", "opponents")
_WHOLE_DECK = {"dvojni_kralji": "kralji", "dvojna_trula": "trula"}


@st.composite
def _announcements(draw: st.DrawFn, players: int, solo: bool) -> list[dict[str, Any]]:
    """Announcements a real hand allows: one side took the last trick, and a side holding
    every King (or both Trulas) leaves the other side none of that group made."""
    last = draw(st.sampled_from(SIDES))
    kinds = [
        rule for rule in NAPOVEDI.values()
        if players >= rule.min_players and not (rule.called_king and solo)
    ]  # fmt: skip
    pairs = draw(st.sets(st.tuples(st.sampled_from(kinds), st.sampled_from(SIDES)), max_size=6))
    entries = []
    for rule, side in sorted(pairs, key=lambda pair: (pair[0].name, pair[1])):
        if rule.called_king:
            side = "declarer"
        announced = draw(st.booleans())
        won = draw(st.booleans()) if announced or rule.ultimo else True
        entries.append({"kind": rule.name, "side": side, "announced": announced, "won": won})
    entries = list({(e["kind"], e["side"]): e for e in entries}.values())
    whole = {(_WHOLE_DECK[e["kind"]], e["side"]) for e in entries if e["kind"] in _WHOLE_DECK}
    for entry in entries:
        rule = NAPOVEDI[entry["kind"]]
        other_holds_all = any(g == rule.group and s != entry["side"] for g, s in whole)
        if (rule.ultimo and entry["side"] != last) or (other_holds_all and entry["won"]):
            entry.update(won=False, announced=entry["announced"] or not rule.ultimo)
        if entry["kind"] in _WHOLE_DECK and not entry["won"]:
            whole.discard((rule.group, entry["side"]))
        if entry["announced"]:
            entry["kontra"] = draw(st.integers(0, 4))
    return entries


@st.composite
def si_double_hands(draw: st.DrawFn) -> dict[str, Any]:
    """A valid hand of any contract at 4, 6 or 8 players, sometimes with an adjustment."""
    players = draw(st.sampled_from((4, 6, 8)))
    seats = list(range(1, players + 1))
    contract = draw(st.sampled_from(list(Contract)))
    hand: dict[str, Any] = {"ruleset": "si_double", "players": players, "contract": contract.value}
    if contract is Contract.KLOP:
        in_hand = 96 // players  # 96 cards in tricks of one card a player
        tricks = draw(st.lists(st.integers(0, in_hand), min_size=players, max_size=players))
        spread = _spread(tricks, in_hand)
        hand["klop_tricks"] = {str(s): t for s, t in zip(seats, spread, strict=True)}
        takers = [s for s in seats if hand["klop_tricks"][str(s)]]
        rest = DECK_POINTS - len(takers)  # each taker has at least a point
        cuts = sorted(draw(st.lists(st.integers(0, rest), min_size=len(takers) - 1,
                                    max_size=len(takers) - 1)))  # fmt: skip
        shares = [b - a for a, b in zip([0, *cuts], [*cuts, rest], strict=True)]
        points = dict.fromkeys(seats, 0)
        for seat, share in zip(takers, shares, strict=True):
            points[seat] = share + 1
        hand["klop_points"] = {str(s): p for s, p in points.items()}
    else:
        declarer = draw(st.sampled_from(seats))
        hand["declarer"] = declarer
        if not contract.solo:
            others = [s for s in seats if s != declarer]
            hand["partners"] = draw(
                st.lists(st.sampled_from(others), unique=True, max_size=most_partners(players))
            )
        hand["kontra"] = draw(st.integers(0, 4))
        if contract.won_or_lost:
            hand["won"] = draw(st.booleans())
        elif draw(st.integers(0, 9)) == 0:
            hand["silent_valat"] = draw(st.sampled_from(SIDES))
        else:
            hand["declarer_points"] = draw(st.integers(0, DECK_POINTS))
            hand["announcements"] = draw(_announcements(players, contract.solo))
    if draw(st.integers(0, 4)) == 0:
        hand["penalties"] = [
            {"code": "si.adjustment", "seat": draw(st.sampled_from(seats)),
             "points": draw(st.integers(-100, 100)), "reason": "director's ruling"}
        ]  # fmt: skip
    return hand


def _spread(tricks: list[int], total: int) -> list[int]:
    """The drawn tricks taken from the largest, or added round the table, to total ``total``."""
    out = list(tricks)
    while sum(out) > total:
        out[out.index(max(out))] -= 1
    seat = 0
    while sum(out) < total:
        out[seat % len(out)] += 1
        seat += 1
    return out


@PROPERTY
@given(si_double_hands())
def test_each_hands_lines_add_up_to_its_deltas_for_every_seat(hand):
    settlement = score_hand(None, hand)
    seats = tuple(range(1, hand["players"] + 1))

    assert settlement.seats == seats and tuple(settlement.deltas) == seats
    for seat in seats:
        assert settlement.deltas[seat] == sum(line.deltas[seat] for line in settlement.lines)
    for line in settlement.lines:
        assert tuple(line.deltas) == seats and line.label and line.item
        assert all(type(amount) is int for amount in line.deltas.values())
    assert settlement.to_json()["deltas"] == {str(s): settlement.deltas[s] for s in seats}


@PROPERTY
@given(si_double_hands())
def test_each_member_of_a_side_is_written_the_same(hand):
    hand.pop("penalties", None)
    settlement = score_hand(None, hand)
    if hand["contract"] == "klop":
        return
    mine = {hand["declarer"], *hand.get("partners", ())}
    theirs = set(settlement.seats) - mine
    assert len({settlement.deltas[seat] for seat in mine}) == 1
    assert len({settlement.deltas[seat] for seat in theirs}) == 1


@PROPERTY
@given(si_double_hands(), st.integers(1, 4))
def test_kontra_on_the_game_doubles_the_game_line_per_level(hand, level):
    hand.pop("penalties", None)
    if hand["contract"] == "klop":
        return
    plain = score_hand(None, {**hand, "kontra": 0}).lines[0].deltas
    doubled = score_hand(None, {**hand, "kontra": level}).lines[0].deltas
    assert all(doubled[seat] == plain[seat] * 2**level for seat in plain)


@given(st.permutations(DECK), st.integers(0, 108))
def test_two_piles_of_the_deck_count_140_and_make_the_whole_deck(deck, cut):
    mine, theirs = deck[:cut], deck[cut:]

    assert count_deck_points(mine) + count_deck_points(theirs) == 140
    assert check_sides(mine, theirs) == ((), ())


@given(st.integers(0, 40), st.sampled_from((4, 6, 8)))
def test_the_deal_passes_one_seat_a_hand_from_seat_1(hands, players):
    played = [{"contract": "klop"}] * hands + [{"penalties": [{"code": "si.adjustment"}]}]
    turn = DEAL.next_turn(played, players)

    assert turn.dealer == hands % players + 1
    assert turn.bidder == (hands + 1) % players + 1
