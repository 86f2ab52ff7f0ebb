"""Database plumbing for the BFF: declarative base, aware UTC datetimes, engine and sessions."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import DateTime, MetaData, event
from sqlalchemy.engine import Dialect
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)
from sqlalchemy.orm import DeclarativeBase
from sqlalchemy.types import TypeDecorator

from kobo_serving.database import behind_pgbouncer, postgres_pool_options

# Stable constraint names so Alembic migrations are the same on SQLite and PostgreSQL.
NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)


def utcnow() -> datetime:
    return datetime.now(UTC)


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
    """Owns the engine. `transaction()` is the unit of work: commit on success, else roll back.

    On SQLite, writing units of work queue on one asyncio lock per process, because SQLite
    has a single writer and would otherwise answer "database is locked" under load.
    """

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        self.sessionmaker = async_sessionmaker(self.engine, expire_on_commit=False)
        self.is_sqlite = url.startswith("sqlite")
        # See `autocommit()`. On SQLite it is an ordinary transaction.
        # Behind PgBouncer (transaction pooling) a statement outside a transaction may be
        # prepared on one server connection and executed on another: there, every unit of
        # work is a transaction, at the price of the round trips autocommit saves.
        self._autocommit_sessionmaker = (
            self.sessionmaker
            if self.is_sqlite or behind_pgbouncer()
            else async_sessionmaker(
                self.engine.execution_options(isolation_level="AUTOCOMMIT"),
                expire_on_commit=False,
            )
        )
        self._write_lock = asyncio.Lock()

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[AsyncSession]:
        lock = self._write_lock if self.is_sqlite else contextlib.nullcontext()
        async with lock, self.sessionmaker() as session, session.begin():
            yield session

    @contextlib.asynccontextmanager
    async def autocommit(self) -> AsyncIterator[AsyncSession]:
        """A unit of work whose statements need not commit together: usually one statement
        (a read, or one conditional UPDATE). On PostgreSQL each statement commits on its
        own: a single statement is atomic anyway, and under READ COMMITTED every statement
        takes its own snapshot, so BEGIN and COMMIT were two round trips that bought
        nothing. On SQLite it is `transaction()`, write lock included.
        """
        lock = self._write_lock if self.is_sqlite else contextlib.nullcontext()
        async with lock, self._autocommit_sessionmaker() as session, session.begin():
            yield session

    @contextlib.asynccontextmanager
    async def reader(self) -> AsyncIterator[AsyncSession]:
        """Reads only, nothing to commit. On PostgreSQL in autocommit, as `autocommit()`; on
        SQLite a read transaction that does not queue behind the writers' lock."""
        async with self._autocommit_sessionmaker() as session:
            yield session

    async def dispose(self) -> None:
        await self.engine.dispose()
