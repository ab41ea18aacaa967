"""Queries of the judge's hot path, built by the ORM once and then run with new values.

Django compiles a queryset to SQL every time it runs it. For the few reads every hand
saved and every judge's page make (the table with its round and tournament, the seats'
names, the hands), compiling took several times longer than the database took to answer
(bench/bench_requests.py: 0.5–1.5 ms a query to compile, 0.1–0.2 ms to run). A
`Prepared` query is a queryset built and compiled once per database, with a stand-in for
each value that changes; it runs that SQL with the values in the stand-ins' places and
converts the rows as the ORM would (JSON, booleans, dates). So its SQL is the ORM's, and
the models stay the one place that names tables and columns.

On PostgreSQL the statements go with their values apart from the SQL, several in one
round trip where a request needs them together (`fetched_together`), and a connection
prepares each on the server after a few runs: PostgreSQL then parses and plans it once,
not on every request.
"""

import contextlib
import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.backends.utils import CursorDebugWrapper, CursorWrapper
from django.db.models import Model, QuerySet

# Stand-ins for the values a prepared query is run with: numbers no row has, found
# again in the compiled query's parameters by their value.
_STAND_INS = (-7_302_911, -7_302_912, -7_302_913)


@dataclass(frozen=True)
class _Compiled:
    sql: str
    params: tuple[Any, ...]
    slots: tuple[int, ...]  # where each value goes in `params`
    converters: tuple[tuple[int, tuple[Callable, ...], Any], ...]  # column, converters, expression


class Prepared:
    """A `values_list` query compiled once per database and run with new values.

    `build` takes one stand-in per value (an id, a primary or foreign key the query
    selects by) and returns the queryset; it must use each stand-in exactly once, as a
    query parameter. An id out of the database's integer range (a URL's digits may say
    anything) selects no row, as the ORM's own lookups answer it, rather than the
    driver's overflow error.
    """

    def __init__(self, build: Callable[..., QuerySet], values: int = 1) -> None:
        if not 1 <= values <= len(_STAND_INS):
            raise ValueError(f"a prepared query takes 1 to {len(_STAND_INS)} values")
        self._build = build
        self._values = values
        self._compiled: dict[str, _Compiled] = {}

    def rows(self, *values: Any, using: str = DEFAULT_DB_ALIAS) -> list[list[Any]]:
        """The query's rows for `values`, each a list of its columns' Python values; on
        PostgreSQL sent as `fetched_together` sends statements, to be prepared there."""
        statement = self.statement(*values, using=using)
        if statement is None:
            return []
        if sends_together(using):
            (fetched,) = fetched_together([statement], using=using)
            return self.converted(fetched, using=using)
        with connections[using].cursor() as cursor:
            cursor.execute(*statement)
            return self.converted(cursor.fetchall(), using=using)

    def statement(self, *values: Any, using: str = DEFAULT_DB_ALIAS) -> tuple[str, list] | None:
        """The query's SQL and parameters for `values`, to run with other statements;
        None when it selects no row (an id out of range). Its rows are `converted`."""
        if len(values) != self._values:
            raise TypeError(f"this query takes {self._values} values, not {len(values)}")
        low, high = connections[using].ops.integer_field_range("BigIntegerField")
        if any(not low <= value <= high for value in values):
            return None
        compiled = self._compiled.get(using) or self._compile(using)
        params = list(compiled.params)
        for slot, value in zip(compiled.slots, values, strict=True):
            params[slot] = value
        return compiled.sql, params

    def converted(self, fetched: Sequence[Sequence[Any]], using: str = DEFAULT_DB_ALIAS) -> list:
        """The rows the query's SQL fetched, each a list of its columns' Python values, as
        the ORM converts them (JSON, booleans, dates)."""
        connection = connections[using]
        compiled = self._compiled.get(using) or self._compile(using)
        rows = [list(row) for row in fetched]
        for column, converters, expression in compiled.converters:
            for row in rows:
                value = row[column]
                for converter in converters:
                    value = converter(value, expression, connection)
                row[column] = value
        return rows

    def _compile(self, using: str) -> _Compiled:
        stand_ins = _STAND_INS[: self._values]
        compiler = self._build(*stand_ins).query.get_compiler(using=using)
        sql, params = compiler.as_sql()
        slots = []
        for stand_in in stand_ins:
            found = [i for i, param in enumerate(params) if param == stand_in]
            if len(found) != 1:
                raise ValueError(f"the query must use each value once as a parameter: {sql}")
            slots.append(found[0])
        columns = [column for column, _sql, _alias in compiler.select[: compiler.col_count]]
        converters = tuple(
            (position, tuple(functions), expression)
            for position, (functions, expression) in compiler.get_converters(columns).items()
        )
        compiled = _Compiled(sql, tuple(params), tuple(slots), converters)
        self._compiled[using] = compiled
        return compiled


