"""Copies of two outside feeds the risk check reads locally, so a payment's check costs no
outside call: the switch's watch-list of reported mule accounts, and the core's flags on
accounts its watch on money coming in caught (docs/security.md "Payment fraud").

Each feed is read after the last sequence number copied (`SyncCursor`), a page at a time,
by the background worker every `KOBO_RISK_SYNC_INTERVAL_S`; an entry and the cursor move in
one transaction, so a crash copies a page again (each copy is an upsert), never skips one.
Two worker processes may copy the same page at once: the second to commit meets the first's
rows (a unique key) and leaves the page to it.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import TypeVar

from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from bff.core_client import CoreClient
from bff.core_client.schemas import AccountFlagEntry, WatchListEntry
from bff.db import Database
from bff.risk.models import AccountFlag, SyncCursor, WatchedAccount

log = logging.getLogger(__name__)

Entry = TypeVar("Entry", WatchListEntry, AccountFlagEntry)

WATCH_LIST = "watch-list"
ACCOUNT_FLAGS = "account-flags"
PAGE = 500


class RiskFeeds:
    def __init__(self, db: Database, core: CoreClient, interval_s: float) -> None:
        self.db = db
        self.core = core
        self.interval_s = interval_s
        self._pulled_at = float("-inf")

    async def pull_if_due(self) -> int:
        """Both feeds, at most once per interval (the worker calls every pass)."""
        if time.monotonic() - self._pulled_at < self.interval_s:
            return 0
        self._pulled_at = time.monotonic()
        return await self.pull()

    async def pull(self) -> int:
        """Every change since the last copy, of both feeds; how many were copied."""
        return await self.pull_watch_list() + await self.pull_flags()

    async def pull_watch_list(self) -> int:
        copied = 0
        while True:
            page = await self.core.watch_list(await self._cursor(WATCH_LIST), PAGE)
            if not await self._copied(WATCH_LIST, page.last, page.entries, copy_watched):
                return copied
            copied += len(page.entries)
            if len(page.entries) < PAGE:
                return copied

    async def pull_flags(self) -> int:
        copied = 0
        while True:
            page = await self.core.account_flags(await self._cursor(ACCOUNT_FLAGS), PAGE)
            if not await self._copied(ACCOUNT_FLAGS, page.last, page.flags, self.copy_flag):
                return copied
            copied += len(page.flags)
            if len(page.flags) < PAGE:
                return copied

    async def _copied(
        self,
        feed: str,
        last: int,
        entries: Sequence[Entry],
        copy: Callable[[AsyncSession, Entry], Awaitable[None]],
    ) -> bool:
        """The page's entries and the feed's cursor in one transaction; False when another
        process copied the same page at the same moment (its copy stands)."""
        try:
            async with self.db.transaction() as session:
                for entry in entries:
                    await copy(session, entry)
                await _move(session, feed, last)
        except IntegrityError:
            log.info("risk feed %s: another process copied the page up to %s", feed, last)
            return False
        return True

    @staticmethod
    async def copy_flag(session: AsyncSession, flag: AccountFlagEntry) -> None:
        """The flag as the core last published it (one row per account)."""
        row = await session.get(AccountFlag, flag.account_number)
        if row is None:
            row = AccountFlag(account_number=flag.account_number)
            session.add(row)
        row.customer_id = flag.customer_id
        row.rule, row.state = flag.rule, flag.state
        row.raised_at, row.decided_at = flag.raised_at, flag.decided_at

    async def _cursor(self, name: str) -> int:
        async with self.db.autocommit() as session:
            last = await session.scalar(select(SyncCursor.last_seq).where(SyncCursor.name == name))
        return int(last or 0)


async def copy_watched(session: AsyncSession, entry: WatchListEntry) -> None:
    key = (entry.bank_code, entry.account_number)
    if entry.removed_at is not None:
        await session.execute(
            delete(WatchedAccount).where(
                WatchedAccount.bank_code == key[0], WatchedAccount.account_number == key[1]
            )
        )
        return
    row = await session.get(WatchedAccount, key)
    if row is None:
        row = WatchedAccount(bank_code=key[0], account_number=key[1])
        session.add(row)
    row.reason, row.reported_at = entry.reason[:200], entry.reported_at


async def _move(session: AsyncSession, name: str, last: int) -> None:
    cursor = await session.get(SyncCursor, name)
    if cursor is None:
        session.add(SyncCursor(name=name, last_seq=last))
    else:
        cursor.last_seq = max(cursor.last_seq, last)
