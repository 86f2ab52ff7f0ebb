"""The Alembic migrations build exactly the schema the models describe."""

from __future__ import annotations

import asyncio

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

import bff.models  # noqa: F401
from bff.db import Base, make_engine
from bff.db.migrate import upgrade


async def test_migrations_match_the_models(databases):
    url = databases.new("migrations")
    await asyncio.to_thread(upgrade, url)
    engine = make_engine(url)
    async with engine.connect() as connection:
        diff = await connection.run_sync(
            lambda sync: compare_metadata(MigrationContext.configure(sync), Base.metadata)
        )
    await engine.dispose()
    assert diff == []
