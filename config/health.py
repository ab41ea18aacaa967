"""`/healthz`: whether this server can serve the site, for a proxy, load balancer or monitor.

It answers 200 with `{"status": "ok"}` when the database answers and every migration the
code knows is applied (and the shared cache answers, where `REDIS_URL` names one: sessions
are read from it), and 503 with `{"status": "error", "problem": ...}` otherwise, so a load
balancer takes out of rotation a host whose database or cache is gone or whose code is
newer than its schema (an upgrade that has not run `migrate` yet).
"""

import logging
import secrets

from django.conf import settings
from django.core.cache import cache
from django.db import DEFAULT_DB_ALIAS, DatabaseError, connections
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.migrations.executor import MigrationExecutor
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe
from redis.exceptions import RedisError

from accounts.roles import public

logger = logging.getLogger(__name__)

# Once this process has seen every migration applied it stops reading the migration files
# on each probe: its code cannot change under it, and un-applying migrations on a live
# site is not an operation this project supports. The database is still asked every time.
_migrations_applied = False
HEALTH_KEY = "healthz"


def _pending_migrations(connection: BaseDatabaseWrapper) -> list[str]:
    """The migrations the code has and the database lacks, as `app.name`, in plan order."""
    executor = MigrationExecutor(connection)
    plan = executor.migration_plan(executor.loader.graph.leaf_nodes())
    return [f"{migration.app_label}.{migration.name}" for migration, _backwards in plan]


def _error(problem: str, **details: int) -> JsonResponse:
    return JsonResponse({"status": "error", "problem": problem, **details}, status=503)


@public
@never_cache
@require_safe
def healthz(request: HttpRequest) -> JsonResponse:
    """200 when the database answers and no migration is pending; 503 naming the problem."""
    global _migrations_applied
    connection = connections[DEFAULT_DB_ALIAS]
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        pending = [] if _migrations_applied else _pending_migrations(connection)
    except DatabaseError:
        # The reason (host, password, disk) belongs in the server's log, not in a public
        # answer.
        logger.exception("Health check: the database did not answer")
        return _error("database unreachable")
    if pending:
        logger.error("Health check: %d migrations not applied", len(pending))
        return _error("migrations not applied", pending=len(pending))
    _migrations_applied = True
    if settings.REDIS_URL and not _cache_answers():
        return _error("cache unreachable")
    return JsonResponse({"status": "ok"})


def _cache_answers() -> bool:
    """Whether the shared cache keeps and gives back a value."""
    probe = secrets.token_hex(8)
    try:
        cache.set(HEALTH_KEY, probe, 30)
        return cache.get(HEALTH_KEY) == probe
    except RedisError:
        logger.exception("Health check: the cache did not answer")
        return False
