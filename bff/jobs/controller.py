"""/admin/api/jobs and /admin/api/clock: let testers run background work now and move the
clock scheduled payments run by (role ADMIN; never needed in production)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

import msgspec
from litestar import Controller, get, post

from bff.clock import BankClock
from bff.jobs.runner import Jobs
from bff.schemas import CamelStruct, RequestStruct
from bff.users.principal import Principal


class ClockOut(CamelStruct):
    now: datetime
    offset_seconds: int


class ClockIn(RequestStruct):
    offset_seconds: Annotated[int, msgspec.Meta(ge=-(10**9), le=10**9)]


class JobsOut(CamelStruct):
    transfers_followed_up: int
    vends_followed_up: int
    schedules_run: int


async def clock_out(clock: BankClock) -> ClockOut:
    offset = await clock.offset()
    return ClockOut(now=await clock.now(), offset_seconds=int(offset.total_seconds()))


class AdminJobsController(Controller):
    path = "/admin/api"
    tags = ["admin"]
    security = [{"bearer": []}]

    @get("/clock", summary="The time scheduled payments run by")
    async def get_clock(self, clock: BankClock, admin: Principal) -> ClockOut:
        return await clock_out(clock)

    @post("/clock", status_code=200, summary="Set the clock's offset from real time")
    async def set_clock(self, clock: BankClock, admin: Principal, data: ClockIn) -> ClockOut:
        await clock.set_offset(data.offset_seconds)
        return await clock_out(clock)

    @post("/jobs/run-due", status_code=200, summary="Run due scheduled payments and follow-ups now")
    async def run_due(self, jobs: Jobs, clock: BankClock, admin: Principal) -> JobsOut:
        result = await jobs.run_once(await clock.now())
        return JobsOut(
            transfers_followed_up=result.transfers_followed_up,
            vends_followed_up=result.vends_followed_up,
            schedules_run=result.schedules_run,
        )
