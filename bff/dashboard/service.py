"""The dashboard (GET /api/client-summary): accounts, totals, this week, recent activity
and the next scheduled payments, in one call to the core and one database read."""

from __future__ import annotations

import asyncio
from datetime import datetime

from sqlalchemy import bindparam, literal, or_, select, union_all

from bff.accounts.service import CORE_DOWN
from bff.core_client import CoreClient, CoreUnavailable
from bff.core_client.schemas import CoreAccountLine
from bff.dashboard.presenter import summary_out
from bff.dashboard.schemas import (
    ClientSummaryOut,
)
from bff.dates import start_of_week
from bff.db import Database, utcnow
from bff.errors import ServiceUnavailable
from bff.history.presentation import (
    load_records_of,
)
from bff.schedules.models import ScheduledPayment, ScheduleStatus
from bff.transfers.models import Status, Transfer
from bff.users.models import User
from bff.users.read_cache import Computed, ReadCache
from kobo_serving.database import fetch_rows

RECENT_COUNT = 10
SCHEDULED_COUNT = 5


# `_bff_activity`'s one statement: the ids of this week's pending and failed transfers and
# of the next scheduled payments. Built once: `fetch_rows` compiles each statement once.
_unsettled_ids = select(literal("transfer").label("kind"), Transfer.id.label("id")).where(
    Transfer.user_id == bindparam("user_id"),
    # Not `in_()`: its list is rendered per call, which `fetch_rows` does not do.
    or_(Transfer.status == Status.PENDING, Transfer.status == Status.FAILED),
    Transfer.created_at >= bindparam("week_start"),
)
_schedule_ids = (
    select(literal("schedule").label("kind"), ScheduledPayment.uuid.label("id"))
    .where(ScheduledPayment.user_id == bindparam("user_id"))
    # Upcoming first, then the most recently finished.
    .order_by((ScheduledPayment.status != ScheduleStatus.PENDING), ScheduledPayment.next_date)
    .limit(SCHEDULED_COUNT)
    .subquery()
)
_UNSETTLED_AND_SCHEDULED = union_all(
    _unsettled_ids, select(_schedule_ids.c.kind, _schedule_ids.c.id)
)


class DashboardService:
    def __init__(self, db: Database, core: CoreClient, read_cache: ReadCache) -> None:
        self.db = db
        self.core = core
        self.read_cache = read_cache

    async def client_summary(self, user: User) -> ClientSummaryOut:
        """The summary, kept for a moment and refreshed by the customer's own payments
        (bff/users/read_cache.py). A new week is a new answer: its totals start again."""
        week_start = start_of_week(utcnow())
        return await self.read_cache.read(
            user, ("summary", week_start), lambda: self._summary(user, week_start)
        )

    async def _summary(self, user: User, week_start: datetime) -> Computed[ClientSummaryOut]:
        """One core call (accounts, this week's totals, the newest lines) and one database
        transaction (pending/failed transfers, schedules), concurrently."""
        assert user.customer_id is not None  # guaranteed by the `customer` dependency
        try:
            activity, (unsettled, schedules) = await asyncio.gather(
                self.core.customer_activity(
                    user.customer_id, since=week_start, recent=RECENT_COUNT
                ),
                self._bff_activity(user, week_start),
            )
        except CoreUnavailable as exc:
            raise ServiceUnavailable(CORE_DOWN) from exc
        async with self.db.reader() as session:
            records = await load_records_of(session, activity.recent)
        # Pending and failed transfers are not in the ledger (yet, or at all): show them too.
        # Newest first, sorted on the moments; the presenter formats only the ones shown.
        newest: list[tuple[datetime, CoreAccountLine | Transfer]] = [
            *((line.posted_at, line) for line in activity.recent),
            *((transfer.created_at, transfer) for transfer in unsettled),
        ]
        newest.sort(key=lambda pair: pair[0], reverse=True)
        recent = [item for _, item in newest[:RECENT_COUNT]]
        summary = summary_out(user, activity, unsettled, schedules, recent, records)
        return Computed(summary, activity.version)

    async def _bff_activity(
        self, user: User, week_start: datetime
    ) -> tuple[list[Transfer], list[ScheduledPayment]]:
        """This week's transfers that are pending or failed, and the next scheduled payments.
        Most customers have neither: one statement finds which there are (ids only), and
        only those are loaded (two ORM queries before, found or not)."""
        ids: dict[str, list[str]] = {"transfer": [], "schedule": []}
        async with self.db.plain_reader() as connection:  # the raw driver on PostgreSQL
            for row in await fetch_rows(
                connection, _UNSETTLED_AND_SCHEDULED, {"user_id": user.id, "week_start": week_start}
            ):
                ids[row["kind"]].append(row["id"])
        if not ids["transfer"] and not ids["schedule"]:
            return [], []
        async with self.db.reader() as session:
            unsettled: list[Transfer] = []
            schedules: list[ScheduledPayment] = []
            if ids["transfer"]:
                unsettled = list(
                    await session.scalars(
                        select(Transfer)
                        .where(Transfer.id.in_(ids["transfer"]))
                        .order_by(Transfer.created_at.desc())
                    )
                )
            if ids["schedule"]:
                schedules = list(
                    await session.scalars(
                        select(ScheduledPayment)
                        .where(ScheduledPayment.uuid.in_(ids["schedule"]))
                        .order_by(
                            (ScheduledPayment.status != ScheduleStatus.PENDING),
                            ScheduledPayment.next_date,
                        )
                    )
                )
        return unsettled, schedules
