"""Database plumbing for the BFF: declarative base, aware UTC datetimes, engine and sessions.

The engine, the UTC datetime column type and the transaction/reader rules are shared with
the simulator (kobo_serving/database.py); what is the BFF's own is here."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from datetime import UTC, datetime

from sqlalchemy import ColumnElement, MetaData, func
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import DeclarativeBase

from kobo_serving.database import SessionSource
from kobo_serving.database import UTCDateTime as UTCDateTime
from kobo_serving.database import make_engine as make_engine

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


class Database(SessionSource):
    """`transaction()` and `reader()` as in kobo_serving/database.py, plus `autocommit()`
    and `lease_now()`."""

    def lease_now(self) -> datetime | ColumnElement[datetime]:
        """The time leases are taken at and checked against (payments, schedules, the
        outbox), to be used inside the statement that takes or checks one.

        PostgreSQL: the database's own clock, `now()` (the transaction's start: in an
        autocommit statement, the statement's; in a transaction, the same value for every
        statement of it), so two hosts whose clocks disagree still agree on whether a lease
        has expired, and neither can take one the other holds. A lease is written as
        `now() + interval` and compared with `now()` in the statement itself: no extra round
        trip. SQLite: this process's clock, bound as a parameter. SQLite is one local file
        that only processes of one machine open, so their clock is that machine's clock; and
        SQLite's own CURRENT_TIMESTAMP is text in another format than the one the
        UTCDateTime column stores, so comparing the two as text would be wrong."""
        if self.is_sqlite:
            return utcnow()
        return func.now()

    @contextlib.asynccontextmanager
    async def autocommit(self) -> AsyncIterator[AsyncSession]:
        """A unit of work whose statements need not commit together: usually one statement
        (a read, or one conditional UPDATE). On PostgreSQL each statement commits on its
        own: a single statement is atomic anyway, and under READ COMMITTED every statement
        takes its own snapshot, so BEGIN and COMMIT were two round trips that bought
        nothing. On SQLite it is `transaction()`, write lock included.
        """
        async with (
            self._writers_queue(),
            self.autocommit_sessionmaker() as session,
            session.begin(),
        ):
            yield session