def sends_together(using: str = DEFAULT_DB_ALIAS) -> bool:
    """Whether the database takes several statements in one round trip as one
    transaction (`fetched_together`): PostgreSQL does, in psycopg 3's pipeline mode;
    SQLite's driver takes one statement at a time."""
    return connections[using].vendor == "postgresql" and _pipelines()


@functools.cache
def _pipelines() -> bool:
    from django.db.backends.postgresql.psycopg_any import is_psycopg3

    if not is_psycopg3:  # psycopg2, which Django also takes, has no pipeline mode
        return False
    import psycopg

    return psycopg.Pipeline.is_supported()


def fetched_together(
    statements: Sequence[tuple[str, Sequence[Any]]], using: str = DEFAULT_DB_ALIAS
) -> list[list[tuple]]:
    """Each statement's rows as the driver fetched them, the statements sent together:
    one round trip and one transaction (outside a caller's, an implicit one that ends
    with the last statement), so a read sees the writes before it and a row locked stays
    locked to the end. Only where the database `sends_together`.

    They go in PostgreSQL's pipeline mode with their values apart from the SQL
    (server-side binding), so a connection prepares a statement on the server once it
    has run it `prepare_threshold` times (config/settings.py): parsed and planned once,
    not on every request. Planning the save's statement took the server longer than
    running it (EXPLAIN ANALYZE: some 0.4 ms against 0.3). With the threshold
    None (a pooler that cannot keep prepared statements, docs/deploy.md) each is parsed
    and planned every time, still in the one round trip. Each statement is a query of
    its own to Django (the query log, `assertNumQueries`, execute wrappers)."""
    from django.db.backends.postgresql.base import ServerBindingCursor

    connection = connections[using]
    # Opened, and checked after a pause (CONN_HEALTH_CHECKS), as for any query.
    with connection.cursor():
        driver = connection.connection
    wrap = _LoggedCursor if connection.queries_logged else CursorWrapper
    cursors = [wrap(ServerBindingCursor(driver), connection) for _statement in statements]
    # A statement's error comes when the pipeline ends: Django's error classes for it too
    # (a repeated submission's IntegrityError).
    with connection.wrap_database_errors:
        # One statement needs no pipeline to go in one round trip.
        with driver.pipeline() if len(statements) > 1 else contextlib.nullcontext():
            for cursor, (sql, params) in zip(cursors, statements, strict=True):
                cursor.execute(sql, params)
        return [cursor.fetchall() for cursor in cursors]


class _LoggedCursor(CursorDebugWrapper):
    """Django's query log of a statement sent apart from its values: the SQL with the
    values put in, as Django logs its own with server-side binding (its usual reading of
    the driver's last query finds none for a statement run prepared)."""

    def execute(self, sql: str, params: Sequence[Any] | None = None) -> Any:
        with self.debug_sql(self.db.ops.compose_sql(sql, params)):
            return CursorWrapper.execute(self, sql, params)


def rows_together(
    *queries: tuple[Prepared, tuple[Any, ...]], using: str = DEFAULT_DB_ALIAS
) -> list[list[list[Any]]]:
    """Each prepared query's rows for its values (as `Prepared.rows`), in one round trip
    where the database takes the statements together (`sends_together`), else one query
    after another: for reads every judge's request makes, each round trip some 0.3 ms."""
    if not sends_together(using):
        return [query.rows(*values, using=using) for query, values in queries]
    statements = [query.statement(*values, using=using) for query, values in queries]
    sent = [statement for statement in statements if statement is not None]
    answers = iter(fetched_together(sent, using=using) if sent else [])
    return [
        [] if statement is None else query.converted(next(answers), using=using)
        for (query, _values), statement in zip(queries, statements, strict=True)
    ]


def field_paths(model: type[Model], prefix: str = "") -> list[str]:
    """The lookups of `model`'s columns in its `concrete_fields` order (a foreign key by its
    name, which reads its id), under `prefix` (a relation's path, as "round__")."""
    return [prefix + field.name for field in model._meta.concrete_fields]


def instance(model: type[Model], row: Sequence[Any], start: int, using: str) -> Model:
    """The `model` instance of the columns `field_paths(model)` read, from `row[start]` on,
    as the ORM makes one (`Model.from_db`: no save signals, its state marked as loaded)."""
    fields = model._meta.concrete_fields
    values = row[start : start + len(fields)]
    return model.from_db(using, [field.attname for field in fields], values)
