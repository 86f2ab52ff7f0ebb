"""Background work of a BFF process: following up pending transfers (status queries, crash
recovery), running scheduled payments that fell due, and delivering the notification outbox
(its own loop, woken at once when a commit adds alerts).

Every BFF process runs the same loop; leases, FOR UPDATE SKIP LOCKED (PostgreSQL) and the
one-row-per-due-date constraint make each piece of work happen in one place, once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable
from dataclasses import dataclass
from datetime import datetime

from bff.bills.service import BillService
from bff.liveness.service import LivenessService
from bff.notifications.outbox import Outbox
from bff.passkeys.service import PasskeyService
from bff.privacy.service import PrivacyService
from bff.risk.reviews import PaymentReviews
from bff.risk.sync import RiskFeeds
from bff.schedules.service import ScheduleService
from bff.transfers.service import TransferService

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Pass:
    transfers_followed_up: int
    vends_followed_up: int
    schedules_run: int
    messages_sent: int = 0
    reviews_expired: int = 0
    data_archives_built: int = 0


class Jobs:
    def __init__(
        self,
        transfers: TransferService,
        bills: BillService,
        schedules: ScheduleService,
        interval_s: float,
        outbox: Outbox | None = None,
        passkeys: PasskeyService | None = None,
        reviews: PaymentReviews | None = None,
        feeds: RiskFeeds | None = None,
        liveness: LivenessService | None = None,
        privacy: PrivacyService | None = None,
    ) -> None:
        self.transfers = transfers
        self.bills = bills
        self.schedules = schedules
        self.interval_s = interval_s
        self.outbox = outbox
        self.passkeys = passkeys
        self.reviews = reviews
        self.feeds = feeds
        self.liveness = liveness
        self.privacy = privacy
        self._dormant_marking = Every(3600)
        self._challenge_sweep = Every(60)
        self._retention_sweep = Every(3600)
        self._task: asyncio.Task[None] | None = None
        self._outbox_task: asyncio.Task[None] | None = None
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
        expired = await self.expire_reviews(now)
        await self.pull_risk_feeds()
        await self.mark_dormant_profiles()
        await self.forget_expired_challenges()
        archives = await self.prepare_data_exports(now)
        await self.delete_expired_data_exports(now)
        await self.delete_records_past_retention(now)
        # Last: what the passes above recorded (alerts, outcomes) goes out in the same pass.
        sent = await self.deliver_messages()
        return Pass(
            transfers_followed_up=transfers,
            vends_followed_up=vends,
            schedules_run=schedules,
            messages_sent=sent,
            reviews_expired=expired,
            data_archives_built=archives,
        )

    async def mark_dormant_profiles(self) -> int:
        """Once an hour: profiles unused for the dormant days owe a selfie (bff/liveness)."""
        if self.liveness is None or not self._dormant_marking.due():
            return 0
        return await _guarded("marking dormant profiles", self.liveness.require_dormant())

    async def pull_risk_feeds(self) -> int:
        """The watch-list and the core's account flags, copied for the risk check (a copy
        the core did not answer stays as it was until it does)."""
        if self.feeds is None:
            return 0
        return await _guarded("copying the watch-list and account flags", self.feeds.pull_if_due())

    async def expire_reviews(self, now: datetime | None = None) -> int:
        """Held payments nobody reviewed by their deadline: cancelled, the money returned."""
        if self.reviews is None:
            return 0
        return await _guarded("expiring held payments", self.reviews.expire_due(now))

    async def prepare_data_exports(self, now: datetime | None = None) -> int:
        """Copies of their data customers asked for: built, sealed, and the customer
        e-mailed a single-use link (bff/privacy/service.py)."""
        if self.privacy is None:
            return 0
        return await _guarded("preparing data archives", self.privacy.prepare_due(now))

    async def delete_expired_data_exports(self, now: datetime | None = None) -> int:
        """Archives past KOBO_DATA_EXPORT_KEEP_DAYS: their sealed files deleted."""
        if self.privacy is None:
            return 0
        return await _guarded("deleting old data archives", self.privacy.delete_expired(now))

    async def delete_records_past_retention(self, now: datetime | None = None) -> int:
        """Once an hour: closed profiles whose retention has ended, their records deleted."""
        if self.privacy is None or not self._retention_sweep.due():
            return 0
        return await _guarded(
            "deleting records past their retention", self.privacy.delete_past_retention(now)
        )

    async def forget_expired_challenges(self) -> int:
        """Passkey challenges nobody answered in time (anyone may ask for a sign-in one):
        deleted once a minute, so the table holds only the last few minutes' ceremonies."""
        if self.passkeys is None or not self._challenge_sweep.due():
            return 0
        work = self.passkeys.forget_expired_challenges()
        return await _guarded("forgetting expired passkey challenges", work)

    async def deliver_messages(self) -> int:
        if self.outbox is None:
            return 0
        return await _guarded("outbox delivery", self.outbox.deliver_due())

    async def _outbox_loop(self) -> None:
        assert self.outbox is not None
        while not self._stopping.is_set():
            self.outbox.wake.clear()
            await self.deliver_messages()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.outbox.wake.wait(), self.interval_s)

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
        if self.outbox is not None:
            self._outbox_task = asyncio.create_task(self._outbox_loop(), name="kobo-outbox")

    async def stop(self, grace_s: float = 30.0) -> None:
        """Let the pass under way finish (a payment is not left half-driven), then stop.

        Only if it overruns `grace_s` is it cancelled; leases make another process, or this
        one after a restart, finish what was cut short.
        """
        if self._task is None:
            return
        self._stopping.set()
        if self._outbox_task is not None and self.outbox is not None:
            self.outbox.poke()  # out of its wait, to see that it must stop
            try:
                await asyncio.wait_for(asyncio.shield(self._outbox_task), grace_s)
            except TimeoutError:
                # A message cut short stays leased, then pending: it is sent again later.
                self._outbox_task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await self._outbox_task
            self._outbox_task = None
        try:
            await asyncio.wait_for(asyncio.shield(self._task), grace_s)
        except TimeoutError:
            log.warning("background pass still running after %.0f s: cancelling it", grace_s)
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        self._task = None


class Every:
    """For a pass that need not run on every round: due at most once per `seconds` (the
    process's monotonic clock), and from the first round on."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self._last = float("-inf")

    def due(self) -> bool:
        """Whether the pass is due now; if so, it counts as run."""
        now = time.monotonic()
        if now - self._last < self.seconds:
            return False
        self._last = now
        return True


async def _guarded(what: str, work: Awaitable[int]) -> int:
    """One piece of a pass: a failure (the database or the core away) is logged and the next
    pass tries again; it never stops the other pieces."""
    try:
        return await work
    except Exception:
        log.exception("%s failed", what)
        return 0
