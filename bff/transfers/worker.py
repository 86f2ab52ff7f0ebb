"""The background follow-up of transfers: status queries with backoff, and recovery of
transfers a crashed process left half-way. Every BFF process runs one; leases (and
FOR UPDATE SKIP LOCKED on PostgreSQL) make each transfer's follow-up run in one place."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from datetime import datetime

from bff.transfers.service import TransferService

log = logging.getLogger(__name__)


class TransferWorker:
    def __init__(self, transfers: TransferService, interval_s: float) -> None:
        self.transfers = transfers
        self.interval_s = interval_s
        self._task: asyncio.Task[None] | None = None

    async def run_once(self, now: datetime | None = None) -> int:
        """Follow up every due transfer; returns how many were looked at."""
        handled = 0
        for transfer_id in await self.transfers.due(now):
            try:
                await self.transfers.follow_up(transfer_id)
            except Exception:  # one bad transfer must not stop the others
                log.exception("follow-up of transfer %s failed", transfer_id)
            handled += 1
        return handled

    async def _loop(self) -> None:
        while True:
            try:
                await self.run_once()
            except Exception:
                log.exception("transfer worker pass failed")
            await asyncio.sleep(self.interval_s)

    def start(self) -> None:
        self._task = asyncio.create_task(self._loop(), name="transfer-worker")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
