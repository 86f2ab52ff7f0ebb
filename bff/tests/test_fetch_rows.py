"""`fetch_rows` (kobo_serving/database.py): the raw-driver read of the hottest statements
gives what SQLAlchemy's execution gives, on the leg's database (asyncpg on PostgreSQL,
SQLAlchemy on SQLite)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import (
    BigInteger,
    Column,
    Integer,
    MetaData,
    String,
    Table,
    bindparam,
    func,
    literal,
    select,
    union_all,
)
from sqlalchemy.types import TypeDecorator

from kobo_serving.database import SessionSource, UTCDateTime, fetch_rows


class Shouting(TypeDecorator[str]):
    """A column type with a result processor, as an encrypted column would have."""

    impl = String(40)
    cache_ok = True

    def process_bind_param(self, value: str | None, dialect: object) -> str | None:
        return value

    def process_result_value(self, value: str | None, dialect: object) -> str | None:
        return None if value is None else value.upper()


METADATA = MetaData()
LINES = Table(
    "fetch_rows_lines",
    METADATA,
    Column("id", Integer, primary_key=True),
    Column("owner", String(20)),
    Column("amount_kobo", BigInteger),
    Column("note", Shouting()),
    Column("at", UTCDateTime()),
)
NOW = datetime(2026, 11, 28, 9, 14, tzinfo=UTC)

BY_OWNER_SINCE = (
    select(literal("line").label("kind"), LINES.c.id, LINES.c.amount_kobo, LINES.c.at)
    .where(LINES.c.owner == bindparam("owner"), LINES.c.at >= bindparam("since"))
    .order_by(LINES.c.id)
)
TOTAL_AND_NEWEST = union_all(
    select(literal("total").label("kind"), func.sum(LINES.c.amount_kobo).label("value")).where(
        LINES.c.owner == bindparam("owner")
    ),
    select(literal("newest").label("kind"), func.max(LINES.c.id)).where(
        LINES.c.owner == bindparam("owner")
    ),
)
NOTES = select(LINES.c.id, LINES.c.note).where(LINES.c.owner == bindparam("owner"))


@pytest.fixture
async def source(databases):  # type: ignore[no-untyped-def]
    db = SessionSource(databases.new("fetch_rows"))
    async with db.engine.begin() as connection:
        await connection.run_sync(METADATA.create_all)
        await connection.execute(
            LINES.insert(),
            [
                {"owner": "ada", "amount_kobo": 1_000, "note": "salary", "at": NOW},
                {
                    "owner": "ada",
                    "amount_kobo": -250,
                    "note": "tea",
                    "at": NOW - timedelta(days=2),
                },
                {"owner": "tunde", "amount_kobo": 7, "note": None, "at": NOW},
            ],
        )
    yield db
    await db.dispose()


async def test_rows_are_those_sqlalchemy_gives(source: SessionSource) -> None:
    async with source.plain_reader() as connection:
        for statement, params in (
            (BY_OWNER_SINCE, {"owner": "ada", "since": NOW - timedelta(days=3)}),
            (BY_OWNER_SINCE, {"owner": "ada", "since": NOW - timedelta(hours=1)}),
            (TOTAL_AND_NEWEST, {"owner": "ada"}),
            (BY_OWNER_SINCE, {"owner": "nobody", "since": NOW}),
        ):
            expected = [dict(r._mapping) for r in (await connection.execute(statement, params))]
            got = [dict(row) for row in await fetch_rows(connection, statement, params)]
            assert got == expected
    assert expected == []  # the last: nothing found is an empty list


async def test_datetimes_come_back_aware_in_utc(source: SessionSource) -> None:
    async with source.plain_reader() as connection:
        rows = await fetch_rows(connection, BY_OWNER_SINCE, {"owner": "ada", "since": NOW})
    assert [row["at"] for row in rows] == [NOW]
    assert rows[0]["at"].utcoffset() == timedelta(0)


async def test_a_column_type_with_a_result_processor_is_processed(source: SessionSource) -> None:
    async with source.plain_reader() as connection:
        rows = await fetch_rows(connection, NOTES, {"owner": "ada"})
    assert sorted(row["note"] for row in rows) == ["SALARY", "TEA"]


async def test_a_statement_that_renders_per_call_is_refused(source: SessionSource) -> None:
    per_call = select(LINES.c.id).where(LINES.c.owner.in_(["ada", "tunde"]))
    async with source.plain_reader() as connection:
        if connection.dialect.name != "postgresql":
            pytest.skip("SQLite runs every statement through SQLAlchemy")
        with pytest.raises(ValueError, match="expanding"):
            await fetch_rows(connection, per_call, {})
