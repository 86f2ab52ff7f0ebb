"""What the core answers about customers' accounts and their lines, each read in its own
unit of work, after the fault a tester set for it (`meet_fault`). The controller
(`controller.py`) only routes and validates; the statements live in `service.py` and
`core_sim/ledger/service.py`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession

from core_sim.customers import service
from core_sim.customers.schemas import (
    AccountLineOut,
    AccountLinesPageOut,
    AccountOut,
    AccountTypeOut,
    ActivityVersionOut,
    BalanceAtOut,
    CustomerActivityOut,
    CustomerLinesOut,
    CustomerOut,
    LinesPageOut,
    StatementLineOut,
)
from core_sim.db import Database
from core_sim.faults.effects import meet_fault
from core_sim.faults.service import CallContext
from core_sim.ledger import service as ledger
from core_sim.ledger.schemas import PostingEntryOut, PostingOut
from kobo_serving.database import fetch_rows

# A history page reaches at most this deep, and counts matching lines at most this far.
LINES_COUNT_CAP = 10_000
LINES_PAGE_MAX = 10_000

ACCOUNTS_READ = CallContext("accounts.read")


async def account_types(db: Database) -> list[AccountTypeOut]:
    async with db.reader() as session:
        types = await service.account_types(session)
    return [AccountTypeOut(id=t.id, name=t.name, code=t.code) for t in types.values()]


async def customer(db: Database, customer_id: str) -> CustomerOut:
    async with db.reader() as session:
        return service.customer_out(await service.get_customer(session, customer_id))


async def customer_accounts(
    db: Database, customer_id: str, timeout_fault_ms: int
) -> list[AccountOut]:
    await meet_fault(db, ACCOUNTS_READ, timeout_fault_ms)
    async with db.reader() as session:
        accounts = await service.customer_accounts(session, customer_id)
    return [account for _, account in accounts]


async def customer_activity(
    db: Database, customer_id: str, since: datetime, recent: int, timeout_fault_ms: int
) -> CustomerActivityOut:
    await meet_fault(db, ACCOUNTS_READ, timeout_fault_ms)
    async with db.plain_reader() as connection:
        activity = await service.customer_activity(connection, customer_id, since, recent)
    if activity is None:
        async with db.reader() as session:
            await service.get_customer(session, customer_id)  # NotFound when unknown
        activity = service.Activity([], 0, 0, 0, [], None)
    return CustomerActivityOut(
        accounts=activity.accounts,
        since=since,
        lines_since=activity.lines_since,
        credits_since_kobo=activity.credits_since_kobo,
        debits_since_kobo=activity.debits_since_kobo,
        recent=[_account_line_out(row) for row in activity.recent],
        version=activity.version,
        savings_kobo=activity.savings_kobo,
    )


async def activity_versions(
    db: Database, customer_ids: list[str], timeout_fault_ms: int
) -> list[ActivityVersionOut]:
    await meet_fault(db, ACCOUNTS_READ, timeout_fault_ms)
    async with db.reader() as session:
        versions = await service.activity_versions(session, customer_ids)
    return [ActivityVersionOut(customer_id=c, version=v) for c, v in versions.items()]


async def account(db: Database, account_number: str, timeout_fault_ms: int) -> AccountOut:
    await meet_fault(db, CallContext("accounts.read", accounts=(account_number,)), timeout_fault_ms)
    async with db.reader() as session:
        return await service.account(session, account_number)


async def balance_at(db: Database, account_number: str, at: datetime) -> BalanceAtOut:
    async with db.reader() as session:
        found = await ledger.get_account(session, account_number)
        balance = await ledger.balance_before(session, found, at)
    return BalanceAtOut(account_number=account_number, at=at, balance_kobo=balance)


async def posting(db: Database, reference: str) -> PostingOut:
    async with db.reader() as session:
        found, entries = await ledger.posting_with_accounts(session, reference)
    return PostingOut(
        reference=found.reference,
        kind=found.kind,
        narration=found.narration,
        posted_at=found.posted_at,
        entries=[
            PostingEntryOut(
                account_number=a.number,
                account_name=a.name,
                amount_kobo=e.amount_kobo,
                available_after_kobo=e.available_after_kobo,
                balance_after_kobo=e.balance_after_kobo,
                customer_id=a.customer_id,
                counterparty_number=e.counterparty_number,
                counterparty_name=e.counterparty_name,
            )
            for e, a in entries
        ],
    )


async def statement(
    db: Database, account_number: str, chosen: ledger.LineFilter, limit: int, offset: int
) -> list[StatementLineOut]:
    async with db.reader() as session:
        found = await ledger.get_account(session, account_number)
        rows = await ledger.statement(session, found.id, chosen, limit=limit, offset=offset)
    return [_line_out(row) for row in rows]


async def lines(
    db: Database, account_number: str, chosen: ledger.LineFilter, limit: int, offset: int
) -> LinesPageOut:
    async with db.reader() as session:
        found = await ledger.get_account(session, account_number)
        return await _lines_page(session, found.id, found.line_count, chosen, limit, offset)


async def customer_lines(
    db: Database,
    customer_id: str,
    account_number: str | None,
    chosen: ledger.LineFilter,
    limit: int,
    timeout_fault_ms: int,
) -> CustomerLinesOut:
    """The customer's accounts, and a page of each one's lines, or only of `account_number`
    when given (no page when it is not theirs: the caller answers that)."""
    await meet_fault(db, ACCOUNTS_READ, timeout_fault_ms)
    async with db.reader() as session:
        rows = await service.customer_account_rows(session, customer_id)
        connection = await session.connection()
        if connection.dialect.name == "postgresql":
            # Every account's page and count in one statement (`customer_pages_query`).
            pages = await _customer_pages(
                connection, customer_id, rows, account_number, chosen, limit
            )
            return CustomerLinesOut(
                accounts=[service.account_out(row) for row in rows],
                pages=pages,
                version=service.activity_version(rows),
            )
        pages = [
            AccountLinesPageOut(
                account_number=row["number"],
                page=await _lines_page(session, row["id"], row["line_count"], chosen, limit, 0),
            )
            for row in rows
            if account_number is None or row["number"] == account_number
        ]
    return CustomerLinesOut(
        accounts=[service.account_out(row) for row in rows],
        pages=pages,
        version=service.activity_version(rows),
    )


async def _customer_pages(
    connection: AsyncConnection,
    customer_id: str,
    rows: Sequence[Mapping[Any, Any]],
    account_number: str | None,
    chosen: ledger.LineFilter,
    limit: int,
) -> list[AccountLinesPageOut]:
    """`customer_lines`' pages in one statement (PostgreSQL), in the order of `rows`."""
    params = chosen.params(0) | {
        "customer_id": customer_id,
        "account_number": account_number,
        "limit": limit,
        "up_to": LINES_COUNT_CAP + 1,
    }
    query = ledger.customer_pages_query(chosen.shape(), account_number is not None)
    found: dict[int, tuple[int, list[StatementLineOut]]] = {}
    for line in await fetch_rows(connection, query, params):
        matched, lines = found.setdefault(int(line["account_id"]), (int(line["matched"]), []))
        if line["reference"] is not None:
            lines.append(_line_out(line))
    pages = []
    for row in rows:
        if int(row["id"]) not in found:
            continue
        matched, lines = found[int(row["id"])]
        page = LinesPageOut(
            lines=lines,
            total=min(matched, LINES_COUNT_CAP),
            total_is_exact=matched <= LINES_COUNT_CAP,
        )
        pages.append(AccountLinesPageOut(account_number=row["number"], page=page))
    return pages


