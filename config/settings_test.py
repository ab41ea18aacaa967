"""Settings for the test suite: the real settings, a throwaway key and a fast hasher."""

import os

os.environ.setdefault("SECRET_KEY", "test-only-not-a-secret")

from config.settings import *  # noqa: F403

# MD5 for the accounts tests make; PBKDF2 still checks the hashes in fixtures/demo_accounts.json.
PASSWORD_HASHERS = [
    "django.contrib.auth.hashers.MD5PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2PasswordHasher",
]
STORAGES["staticfiles"]["BACKEND"] = "django.contrib.staticfiles.storage.StaticFilesStorage"  # noqa: F405

# Connections are closed after each request: a persistent one left open by a test thread
# would keep the test database from being dropped at the end of the run.
DATABASES["default"]["CONN_MAX_AGE"] = 0  # noqa: F405

# Each run gets its own PostgreSQL test database, so two runs on one server don't collide.
if DATABASES["default"]["ENGINE"].endswith("postgresql"):  # noqa: F405
    DATABASES["default"]["TEST"] = {"NAME": f"test_tarock_{os.getpid()}"}  # noqa: F405

# The test client speaks plain HTTP; the production redirect to HTTPS is tested apart.
SECURE_SSL_REDIRECT = False

# Rate limits count in the cache, which outlives a test; a test of them turns them on
# (tests/test_rate_limits.py) with rates of its own.
RATELIMIT_ENABLE = False
