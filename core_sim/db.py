"""Database plumbing for the simulator: declarative base, sessions, and its schema.

The engine, the UTC datetime column type and the single-writer rule on SQLite are shared
with the BFF (kobo_serving/database.py). The simulator's "now" is core_sim/simclock's."""

from __future__ import annotations

import contextlib

from sqlalchemy import Connection, Integer, String, inspect, text, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from kobo_serving.database import SessionSource
from kobo_serving.database import UTCDateTime as UTCDateTime


class Base(DeclarativeBase):
    pass


class Counter(Base):
    """Named sequences (the next account serial, a feed's next `seq`), advanced with
    UPDATE … RETURNING: on PostgreSQL the row stays locked until the transaction ends, so
    numbers are handed out, and committed, in order."""

    __tablename__ = "counters"

    name: Mapped[str] = mapped_column(String(40), primary_key=True)
    value: Mapped[int] = mapped_column(Integer)


async def next_value(session: AsyncSession, name: str, first: int = 1) -> int:
    """The next number of the sequence `name` (`first` when it has none yet)."""
    value = await session.scalar(
        update(Counter)
        .where(Counter.name == name)
        .values(value=Counter.value + 1)
        .returning(Counter.value)
    )
    if value is None:
        session.add(Counter(name=name, value=first))
        await session.flush()
        return first
    return int(value)


class Database(SessionSource):
    """Owns the engine and hands out sessions.

    SQLite allows one writer at a time; rather than letting concurrent money-moving
    transactions fail with "database is locked", they queue on an asyncio lock in this
    process. PostgreSQL needs no such lock: row locks taken in a fixed order serialise
    debits of one account. Reads (`reader()`) run in autocommit on PostgreSQL.
    """

    def writer(self) -> contextlib.AbstractAsyncContextManager[AsyncSession]:
        """A session for a unit of work that moves money; commits on success."""
        return self.transaction()

    async def create_schema(self, drop_first: bool = False) -> None:
        async with self.engine.begin() as conn:
            if drop_first:
                await conn.run_sync(Base.metadata.drop_all)
            await conn.run_sync(Base.metadata.create_all)
            await conn.run_sync(_add_columns_of_later_versions)


def _add_columns_of_later_versions(conn: Connection) -> None:
    """The simulator has no migration tool: its database is seeded test data, created by
    `create_all`, which makes missing tables but not missing columns or indexes. A database
    kept from an earlier version (var/core_sim.sqlite3 under scripts/run) gets each later
    column and index here, filled in, so a pull does not cost the tester their simulated
    world."""
    conn.execute(text("CREATE INDEX IF NOT EXISTS ix_entries_posting ON entries (posting_id)"))
    # A fault rule's `account` may now be a message's recipient (an e-mail address); it was
    # 20 characters. SQLite does not enforce the length, PostgreSQL does.
    rule_columns = {c["name"]: c["type"] for c in inspect(conn).get_columns("fault_rules")}
    if conn.dialect.name == "postgresql" and getattr(rule_columns["account"], "length", 0) < 200:
        conn.execute(text("ALTER TABLE fault_rules ALTER COLUMN account TYPE VARCHAR(200)"))
    entry_columns = {column["name"] for column in inspect(conn).get_columns("entries")}
    if "available_after_kobo" not in entry_columns:
        conn.execute(text("ALTER TABLE entries ADD COLUMN available_after_kobo BIGINT"))
    columns = {column["name"] for column in inspect(conn).get_columns("ledger_accounts")}
    timestamp = "TIMESTAMP WITH TIME ZONE" if conn.dialect.name == "postgresql" else "DATETIME"
    for name, kind in (
        ("outflows_held", "BOOLEAN NOT NULL DEFAULT false"),
        ("large_credit_at", timestamp),
        ("watched_from", timestamp),
    ):  # the inflow watch (core_sim/ledger/inflow.py)
        if name not in columns:
            conn.execute(text(f"ALTER TABLE ledger_accounts ADD COLUMN {name} {kind}"))
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
    # The savings accrual rows pruned once paid (core_sim/savings/eod.py): their units.
    pocket_columns = {column["name"] for column in inspect(conn).get_columns("savings_pockets")}
    if "pruned_units" not in pocket_columns:
        conn.execute(
            text("ALTER TABLE savings_pockets ADD COLUMN pruned_units BIGINT NOT NULL DEFAULT 0")
        )
