"""Tester control of simulated time: GET /sim/clock, advance, set, reset.

Moving the clock settles pending NIP transfers and vends whose time has come, makes the BFF's
scheduled payments fall due when the BFF follows this clock (KOBO_CLOCK_SOURCE=simulator), and
never moves time backwards past what is already recorded in the ledger's meaning: it only
changes what "now" reads from here on.
"""

from __future__ import annotations

import asyncio
import contextlib
from datetime import UTC, datetime, timedelta
from typing import Annotated

import msgspec
from litestar import Controller, get, post

from core_sim.db import Database
from core_sim.errors import SimError
from core_sim.schemas import CamelStruct
from core_sim.simclock import state
from core_sim.simclock.models import SimClockOffset

MAX_OFFSET = timedelta(days=3 * 366)


class ClockOut(CamelStruct):
    now: datetime
    offset_seconds: float


class AdvanceIn(CamelStruct, forbid_unknown_fields=True):
    seconds: Annotated[float, msgspec.Meta(gt=0, le=MAX_OFFSET.total_seconds())]


class SetIn(CamelStruct, forbid_unknown_fields=True):
    now: datetime


def clock_out() -> ClockOut:
    return ClockOut(now=state.utcnow(), offset_seconds=state.offset().total_seconds())


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


class ClockController(Controller):
    path = "/sim/clock"
    tags = ["sim"]

    @get("/")
    async def read_clock(self) -> ClockOut:
        return clock_out()

    @post("/advance", status_code=200)
    async def advance(self, db: Database, data: AdvanceIn) -> ClockOut:
        await store_offset(db, state.offset() + timedelta(seconds=data.seconds))
        return clock_out()

    @post("/set", status_code=200)
    async def set_now(self, db: Database, data: SetIn) -> ClockOut:
        if data.now.tzinfo is None:
            raise SimError("now needs a time zone, e.g. 2027-01-31T09:00:00+01:00", code="30")
        await store_offset(db, data.now.astimezone(UTC) - datetime.now(UTC))
        return clock_out()

    @post("/reset", status_code=200)
    async def reset(self, db: Database) -> ClockOut:
        await store_offset(db, timedelta(0))
        return clock_out()
