"""Collection for the whole repository: pytest runs the suite in tests/ and the examples in
every module's docstrings (--doctest-modules), except in these modules."""

import os

from hypothesis import settings

collect_ignore_glob = [
    # Generated schema changes: no examples, and importing them out of order is pointless.
    "*/migrations/*",
    # Settings and server entry points act on import (read the environment, build the app).
    "config/settings*.py",
    "config/wsgi.py",
    "config/asgi.py",
]

# Hypothesis: few examples on a developer's machine, many on CI. HYPOTHESIS_PROFILE names
# the profile; without it, CI (set on CI runners and by .ci/run) picks "ci", else "dev".
# No deadline: the machines that run the suite are slow and busy, and a slow example is
# not a failure. A test that sets its own max_examples keeps it under either profile.
settings.register_profile("dev", max_examples=25, deadline=None)
settings.register_profile("ci", max_examples=200, deadline=None)
settings.load_profile(
    os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev")
)
