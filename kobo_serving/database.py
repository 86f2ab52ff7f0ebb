"""Database plumbing shared by both programs: the engine (SQLite pragmas, the PostgreSQL
pool and PgBouncer settings docs/deploy.md tells operators about), aware UTC datetimes,
the unit-of-work rules every session follows, `insert_detached`, how the payment paths
write new rows without it, and `fetch_rows`, how the hottest reads skip SQLAlchemy's
execution on PostgreSQL. Each program keeps its own declarative base,
its own "now" and the session kinds only it needs (bff/db, core_sim/db.py)."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import uuid
from collections.abc import AsyncIterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, cast

from sqlalchemy import CompoundSelect, DateTime, Insert, Select, Table, event, insert
from sqlalchemy.engine import Dialect
from sqlalchemy.ext.asyncio import (
    AsyncConnection,
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)
from sqlalchemy.sql.compiler import SQLCompiler
from sqlalchemy.types import TypeDecorator

from kobo_serving.env import env_flag, env_int, env_seconds


class UTCDateTime(TypeDecorator[datetime]):
    """An aware UTC datetime on every database (SQLite would otherwise hand back naive ones)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetime given to a UTCDateTime column")
        return value.astimezone(UTC)

    def process_result_value(self, value: Any, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


def make_engine(url: str) -> AsyncEngine:
    if url.startswith("sqlite"):
        engine = create_async_engine(url, connect_args={"timeout": 30})

        @event.listens_for(engine.sync_engine, "connect")
        def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA busy_timeout=30000")
            cursor.close()

        return engine
    # No pool_pre_ping: outside a transaction asyncpg's ping is BEGIN, a query and ROLLBACK,
    # three round trips before every unit of work (more than a transfer's own statements).
    # A connection the server dropped (a restart) fails its next use instead; SQLAlchemy then
    # invalidates every pooled connection, so one request per process sees the error and the
    # next ones reconnect (test_database_restart_costs_one_request, docs/deploy.md).
    return create_async_engine(url, **postgres_pool_options())


class SessionSource:
    """Owns the engine. `transaction()` is the unit of work: commit on success, else roll back.

    On SQLite, writing units of work queue on one asyncio lock per process, because SQLite
    has a single writer and would otherwise answer "database is locked" under load.
    PostgreSQL needs no such lock: row locks taken in a fixed order serialise them.
    """

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        self.sessionmaker = async_sessionmaker(self.engine, expire_on_commit=False)
        self.is_sqlite = url.startswith("sqlite")
        # Statements that need not commit together (reads above all) run in autocommit on
        # PostgreSQL: under READ COMMITTED every statement takes its own snapshot anyway, so
        # BEGIN and COMMIT (or ROLLBACK) were two round trips that bought nothing. SQLite
        # keeps an ordinary transaction (one snapshot).
        # Behind PgBouncer (transaction pooling) a statement outside a transaction may be
        # prepared on one server connection and executed on another: there, every unit of
        # work is a transaction, at the price of the round trips autocommit saves.
        self.autocommit_engine = (
            self.engine
            if self.is_sqlite or behind_pgbouncer()
            else self.engine.execution_options(isolation_level="AUTOCOMMIT")
        )
        self.autocommit_sessionmaker = (
            self.sessionmaker
            if self.autocommit_engine is self.engine
            else async_sessionmaker(self.autocommit_engine, expire_on_commit=False)
        )
        self.write_lock = asyncio.Lock()

    def _writers_queue(self) -> contextlib.AbstractAsyncContextManager[Any]:
        return self.write_lock if self.is_sqlite else contextlib.nullcontext()

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[AsyncSession]:
        async with self._writers_queue(), self.sessionmaker() as session, session.begin():
            yield session

    @contextlib.asynccontextmanager
    async def reader(self) -> AsyncIterator[AsyncSession]:
        """Reads only, nothing to commit. On PostgreSQL in autocommit; on SQLite a read
        transaction that does not queue behind the writers' lock."""
        async with self.autocommit_sessionmaker() as session:
            yield session

    @contextlib.asynccontextmanager
    async def plain_reader(self) -> AsyncIterator[AsyncConnection]:
        """As `reader()`, for SQL Core statements whose rows are used as they come: no ORM
        session, no identity map, no objects built. For a read every request makes (the
        session check), where the ORM's share of the cost showed in profiles."""
        async with self.autocommit_engine.connect() as connection:
            yield connection

    async def dispose(self) -> None:
        await self.engine.dispose()


# What `fetch_rows` runs: a SELECT, or a UNION of them.
Read = Select[*tuple[Any, ...]] | CompoundSelect[*tuple[Any, ...]]


async def fetch_rows(
    connection: AsyncConnection, statement: Read, params: Mapping[str, Any]
) -> Sequence[Mapping[str, Any]]:
    """The rows of a read that every request makes (the session check, the first screen's
    reads), each a mapping of column name to value.

    On PostgreSQL the statement, compiled once per process, runs on the asyncpg connection
    under `connection`, with asyncpg's own prepared-statement cache: no SQLAlchemy
    execution, parameter and result processing or greenlet hop, which profiles showed as
    the larger part of the BFF's CPU on a computed dashboard (docs/benchmarks.md). On
    SQLite it runs through SQLAlchemy as any statement.

    Values go to the driver as given (str, int, aware datetime, …) and come back as the
    driver gives them: timestamps with time zone come back aware on PostgreSQL. A driver
    error is handed to SQLAlchemy by running the read again through it (reads only). Statements
    with expanding parameters (`in_()` of a list) are not supported: they render per call.
    """
    if connection.dialect.name != "postgresql":
        result = await connection.execute(statement, params)
        return cast(list[Mapping[str, Any]], [row._mapping for row in result.all()])
    plan = _compiled_for_asyncpg(statement, connection.dialect)
    # SQLAlchemy's `before_execute` listeners still hear of it, as of every statement: what
    # counts statements (the budget tests) or traces them must not miss these.
    sync = connection.sync_connection
    if sync is not None and sync.dispatch.before_execute:
        sync.dispatch.before_execute(sync, statement, (), dict(params), {})
    driver = (await connection.get_raw_connection()).driver_connection
    assert driver is not None
    try:
        rows: Sequence[Mapping[str, Any]] = await driver.fetch(
            plan.sql, *(params[n] if n in params else plan.defaults[n] for n in plan.names)
        )
    except Exception:
        # What a failure means is SQLAlchemy's to decide, as for every other statement: a
        # connection the server closed (a restart) invalidates the pool and is answered 503.
        # So the read runs again through it, which fails the same way (or, the failure
        # passed, answers). A read twice changes nothing.
        result = await connection.execute(statement, params)
        return cast(list[Mapping[str, Any]], [row._mapping for row in result.all()])
    if not plan.processors:
        return rows
    return [plan.processed(row) for row in rows]


@dataclass(frozen=True, slots=True)
class _AsyncpgPlan:
    sql: str  # with $1, $2, …
    names: tuple[str, ...]  # the parameters in that order
    defaults: dict[str, Any]  # the values the statement carries itself (its literals)
    # Column position → the column type's result processor, for types that have one (an
    # encrypted column, say); none for most statements, whose rows are then asyncpg's own.
    processors: dict[int, Any]
    keys: tuple[str, ...]

    def processed(self, row: Any) -> dict[str, Any]:
        values = list(row)  # an asyncpg Record iterates over its values
        for position, processor in self.processors.items():
            values[position] = processor(values[position])
        return dict(zip(self.keys, values, strict=True))


@functools.lru_cache(maxsize=256)
def _compiled_for_asyncpg(statement: Read, dialect: Dialect) -> _AsyncpgPlan:
    compiled = statement.compile(dialect=dialect)
    assert isinstance(compiled, SQLCompiler)
    sql = str(compiled)
    if "POSTCOMPILE" in sql:
        raise ValueError("fetch_rows: a statement with expanding parameters renders per call")
    processors = {}
    for position, column in enumerate(statement.selected_columns):
        # UTCDateTime's would only make an aware UTC datetime aware UTC again: asyncpg gives
        # timestamps with time zone as aware UTC datetimes.
        if isinstance(column.type, UTCDateTime):
            continue
        processor = column.type.result_processor(dialect, None)
        if processor is not None:
            processors[position] = processor
    keys = tuple(column.key or "" for column in statement.selected_columns)
    if processors and len(set(keys)) != len(keys):
        raise ValueError("fetch_rows: label the columns of the same name apart")
    return _AsyncpgPlan(
        sql,
        tuple(compiled.positiontup or ()),
        {name: bind.value for name, bind in compiled.binds.items()},
        processors,
        keys,
    )


def postgres_pool_options() -> dict[str, Any]:
    """The connection pool of one process, from the environment (docs/deploy.md sizes it).

    KOBO_DB_POOL_SIZE connections are kept open, KOBO_DB_MAX_OVERFLOW more may open in a
    burst and are closed afterwards; beyond both, a unit of work waits for a connection.
    The pools were 10 kept open with 20 (simulator: 10) of overflow: under load most
    requests opened and closed a connection of their own, and profiles at 16 clients showed
    connecting as one of the BFF's largest costs. 12 + 4 keeps two BFF and two simulator
    processes within PostgreSQL's default 100 connections (a 64-client bench with 20 + 10
    ran out of them). A unit of work that waits KOBO_DB_POOL_TIMEOUT_S (30) for a connection
    gives up, and the request is answered 503 with Retry-After (bff/problems.py).

    KOBO_DB_PGBOUNCER=1: the URL is a PgBouncer in transaction pooling mode, where two
    statements of one connection may reach two different server connections. asyncpg's
    statement cache (and SQLAlchemy's on top of it) would then name a prepared statement on
    one server connection and use it on another; both caches are off and every statement
    gets a unique name, as SQLAlchemy's asyncpg documentation prescribes for PgBouncer.
    """
    options: dict[str, Any] = {
        "pool_size": env_int("KOBO_DB_POOL_SIZE", 12),
        "max_overflow": env_int("KOBO_DB_MAX_OVERFLOW", 4, minimum=0),
        "pool_timeout": env_seconds("KOBO_DB_POOL_TIMEOUT_S", 30),
    }
    if behind_pgbouncer():
        options["connect_args"] = {
            "statement_cache_size": 0,
            "prepared_statement_cache_size": 0,
            "prepared_statement_name_func": _unique_statement_name,
        }
    return options


def behind_pgbouncer() -> bool:
    return env_flag("KOBO_DB_PGBOUNCER", False)


def _unique_statement_name() -> str:
    return f"__asyncpg_{uuid.uuid4().hex}__"


async def insert_detached(session: AsyncSession, models: Sequence[Any]) -> None:
    """Insert new models of one class in one Core statement and give each its generated
    primary key; the models never join the session. On both programs' payment paths the
    unit of work's flush cost more CPU than the insert itself (docs/benchmarks.md).

    Every column is sent, a model's unset ones as None (set what a column default would
    give), but a primary key the models leave unset: the database makes it, and RETURNING
    hands it back in the order the models were given."""
    if not models:
        return
    table: Table = type(models[0]).__table__
    generated = tuple(c.key for c in table.primary_key.columns if getattr(models[0], c.key) is None)
    values = [
        {c.key: getattr(model, c.key) for c in table.columns if c.key not in generated}
        for model in models
    ]
    result = await session.execute(_insert(table, generated), values)
    if generated:
        for model, row in zip(models, result.all(), strict=True):
            for key in generated:
                setattr(model, key, row._mapping[key])


@functools.cache
def _insert(table: Table, generated: tuple[str, ...]) -> Insert:
    """One statement per table and set of generated keys, built once."""
    statement = insert(table)
    if generated:
        statement = statement.returning(
            *(table.c[key] for key in generated), sort_by_parameter_order=True
        )
    return statement
