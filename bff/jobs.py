"""Background work of a BFF process: following up pending transfers (status queries, crash
recovery) and running scheduled payments that fell due.

Every BFF process runs the same loop; leases, FOR UPDATE SKIP LOCKED (PostgreSQL) and the
one-row-per-due-date constraint make each piece of work happen in one place, once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass
from datetime import datetime

from bff.bills.service import BillService
from bff.schedules.service import ScheduleService
from bff.transfers.service import TransferService

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Pass:
    transfers_followed_up: int
    vends_followed_up: int
    schedules_run: int


class Jobs:
    def __init__(
        self,
        transfers: TransferService,
        bills: BillService,
        schedules: ScheduleService,
        interval_s: float,
    ) -> None:
        self.transfers = transfers
        self.bills = bills
        self.schedules = schedules
        self.interval_s = interval_s
        self._task: asyncio.Task[None] | None = None
        self._stopping = asyncio.Event()

    async def follow_up_transfers(self, now: datetime | None = None) -> int:
        handled = 0
        for transfer_id in await self.transfers.due(now):
            try:
                await self.transfers.follow_up(transfer_id)
            except Exception:  # one bad transfer must not stop the others
                log.exception("follow-up of transfer %s failed", transfer_id)
            handled += 1
        return handled

    async def follow_up_bills(self, now: datetime | None = None) -> int:
        handled = 0
        for vend_id in await self.bills.due(now):
            try:
                await self.bills.follow_up(vend_id)
            except Exception:
                log.exception("follow-up of vend %s failed", vend_id)
            handled += 1
        return handled

    async def run_due_schedules(self) -> int:
        handled = 0
        for schedule_uuid in await self.schedules.due():
            try:
                await self.schedules.run(schedule_uuid)
            except Exception:
                log.exception("scheduled payment %s failed to run", schedule_uuid)
            handled += 1
        return handled

    async def run_once(self, now: datetime | None = None) -> Pass:
        schedules = await self.run_due_schedules()
        transfers = await self.follow_up_transfers(now)
        vends = await self.follow_up_bills(now)
        return Pass(
            transfers_followed_up=transfers, vends_followed_up=vends, schedules_run=schedules
        )

    async def _loop(self) -> None:
        while not self._stopping.is_set():
            try:
                await self.run_once()
            except Exception:
                log.exception("background pass failed")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._stopping.wait(), self.interval_s)

    def start(self) -> None:
        self._stopping.clear()
        self._task = asyncio.create_task(self._loop(), name="kobo-jobs")

    async def stop(self, grace_s: float = 30.0) -> None:
        """Let the pass under way finish (a payment is not left half-driven), then stop.

        Only if it overruns `grace_s` is it cancelled; leases make another process, or this
        one after a restart, finish what was cut short.
        """
        if self._task is None:
            return
        self._stopping.set()
        try:
            await asyncio.wait_for(asyncio.shield(self._task), grace_s)
        except TimeoutError:
            log.warning("background pass still running after %.0f s: cancelling it", grace_s)
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        self._task = None
