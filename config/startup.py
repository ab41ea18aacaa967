"""What a server process does once, after loading the site and before its first request."""

import gc

from django.urls import get_resolver


def warm_and_freeze() -> None:
    """Load what every request needs, then hide all of it from the garbage collector.

    The URLconf imports every view (and with them forms, services and the scoring
    engines); after that, `gc.freeze()` moves every object alive into a generation the
    collector never scans. Without it, each collection of the older generations walks all
    of Django and the site again: on the judge's save, building the hand form (some 40
    fields copied) paid for such walks several times over (bench/bench_requests.py). Not
    a leak: frozen objects are the process's own for its whole life anyway.
    """
    get_resolver().url_patterns  # noqa: B018 — reading it imports every view
    gc.collect()
    gc.freeze()