async def _lines_page(
    session: AsyncSession,
    account_id: int,
    line_count: int,
    chosen: ledger.LineFilter,
    limit: int,
    offset: int,
) -> LinesPageOut:
    """A page of one account's matching lines, newest first, and how many match (counted
    up to LINES_COUNT_CAP; `totalIsExact` says whether the count stopped there)."""
    rows = await ledger.statement(session, account_id, chosen, limit=limit, offset=offset)
    total = await ledger.count_lines(
        session, account_id, line_count, chosen, up_to=LINES_COUNT_CAP + 1
    )
    return LinesPageOut(
        lines=[_line_out(row) for row in rows],
        total=min(total, LINES_COUNT_CAP),
        total_is_exact=total <= LINES_COUNT_CAP,
    )


def _account_line_out(row: Mapping[Any, Any]) -> AccountLineOut:
    line = _line_out(row)
    fields = {name: getattr(line, name) for name in StatementLineOut.__struct_fields__}
    return AccountLineOut(account_number=row["account_number"], **fields)


def _line_out(row: Mapping[Any, Any]) -> StatementLineOut:
    """A line with LINE_COLUMNS, as a mapping (`fetch_rows`' row or a row's `_mapping`)."""
    return StatementLineOut(
        posting_reference=row["reference"],
        kind=row["kind"],
        narration=row["narration"],
        amount_kobo=row["amount_kobo"],
        balance_after_kobo=row["balance_after_kobo"],
        available_after_kobo=row["available_after_kobo"],
        counterparty_number=row["counterparty_number"],
        counterparty_name=row["counterparty_name"],
        posted_at=row["posted_at"],
    )
