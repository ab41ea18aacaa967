"""Collection for the whole repository: pytest runs the suite in tests/ and the examples in
every module's docstrings (--doctest-modules), except in these modules."""

collect_ignore_glob = [
    # Generated schema changes: no examples, and importing them out of order is pointless.
    "*/migrations/*",
    # Settings and server entry points act on import (read the environment, build the app).
    "config/settings*.py",
    "config/wsgi.py",
    "config/asgi.py",
]
