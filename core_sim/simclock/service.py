"""The simulated clock's offset, stored so that every worker process follows a move made
through any one of them (the controller, `controller.py`, only routes)."""

from __future__ import annotations

import asyncio
import contextlib
from datetime import timedelta

from core_sim.db import Database
from core_sim.errors import SimError
from core_sim.simclock import state
from core_sim.simclock.models import SimClockOffset

MAX_OFFSET = timedelta(days=3 * 366)


async def store_offset(db: Database, offset: timedelta) -> None:
    if abs(offset) > MAX_OFFSET:
        raise SimError("The clock can move at most three years from real time", code="30")
    async with db.writer() as session:
        row = await session.get(SimClockOffset, 1)
        milliseconds = int(offset.total_seconds() * 1000)
        if row is None:
            session.add(SimClockOffset(id=1, offset_ms=milliseconds))
        else:
            row.offset_ms = milliseconds
    state.set_offset(offset)


async def _stored_offset(db: Database) -> timedelta:
    async with db.reader() as session:
        row = await session.get(SimClockOffset, 1)
    return timedelta(milliseconds=row.offset_ms if row else 0)


async def load_offset(db: Database) -> None:
    seen = state.changes()
    state.set_offset_unless_changed_since(await _stored_offset(db), seen)


async def follow_stored_offset(db: Database, every_s: float = 1.0) -> None:
    """Runs in every worker process so that a move made through one is seen by all.

    It applies the stored offset only when it has changed since this loop last read it:
    the offset lives in one place per process, and tests run several simulators (several
    databases) in one process, whose loops would otherwise each keep putting back their own
    database's offset over a move made through another."""
    last_read = await _stored_offset(db)
    while True:
        await asyncio.sleep(every_s)
        with contextlib.suppress(Exception):  # a hiccup must not stop the loop
            seen = state.changes()
            stored = await _stored_offset(db)
            if stored != last_read:
                state.set_offset_unless_changed_since(stored, seen)
                last_read = stored
