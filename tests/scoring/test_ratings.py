"""The ratings' computation (scoring/ratings.py): openskill's Plackett–Luce over tables."""

import math

import pytest

from scoring.ratings import (
    FAMILIES,
    TableResult,
    UnknownFamily,
    family_of,
    rate_tables,
    rulesets_of,
    table_ranks,
)
from scoring.registry import RULESETS


def test_every_ruleset_is_rated_in_exactly_one_family():
    members = [ruleset for rulesets in FAMILIES.values() for ruleset in rulesets]
    assert sorted(members) == sorted(RULESETS)
    assert family_of("cz_three") == family_of("cz_xix") == "czech"


def test_an_unknown_family_is_refused_by_name():
    with pytest.raises(UnknownFamily, match="'chess'"):
        rulesets_of("chess")


def test_equal_amounts_share_a_rank():
    assert table_ranks({1: 10, 2: 10, 3: -5, 4: -15}) == {1: 1, 2: 1, 3: 3, 4: 4}


def test_a_two_player_table_by_hand():
    """Plackett–Luce for two newcomers worked out from the method's formulas
    (Weng & Lin 2011, algorithm 4) with openskill's defaults."""
    mu, sigma, beta, tau = 25.0, 25 / 3, 25 / 6, 25 / 300
    sigma = math.sqrt(sigma**2 + tau**2)  # tau's drift, added before the table
    c = math.sqrt(2 * sigma**2 + 2 * beta**2)
    p_win = 0.5  # equal mus: even odds
    gamma = sigma / c
    winner_mu = mu + sigma**2 / c * (1 - p_win)
    loser_mu = mu - sigma**2 / c * p_win
    new_sigma = sigma * math.sqrt(1 - gamma * sigma**2 / c**2 * p_win * (1 - p_win))

    ratings, steps = rate_tables([TableResult("t1", {7: 12, 8: -12})])

    by_player = {rating.player: rating for rating in ratings}
    assert by_player[7].mu == pytest.approx(winner_mu)
    assert by_player[8].mu == pytest.approx(loser_mu)
    assert by_player[7].sigma == pytest.approx(new_sigma)
    assert by_player[7].ordinal == pytest.approx(winner_mu - 3 * new_sigma)
    assert [rating.player for rating in ratings] == [7, 8]
    assert [(step.key, step.player, step.rank) for step in steps] == [("t1", 7, 1), ("t1", 8, 2)]


def test_a_tie_moves_neither_mean():
    ratings, _steps = rate_tables([TableResult("t1", {1: 0, 2: 0})])
    assert [rating.mu for rating in ratings] == pytest.approx([25.0, 25.0])
    assert ratings[0].sigma < 25 / 3


def test_ratings_carry_over_and_count_the_tables():
    tables = [
        TableResult(1, {1: 30, 2: 10, 3: -10, 4: -30}),
        TableResult(2, {1: 5, 5: 0, 6: -5}),
        TableResult(3, {1: 1}),  # alone at a table: not a match, not counted
    ]
    ratings, steps = rate_tables(tables)
    first = {rating.player: rating for rating in ratings}[1]
    assert first.events == 2
    assert first.last == 2
    assert ratings[0].player == 1
    assert len(steps) == 7
    assert first.mu > max(step.mu for step in steps if step.key == 1 and step.player == 1)


def test_the_same_tables_give_the_same_figures():
    tables = [TableResult(n, {1: n % 3, 2: -(n % 5), 3: n % 2, 4: 0}) for n in range(50)]
    assert rate_tables(tables) == rate_tables(tables)


def test_rating_in_two_parts_gives_what_rating_at_once_does():
    tables = [TableResult(n, {1: n % 3, 2: -(n % 5), 3: n % 2, n % 7 + 4: 1}) for n in range(20)]
    at_once, _steps = rate_tables(tables)
    first, _steps = rate_tables(tables[:12])
    second, _steps = rate_tables(tables[12:], start={r.player: r for r in first})
    merged = {r.player: r for r in first} | {r.player: r for r in second}
    assert {r.player: r for r in at_once} == merged


def test_players_renumbered_in_the_same_seats_get_the_same_figures_to_the_bit():
    # An import numbers players anew; the model takes a table's players in the order
    # given (the seats'), so only the names change, never a bit of the figures.
    tables = [TableResult(n, {1: n % 3, 2: -(n % 5), 3: n % 2, 4: 0}) for n in range(30)]
    renumber = {1: 40, 2: 10, 3: 30, 4: 20}
    renumbered = [
        TableResult(t.key, {renumber[p]: won for p, won in t.amounts.items()}) for t in tables
    ]

    before, _steps = rate_tables(tables)
    after, _steps = rate_tables(renumbered)

    assert {renumber[r.player]: (r.mu, r.sigma, r.events) for r in before} == {
        r.player: (r.mu, r.sigma, r.events) for r in after
    }
