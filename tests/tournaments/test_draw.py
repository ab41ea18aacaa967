"""The seating draw: complete, reproducible, fair with byes, few repeats, varied seats."""

import itertools
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.draw import (
    Cost,
    Draw,
    DrawError,
    DrawWeights,
    DuplicatePlayerError,
    SeedError,
    SwapError,
    TableSizeError,
    TooFewPlayersError,
    WeightError,
    draw_cost,
    draw_round,
    plan_tables,
    swap_players,
)

SIZES = (3, 4, 5)


def pairs_at(tables):
    return {pair for table in tables for pair in itertools.combinations(sorted(table), 2)}


def repeated_pairs(draw, history):
    """How many pairs at the draw's tables already sat together in an earlier round
    (counted here apart from the draw's own cost, so the test does not grade itself)."""
    met = set().union(*(pairs_at(tables) for tables in history))
    return len(pairs_at(draw.tables) & met)


def play_rounds(players, rounds, seed, **options):
    """Draw ``rounds`` rounds in a row, each seeing the ones before, as a tournament would."""
    history, byes, draws = [], Counter(), []
    for number in range(rounds):
        draw = draw_round(
            players, seed=seed * 1000 + number, history=history, bye_history=byes, **options
        )
        draws.append(draw)
        history.append(draw.tables)
        byes.update(draw.byes)
    return draws


def shuffle_rounds(players, rounds, seed, size=4):
    """The naive draw the search must beat: each round a seeded shuffle cut into tables."""
    draws = []
    for number in range(rounds):
        order = list(players)
        random.Random(seed * 1000 + number).shuffle(order)
        tables = tuple(zip(*[iter(order)] * size, strict=False))
        draws.append(Draw(tables=tables, byes=(), seed=seed))
    return draws


def total_repeated_pairs(draws):
    history = [draw.tables for draw in draws]
    return sum(repeated_pairs(draw, history[:number]) for number, draw in enumerate(draws))


def seat_counts(draws):
    return Counter(
        (player, seat)
        for draw in draws
        for table in draw.tables
        for seat, player in enumerate(table, start=1)
    )


@st.composite
def tournaments(draw, max_players=80):
    allowed = draw(st.sets(st.sampled_from(SIZES), min_size=1))
    table_size = draw(st.sampled_from(sorted(allowed)))
    players = draw(st.sets(st.integers(-1000, 1000), min_size=min(allowed), max_size=max_players))
    return sorted(players), table_size, tuple(sorted(allowed))


# Everyone seated once or on a bye


@settings(max_examples=60, deadline=None)
@given(tournament=tournaments(), seed=st.integers(0, 2**32))
def test_everyone_is_seated_once_or_on_a_bye_every_round(tournament, seed):
    players, table_size, allowed = tournament
    sizes, n_byes = plan_tables(len(players), table_size, allowed)
    for draw in play_rounds(players, 3, seed, table_size=table_size, allowed_sizes=allowed):
        assert sorted(draw.players) == players
        assert sorted((len(table) for table in draw.tables), reverse=True) == list(sizes)
        assert len(draw.byes) == n_byes


# Reproducible


@settings(max_examples=30, deadline=None)
@given(tournament=tournaments(max_players=40), seed=st.integers(0, 2**32))
def test_the_same_inputs_and_seed_give_the_same_draw(tournament, seed):
    players, table_size, allowed = tournament
    options = {"table_size": table_size, "allowed_sizes": allowed}
    history = [d.tables for d in play_rounds(players, 2, seed + 1, **options)]
    first = draw_round(players, seed=seed, history=history, **options)
    again = draw_round(list(reversed(players)), seed=seed, history=history, **options)
    assert first == again


def test_a_known_draw_stays_the_same():
    # Golden values: if this changes, stored tournaments can no longer be re-drawn.
    history = [((1, 2, 3, 4), (5, 6, 7, 8))]
    draw = draw_round(range(1, 10), seed=2024, history=history, bye_history={9: 1})
    assert draw == Draw(
        tables=((6, 7, 4, 3), (9, 1, 8, 5)),
        byes=(2,),
        seed=2024,
        cost=Cost(repeats=3, previous_round=3, seat_balance=0, meetings=18),
    )
    mixed = draw_round(range(1, 11), seed=2024, allowed_sizes=(3, 4))
    assert mixed.tables == ((6, 3, 5, 1), (7, 10, 9), (8, 2, 4))


def test_different_seeds_give_different_draws():
    draws = {draw_round(range(32), seed=seed) for seed in range(20)}
    assert len(draws) == 20


def test_it_refuses_a_seed_that_would_come_from_the_clock():
    with pytest.raises(SeedError, match="seed must be an integer, got None"):
        draw_round(range(8), seed=None)


# Table plans


