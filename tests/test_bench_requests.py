"""The request-stack bench keeps working as the site changes (`make bench` is not run by
CI): its data builds through the services, every request it times answers without an
error, each timed save stores a hand, and the table prints. Timings are not checked."""

import importlib.util
from pathlib import Path

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

BENCH = Path(__file__).resolve().parent.parent / "bench" / "bench_requests.py"


@pytest.fixture
def bench():
    spec = importlib.util.spec_from_file_location("bench_requests", BENCH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.django_db
def test_the_request_bench_measures_every_request_with_its_queries(bench):
    site = bench.build(hands=4)
    assert site.page_table.hands.count() == 4

    figures = bench.measure(site, runs=2, warmup=1)

    assert [figure.name for figure in figures] == [
        "bare insert",
        "save a hand",
        "save a hand (htmx)",
        "htmx save, conflict",
        "judge page",
        "dashboard",
        "standings",
    ]
    # The bare view's queries: the session, the user, the insert.
    assert figures[0].queries == 3
    assert all(figure.queries > 0 for figure in figures)
    # Each save stored its hand, taken off again: the table keeps its four.
    assert site.save_table.hands.count() == 4
    assert site.save_table.hands.get(number=4).revisions.count() == 1
    printed = bench.table(figures)
    assert "save a hand" in printed and "≤ 8 queries" in printed


@pytest.mark.django_db
def test_the_bench_counts_the_queries_django_logs(bench):
    # Counted by an execute wrapper (no query log while timing): the same count.
    site = bench.build(hands=2)
    page = reverse("tournaments:table", args=[site.page_table.pk])
    with CaptureQueriesContext(connection) as logged:
        _elapsed, counted = bench._timed("judge page", lambda: site.page_judge.get(page))
    assert counted == len(logged) > 0


@pytest.mark.django_db
def test_the_bench_fills_its_tables_past_a_rounds_set_number_of_hands(bench):
    """The bench's table of 30 hands is a round played by the clock: a round of a set
    number of hands (the demo's 12) would refuse the 13th."""
    site = bench.build(hands=13)
    assert site.page_table.hands.count() == site.save_table.hands.count() == 13
