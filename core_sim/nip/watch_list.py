"""NIBSS's watch-list of accounts reported as mules, as a feed banks follow.

A report is idempotent on the reporter's reference. Every change (a report, a removal) gives
the entry the next `seq` from one counter, whose row lock on PostgreSQL hands numbers out in
commit order: a follower that reads after the last `seq` it saw misses nothing. The seed
lists the magic accounts of fixtures/scenarios.json that carry a `watchList` report.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from core_sim.db import Database, next_value
from core_sim.errors import Conflict, NotFound, SimError
from core_sim.nip.models import WatchListEntry
from core_sim.nip.service import BANKS, SCENARIOS
from core_sim.simclock.state import utcnow

SEQUENCE = "watch_list_seq"
SIMULATOR = "simulator"


@dataclass(frozen=True, slots=True)
class Report:
    reference: str | None  # None: a tester's report, given a reference of its own
    bank_code: str
    account_number: str
    reason: str
    reported_by: str


async def report(db: Database, report: Report) -> tuple[WatchListEntry, bool]:
    """(the entry, whether this call listed it). The same reference again answers the entry
    it listed; with another account it is refused (409, 94)."""
    if report.bank_code not in BANKS:
        raise SimError(f"Unknown bank code {report.bank_code}", code="16")
    reference = report.reference or f"SIM-{secrets.token_hex(10)}"
    try:
        async with db.writer() as session:
            existing = await _by_reference(session, reference)
            if existing is None:
                return await _add(session, report, reference), True
    except IntegrityError:  # the same reference raced in: the first report stands
        async with db.reader() as session:
            existing = await _by_reference(session, reference)
        assert existing is not None
    if (existing.bank_code, existing.account_number) != (report.bank_code, report.account_number):
        raise Conflict("This reference was already used to report another account", code="94")
    return existing, False


async def _by_reference(session: AsyncSession, reference: str) -> WatchListEntry | None:
    return await session.scalar(select(WatchListEntry).where(WatchListEntry.reference == reference))


async def _add(session: AsyncSession, report: Report, reference: str) -> WatchListEntry:
    entry = WatchListEntry(
        seq=await next_value(session, SEQUENCE),
        bank_code=report.bank_code,
        account_number=report.account_number,
        reason=report.reason,
        reported_by=report.reported_by,
        reference=reference,
        reported_at=utcnow(),
    )
    session.add(entry)
    await session.flush()
    return entry


async def entries_after(session: AsyncSession, after: int, limit: int) -> list[WatchListEntry]:
    """The feed: entries changed after `after`, in the order of their changes."""
    rows = await session.scalars(
        select(WatchListEntry)
        .where(WatchListEntry.seq > after)
        .order_by(WatchListEntry.seq)
        .limit(limit)
    )
    return list(rows.all())


async def current(session: AsyncSession) -> list[WatchListEntry]:
    rows = await session.scalars(
        select(WatchListEntry)
        .where(WatchListEntry.removed_at.is_(None))
        .order_by(WatchListEntry.seq)
    )
    return list(rows.all())


async def remove(
    session: AsyncSession, bank_code: str, account_number: str
) -> list[WatchListEntry]:
    """Takes the account off the list: each of its current entries is removed, under a new
    `seq`. 404 when it is not listed."""
    entries = (
        await session.scalars(
            select(WatchListEntry)
            .where(
                WatchListEntry.bank_code == bank_code,
                WatchListEntry.account_number == account_number,
                WatchListEntry.removed_at.is_(None),
            )
            .order_by(WatchListEntry.seq)
            .with_for_update()
        )
    ).all()
    if not entries:
        raise NotFound(f"Account {account_number} at {bank_code} is not on the watch-list")
    now = utcnow()
    for entry in entries:
        entry.removed_at = now
        entry.seq = await next_value(session, SEQUENCE)
    await session.flush()
    return list(entries)


async def seed_magic(session: AsyncSession) -> None:
    """The magic accounts fixtures/scenarios.json lists with a `watchList` report."""
    for (bank_code, number), scenario in SCENARIOS.items():
        listed = scenario.get("watchList")
        if listed:
            await _add(
                session,
                Report(None, bank_code, number, listed["reason"], listed["reportedBy"]),
                listed["reference"],
            )
