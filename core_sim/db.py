"""Database plumbing for the simulator: engine, sessions, and the single-writer rule on SQLite."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, DateTime, event, inspect, text
from sqlalchemy.engine import Dialect
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)
from sqlalchemy.orm import DeclarativeBase
from sqlalchemy.types import TypeDecorator

from core_sim.simclock import state as simclock_state
from kobo_serving.database import behind_pgbouncer, postgres_pool_options


class Base(DeclarativeBase):
    pass


def utcnow() -> datetime:
    """Now as the simulator sees it: testers can move it (core_sim/simclock)."""
    return datetime.now(UTC) + simclock_state.offset()


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


class Database:
    """Owns the engine and hands out sessions.

    SQLite allows one writer at a time; rather than letting concurrent money-moving
    transactions fail with "database is locked", they queue on an asyncio lock in this
    process. PostgreSQL needs no such lock: row locks taken in a fixed order serialise
    debits of one account.
    """

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        self.sessionmaker = async_sessionmaker(self.engine, expire_on_commit=False)
        self.is_sqlite = url.startswith("sqlite")
        # Reads on PostgreSQL run in autocommit: under READ COMMITTED every statement of a
        # read-only transaction takes its own snapshot anyway, so BEGIN and ROLLBACK were two
        # round trips that bought nothing. SQLite keeps a read transaction (one snapshot).
        # Behind PgBouncer (transaction pooling) a statement outside a transaction may be
        # prepared on one server connection and executed on another: reads keep theirs.
        read_bind = (
            self.engine
            if self.is_sqlite or behind_pgbouncer()
            else self.engine.execution_options(isolation_level="AUTOCOMMIT")
        )
        self.read_sessionmaker = async_sessionmaker(read_bind, expire_on_commit=False)
        self._write_lock = asyncio.Lock()

    @contextlib.asynccontextmanager
    async def writer(self) -> AsyncIterator[AsyncSession]:
        """A session for a unit of work that moves money; commits on success."""
        lock = self._write_lock if self.is_sqlite else contextlib.nullcontext()
        async with lock, self.sessionmaker() as session, session.begin():
            yield session

    @contextlib.asynccontextmanager
    async def reader(self) -> AsyncIterator[AsyncSession]:
        """A session for reads only (on PostgreSQL nothing it writes would be rolled back)."""
        async with self.read_sessionmaker() as session:
            yield session

    async def create_schema(self, drop_first: bool = False) -> None:
        async with self.engine.begin() as conn:
            if drop_first:
                await conn.run_sync(Base.metadata.drop_all)
            await conn.run_sync(Base.metadata.create_all)
            await conn.run_sync(_add_columns_of_later_versions)

    async def dispose(self) -> None:
        await self.engine.dispose()


def _add_columns_of_later_versions(conn: Connection) -> None:
    """The simulator has no migration tool: its database is seeded test data, created by
    `create_all`, which makes missing tables but not missing columns. A database kept from
    an earlier version (var/core_sim.sqlite3 under scripts/run) gets each later column here,
    filled in, so a pull does not cost the tester their simulated world."""
    entry_columns = {column["name"] for column in inspect(conn).get_columns("entries")}
    if "available_after_kobo" not in entry_columns:
        conn.execute(text("ALTER TABLE entries ADD COLUMN available_after_kobo BIGINT"))
    columns = {column["name"] for column in inspect(conn).get_columns("ledger_accounts")}
    if "line_count" not in columns:
        conn.execute(
            text("ALTER TABLE ledger_accounts ADD COLUMN line_count BIGINT NOT NULL DEFAULT 0")
        )
        conn.execute(
            text(
                "UPDATE ledger_accounts SET line_count ="
                " (SELECT count(*) FROM entries WHERE entries.account_id = ledger_accounts.id)"
            )
        )
