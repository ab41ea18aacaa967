"""What a server process does once, after loading the site and before its first request."""

import gc

from django.urls import get_resolver

# Containers a request may leave alive before the collector looks at the youngest ones
# (Python's default is 700). A saved hand's request builds a few thousand that live to
# its end (the hand form's fields and widgets) and are freed by reference counting then;
# at 700 the collector walked them, finding nothing to free, once or twice a save (some
# 0.2 ms: bench/bench_requests.py). Garbage in cycles waits a little longer, no more.
YOUNGEST_THRESHOLD = 5_000


def warm_and_freeze() -> None:
    """Load what every request needs, then hide all of it from the garbage collector.

    The URLconf imports every view (and with them forms, services and the scoring
    engines); after that, `gc.freeze()` moves every object alive into a generation the
    collector never scans. Without it, each collection of the older generations walks all
    of Django and the site again: on the judge's save, building the hand form (some 40
    fields copied) paid for such walks several times over (bench/bench_requests.py). Not
    a leak: frozen objects are the process's own for its whole life anyway. The youngest
    generation is collected less often (`YOUNGEST_THRESHOLD`).
    """
    get_resolver().url_patterns  # noqa: B018 — reading it imports every view
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNGEST_THRESHOLD, *gc.get_threshold()[1:])
