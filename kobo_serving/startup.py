"""Start-up work that must run once when N processes start together (uvicorn `--workers N`,
or several hosts on one database): creating or migrating tables and seeding.

Each process takes the same lock around that work; the first does it, the others wait and
then find nothing left to do. On PostgreSQL the lock is a session-level advisory lock (it
works across hosts and is released if the holder dies); on SQLite, whose database is a file
on this machine, it is an exclusive lock on a file beside the database.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
from collections.abc import AsyncIterator
from pathlib import Path

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine


@contextlib.asynccontextmanager
async def once_across_processes(engine: AsyncEngine, key: int) -> AsyncIterator[None]:
    if engine.dialect.name == "postgresql":
        async with engine.connect() as conn:
            await conn.execute(text("SELECT pg_advisory_lock(:key)"), {"key": key})
            try:
                yield
            finally:
                await conn.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": key})
                await conn.commit()
        return
    database = engine.url.database
    if not database or database == ":memory:":  # one process owns an in-memory database
        yield
        return
    lock_path = Path(f"{database}.start-lock")
    handle = await asyncio.to_thread(lock_path.open, "a")
    try:
        # flock blocks: wait for it in a thread so this process's event loop keeps going.
        await asyncio.to_thread(fcntl.flock, handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)
    finally:
        handle.close()