@pytest.mark.parametrize(
    ("n_players", "table_size", "allowed", "expected"),
    [
        (18, 4, (4, 5), ((5, 5, 4, 4), 0)),
        (18, 4, (3, 4), ((4, 4, 4, 3, 3), 0)),
        (18, 4, (4,), ((4, 4, 4, 4), 2)),
        (5, 4, (3, 4), ((4,), 1)),
        (3, 4, (3, 4), ((3,), 0)),
        (4, 4, (4,), ((4,), 0)),
        (7, 4, (4,), ((4,), 3)),
        (7, 4, (3, 4), ((4, 3), 0)),
        (6, 4, (3, 4), ((3, 3), 0)),
        (7, 4, (4, 5), ((5,), 2)),
        (13, 4, (3, 4, 5), ((5, 4, 4), 0)),
        (10, 5, (4, 5), ((5, 5), 0)),
        (11, 5, (3, 4, 5), ((5, 3, 3), 0)),
        (256, 4, (4,), ((4,) * 64, 0)),
    ],
)
def test_plan_tables(n_players, table_size, allowed, expected):
    assert plan_tables(n_players, table_size, allowed) == expected


@settings(max_examples=150, deadline=None)
@given(
    allowed=st.sets(st.sampled_from(SIZES), min_size=1).map(sorted),
    n_players=st.integers(3, 60),
    data=st.data(),
)
def test_plan_tables_follows_the_documented_rule(allowed, n_players, data):
    table_size = data.draw(st.sampled_from(allowed))
    if n_players < min(allowed):
        with pytest.raises(TooFewPlayersError):
            plan_tables(n_players, table_size, allowed)
        return
    plans = [
        counts
        for counts in itertools.product(range(n_players // 3 + 1), repeat=len(allowed))
        if sum(c * s for c, s in zip(counts, allowed, strict=True)) <= n_players
    ]

    def preference(counts):
        seated = sum(c * s for c, s in zip(counts, allowed, strict=True))
        return (n_players - seated, -counts[allowed.index(table_size)], sum(counts))

    best = min(plans, key=preference)
    sizes, byes = plan_tables(n_players, table_size, allowed)
    assert byes == preference(best)[0]
    assert Counter(sizes) == {
        size: count for size, count in zip(allowed, best, strict=True) if count
    }
    assert list(sizes) == sorted(sizes, reverse=True)


@pytest.mark.parametrize("n_players", [0, 2])
def test_it_refuses_fewer_players_than_the_smallest_table(n_players):
    with pytest.raises(TooFewPlayersError, match=f"n_players {n_players} is fewer"):
        plan_tables(n_players, 4, (3, 4))


def test_it_refuses_three_players_when_only_tables_of_four_are_allowed():
    with pytest.raises(TooFewPlayersError, match="smallest allowed table"):
        draw_round([1, 2, 3], seed=1)


@pytest.mark.parametrize("allowed", [(4, 9), (2, 4), ()])
def test_it_refuses_unknown_table_sizes(allowed):
    with pytest.raises(TableSizeError, match="allowed_sizes must be some of 3 to 8"):
        plan_tables(8, 4, allowed)


@pytest.mark.parametrize(
    ("players", "size", "allowed", "tables", "byes"),
    [
        (14, 8, (8, 6, 4), (8, 6), 0),
        (12, 6, (6, 4, 8), (6, 6), 0),
        (16, 8, (8, 6, 4), (8, 8), 0),
        (13, 6, (6,), (6, 6), 1),
        (10, 8, (8, 6, 4), (6, 4), 0),
    ],
)
def test_tables_of_six_and_eight(players, size, allowed, tables, byes):
    assert plan_tables(players, size, allowed) == (tables, byes)
    draw = draw_round(range(players), seed=2, table_size=size, allowed_sizes=allowed)
    assert sorted((len(t) for t in draw.tables), reverse=True) == list(tables)
    assert len(draw.byes) == byes


def test_it_refuses_a_preferred_size_that_is_not_allowed():
    with pytest.raises(TableSizeError, match=r"table_size 5 is not one of allowed_sizes \(4,\)"):
        draw_round(range(10), seed=1, table_size=5)


# Byes


def test_nobody_gets_a_second_bye_while_someone_has_none():
    draws = play_rounds(range(18), 12, seed=5)
    byes = Counter()
    for draw in draws:
        assert len(draw.byes) == 2
        byes.update(draw.byes)
        counts = [byes[player] for player in range(18)]
        assert max(counts) - min(counts) <= 1


def test_byes_go_to_the_players_with_the_fewest():
    had_a_bye = {player: 1 for player in range(16)}
    draw = draw_round(range(18), seed=3, bye_history=had_a_bye)
    assert draw.byes == (16, 17)


# Meeting again


@pytest.mark.parametrize("rounds", [4, 6])
def test_it_gives_fewer_repeated_pairs_than_a_shuffle(rounds):
    drawn = sum(total_repeated_pairs(play_rounds(range(32), rounds, seed)) for seed in range(30))
    shuffled = sum(
        total_repeated_pairs(shuffle_rounds(range(32), rounds, seed)) for seed in range(30)
    )
    assert drawn < shuffled
    assert drawn <= shuffled // 10


@pytest.mark.parametrize("seed", range(20))
def test_nobody_meets_anyone_from_the_previous_round_when_that_can_be_avoided(seed):
    first, second = play_rounds(range(16), 2, seed)
    assert repeated_pairs(second, [first.tables]) == 0
    assert second.cost.previous_round == 0


def test_eight_players_meet_as_few_previous_partners_as_possible():
    # Two tables of four from two tables of four: each table gets two and two, 2 pairs each.
    _, second = play_rounds(range(8), 2, seed=11)
    assert second.cost == Cost(repeats=4, previous_round=4, seat_balance=0, meetings=24)


def splits_into_fours(players):
    """Every way to split ``players`` into unordered tables of four."""
    if not players:
        yield ()
        return
    first, rest = players[0], players[1:]
    for others in itertools.combinations(rest, 3):
        remaining = [p for p in rest if p not in others]
        for tables in splits_into_fours(remaining):
            yield ((first, *others), *tables)


@pytest.mark.parametrize(
    "weights", [DrawWeights(), DrawWeights(repeat=1, previous_round=0), DrawWeights(3, 1)]
)
@pytest.mark.parametrize("seed", range(5))
def test_it_finds_the_fewest_repeats_for_twelve_players(seed, weights):
    # Six rounds of twelve make repeats unavoidable, so the search has something to trade.
    earlier = play_rounds(range(12), 6, seed, weights=weights)
    history = [draw.tables for draw in earlier]
    draw = draw_round(range(12), seed=seed, history=history, weights=weights)

    def meetings(tables):
        split = Draw(tables=tables, byes=(), seed=0)
        return draw_cost(split, history, weights=weights).meetings

    assert draw.cost.meetings == min(map(meetings, splits_into_fours(list(range(12)))))


def test_cost_counts_each_earlier_meeting():
    history = [[(1, 2, 3, 4)], [(1, 2, 5, 6)]]
    draw = Draw(tables=((1, 2, 7, 8),), byes=(), seed=0)
    assert repeated_pairs(draw, history) == 1
    assert draw_cost(draw, history).repeats == 2


def test_weights_must_be_non_negative_integers():
    with pytest.raises(WeightError, match="weight previous_round must be a non-negative"):
        DrawWeights(previous_round=-1)


# Seats


@pytest.mark.parametrize("seed", range(20))
def test_seat_numbers_are_spread_over_four_rounds(seed):
    counts = seat_counts(play_rounds(range(16), 4, seed))
    assert max(counts.values()) <= 2


def test_it_keeps_a_player_away_from_the_seat_they_always_had():
    history = [[(1, 2, 3, 4)], [(1, 3, 2, 4)], [(1, 4, 3, 2)]]
    draw = draw_round([1, 2, 3, 4], seed=8, history=history)
    assert draw.tables[0][0] != 1
    # Seats 1, 2, 4, 3 for players 2, 1, 4, 3 are new to all of them, so the best costs nothing.
    assert draw.cost.seat_balance == 0


# Validation


def test_it_refuses_duplicate_players():
    with pytest.raises(DuplicatePlayerError, match=r"players appear more than once: \[3, 7\]"):
        draw_round([1, 3, 3, 7, 7, 9, 10, 11], seed=1)


def test_draw_errors_are_value_errors():
    assert issubclass(DrawError, ValueError)
    with pytest.raises(ValueError, match="more than once"):
        Draw(tables=((1, 2, 3, 1),), byes=(), seed=0)


# The director's swap


@pytest.fixture
def draw():
    return Draw(tables=((1, 2, 3, 4), (5, 6, 7, 8)), byes=(9, 10), seed=1)


def test_swap_exchanges_two_seated_players_with_their_seats(draw):
    swapped = swap_players(draw, 2, 7)
    assert swapped.tables == ((1, 7, 3, 4), (5, 6, 2, 8))
    assert swapped.byes == (9, 10)


def test_swap_seats_a_player_on_a_bye_and_gives_the_bye_away(draw):
    swapped = swap_players(draw, 10, 3)
    assert swapped.tables == ((1, 2, 10, 4), (5, 6, 7, 8))
    assert swapped.byes == (3, 9)


def test_swap_without_history_leaves_the_cost_unknown(draw):
    assert swap_players(draw, 1, 5).cost is None


def test_swap_with_history_recomputes_the_cost():
    history = [[(1, 2, 3, 4), (5, 6, 7, 8)]]
    draw = Draw(tables=((1, 5, 2, 6), (3, 7, 4, 8)), byes=(), seed=1)
    swapped = swap_players(draw, 5, 3, history=history)
    assert swapped.tables == ((1, 3, 2, 6), (5, 7, 4, 8))
    assert swapped.cost == Cost(repeats=6, previous_round=6, seat_balance=3, meetings=36)


@pytest.mark.parametrize(("a", "b", "unknown"), [(1, 99, 99), (42, 2, 42)])
def test_swap_refuses_a_player_not_in_the_draw(draw, a, b, unknown):
    with pytest.raises(SwapError, match=f"player {unknown} is not in this draw"):
        swap_players(draw, a, b)


def test_swap_refuses_a_player_with_themselves(draw):
    with pytest.raises(SwapError, match="cannot swap player 3 with themselves"):
        swap_players(draw, 3, 3)
