"""Tester control of simulated time: GET /sim/clock, advance, set, reset.

Moving the clock settles pending NIP transfers and vends whose time has come, makes the BFF's
scheduled payments fall due when the BFF follows this clock (KOBO_CLOCK_SOURCE=simulator), and
never moves time backwards past what is already recorded in the ledger's meaning: it only
changes what "now" reads from here on.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Annotated

import msgspec
from litestar import Controller, get, post

from core_sim.db import Database
from core_sim.errors import SimError
from core_sim.schemas import CamelStruct
from core_sim.simclock import state
from core_sim.simclock.service import MAX_OFFSET, store_offset


class ClockOut(CamelStruct):
    now: datetime
    offset_seconds: float


class AdvanceIn(CamelStruct, forbid_unknown_fields=True):
    seconds: Annotated[float, msgspec.Meta(gt=0, le=MAX_OFFSET.total_seconds())]


class SetIn(CamelStruct, forbid_unknown_fields=True):
    now: datetime


def clock_out() -> ClockOut:
    return ClockOut(now=state.utcnow(), offset_seconds=state.offset().total_seconds())


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
