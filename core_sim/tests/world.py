"""A tiny ledger world for unit and property tests (the full seed is for API tests)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession

from core_sim.db import Database
from core_sim.ledger import service as ledger
from core_sim.ledger.models import AccountKind, LedgerAccount
from core_sim.seed import BANK_ACCOUNTS, FUNDING

CUSTOMER_ACCOUNTS = ("1000000001", "1000000002", "1000000003")


async def build(
    db: Database,
    opening_kobo: tuple[int, ...] = (50_000, 20_000, 0),
    opened_at: datetime | None = None,
) -> None:
    """The bank's accounts and three customers' with their opening balances, posted at
    `opened_at` (the simulator's now when None)."""
    await db.create_schema(drop_first=True)
    async with db.writer() as session:
        for number, name, kind in BANK_ACCOUNTS:
            session.add(LedgerAccount(number=number, name=name, kind=kind, allow_negative=True))
        for number in CUSTOMER_ACCOUNTS:
            session.add(
                LedgerAccount(number=number, name=f"Customer {number}", kind=AccountKind.CUSTOMER)
            )
        await session.flush()
        for number, kobo in zip(CUSTOMER_ACCOUNTS, opening_kobo, strict=True):
            if kobo:
                await fund(session, number, kobo, opened_at)


async def fund(
    session: AsyncSession, number: str, kobo: int, posted_at: datetime | None = None
) -> None:
    """The account's opening balance, from the bank's capital (watched by nothing)."""
    await ledger.post(
        session,
        reference=f"OPEN-{number}",
        kind="SEED",
        narration="Opening",
        legs=[ledger.Leg(FUNDING, -kobo), ledger.Leg(number, kobo)],
        posted_at=posted_at,
    )


async def template(databases, label: str, build: Callable[[Database], Awaitable[None]]) -> str:  # type: ignore[no-untyped-def]
    """A database built once by `build`, for each test and each property example to start
    from a copy (building it on a new PostgreSQL database took about 2 s an example)."""
    url: str = databases.new(label)
    database = Database(url)
    await build(database)
    await database.dispose()  # a template must have no connections when it is copied
    return url


async def line_counts(db: Database) -> dict[str, tuple[int, int]]:
    """number -> (the account's own line count, its entries counted) for every account."""
    from sqlalchemy import func, select

    from core_sim.ledger.models import Entry

    counted = select(func.count()).where(Entry.account_id == LedgerAccount.id).scalar_subquery()
    async with db.reader() as session:
        rows = (
            await session.execute(select(LedgerAccount.number, LedgerAccount.line_count, counted))
        ).all()
    return {number: (kept, real) for number, kept, real in rows}


def counts_agree(counts: dict[str, tuple[int, int]]) -> bool:
    return all(kept == real for kept, real in counts.values())


async def balances(db: Database) -> dict[str, tuple[int, int]]:
    """number -> (balance, held) for every ledger account."""
    from sqlalchemy import select

    async with db.reader() as session:
        rows = (await session.scalars(select(LedgerAccount))).all()
    return {a.number: (a.balance_kobo, a.held_kobo) for a in rows}
