from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import bindparam, case, func, select, true
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession

from core_sim.customers.models import AccountType, Customer
from core_sim.customers.schemas import AccountOut, CustomerOut
from core_sim.errors import NotFound
from core_sim.ledger.models import AccountKind, Entry, LedgerAccount, Posting
from core_sim.ledger.service import LINE_COLUMNS
from kobo_serving.database import fetch_rows


async def get_customer(session: AsyncSession, customer_id: str) -> Customer:
    customer = await session.get(Customer, customer_id)
    if customer is None:
        raise NotFound(f"Customer {customer_id} not found")
    return customer


async def account_types(session: AsyncSession) -> dict[int, AccountType]:
    return {t.id: t for t in (await session.scalars(select(AccountType))).all()}


# Accounts as the core answers them, with their type's name, as plain columns: the
# dashboard, every account check of the BFF and every intra-bank name look-up read them, so
# no ORM objects and no second query for the types.
ACCOUNTS = select(
    LedgerAccount.id,
    LedgerAccount.number,
    LedgerAccount.name,
    LedgerAccount.customer_id,
    LedgerAccount.account_type_id,
    AccountType.name.label("type_name"),
    LedgerAccount.status,
    LedgerAccount.balance_kobo,
    LedgerAccount.held_kobo,
    LedgerAccount.opened_at,
    LedgerAccount.line_count,
).outerjoin(AccountType, AccountType.id == LedgerAccount.account_type_id)
# A customer's accounts, built once (prebuilt statements skip SQLAlchemy's per-call work).
CUSTOMER_ACCOUNTS = (
    ACCOUNTS.where(LedgerAccount.customer_id == bindparam("customer_id"))
    .where(LedgerAccount.kind == AccountKind.CUSTOMER)
    .order_by(LedgerAccount.id)
)


def account_out(row: Mapping[Any, Any]) -> AccountOut:
    """An ACCOUNTS row (a mapping: `fetch_rows`' row, or a SQLAlchemy row's `_mapping`)."""
    return AccountOut(
        account_number=row["number"],
        account_name=row["name"],
        customer_id=row["customer_id"],
        account_type_id=row["account_type_id"],
        account_type_name=row["type_name"],
        status=row["status"],
        ledger_balance_kobo=row["balance_kobo"],
        available_balance_kobo=row["balance_kobo"] - row["held_kobo"],
        currency="NGN",
        opened_at=row["opened_at"],
    )


async def account(session: AsyncSession, number: str) -> AccountOut:
    """One account by number, in one query; NotFound if there is none."""
    row = (await session.execute(ACCOUNTS.where(LedgerAccount.number == number))).first()
    if row is None:
        raise NotFound(f"Account {number} not found")
    return account_out(row._mapping)


async def customer_account_rows(session: AsyncSession, customer_id: str) -> list[Mapping[Any, Any]]:
    """The customer's accounts as ACCOUNTS' rows, mappings (ledger id, line count and what
    the core answers), in one query; NotFound for an unknown customer. The customer is
    looked up only when there are no accounts: accounts imply their customer (a foreign
    key)."""
    connection = await session.connection()  # the raw driver on PostgreSQL
    rows = list(await fetch_rows(connection, CUSTOMER_ACCOUNTS, {"customer_id": customer_id}))
    if not rows:
        await get_customer(session, customer_id)
    return rows


async def customer_accounts(
    session: AsyncSession, customer_id: str
) -> list[tuple[int, AccountOut]]:
    """The customer's accounts (ledger id and what the core answers), in one query; NotFound
    for an unknown customer."""
    rows = await customer_account_rows(session, customer_id)
    return [(row["id"], account_out(row)) for row in rows]


# A dashboard's worth (GET /core/customers/{id}/activity) in two statements built once: the
# accounts, then this week's totals joined with the newest lines. The second finds the
# accounts by customer itself, so neither waits for the other's answer; a prebuilt statement
# also skips SQLAlchemy's per-call construction and cache-key work, which profiles showed as a
# tenth of the simulator's time for this call (issue 38).
_CUSTOMER_ACCOUNT_IDS = (
    select(LedgerAccount.id)
    .where(LedgerAccount.customer_id == bindparam("customer_id"))
    .where(LedgerAccount.kind == AccountKind.CUSTOMER)
)
_TOTALS = (
    select(
        func.count().label("lines_since"),
        func.coalesce(func.sum(case((Entry.amount_kobo > 0, Entry.amount_kobo))), 0).label(
            "credits_kobo"
        ),
        func.coalesce(func.sum(case((Entry.amount_kobo < 0, -Entry.amount_kobo))), 0).label(
            "debits_kobo"
        ),
    )
    .where(Entry.account_id.in_(_CUSTOMER_ACCOUNT_IDS), Entry.posted_at >= bindparam("since"))
    .add_columns(
        # The customer's savings pockets (core_sim/savings/), in the same statement.
        select(func.coalesce(func.sum(LedgerAccount.balance_kobo), 0))
        .where(LedgerAccount.customer_id == bindparam("customer_id"))
        .where(LedgerAccount.kind == AccountKind.SAVINGS)
        .scalar_subquery()
        .label("savings_kobo")
    )
    .subquery("totals")
)
_NEWEST = (
    select(LedgerAccount.number.label("account_number"), Entry.id.label("entry_id"), *LINE_COLUMNS)
    .join(Posting, Posting.id == Entry.posting_id)
    .join(LedgerAccount, LedgerAccount.id == Entry.account_id)
    .where(Entry.account_id.in_(_CUSTOMER_ACCOUNT_IDS))
    .order_by(Entry.posted_at.desc(), Entry.id.desc())
    .limit(bindparam("recent"))
    .subquery("newest")
)
# One row with the totals and no line when there are no lines.
TOTALS_AND_NEWEST = (
    select(_TOTALS, _NEWEST)
    .select_from(_TOTALS.outerjoin(_NEWEST, true()))
    .order_by(_NEWEST.c.posted_at.desc(), _NEWEST.c.entry_id.desc())
)

# The same on PostgreSQL, where the newest lines are found account by account (issue 57).
# `_NEWEST` above joins every line of the customer's accounts to its posting and sorts them
# all for the `recent` newest: EXPLAIN ANALYZE for Ada (3 accounts, 1,232 lines) showed 1,232
# rows joined and 4,987 buffers read, 2.3 ms of the database's time for 10 rows, growing
# with the history. Here each account gives its `recent` newest ids by walking the (account,
# posted_at) index backwards (LATERAL), the newest `recent` of those are kept, and only they
# are joined: the same rows at any length of history. SQLite has no LATERAL: it keeps
# `TOTALS_AND_NEWEST`.
_OWN = _CUSTOMER_ACCOUNT_IDS.subquery("own")
_PER_ACCOUNT = (
    select(Entry.id, Entry.posted_at)
    .where(Entry.account_id == _OWN.c.id)
    .order_by(Entry.posted_at.desc(), Entry.id.desc())
    .limit(bindparam("recent"))
    .lateral("per_account")
)
_PICKED = (
    select(_PER_ACCOUNT.c.id)
    .select_from(_OWN.join(_PER_ACCOUNT, true()))
    .order_by(_PER_ACCOUNT.c.posted_at.desc(), _PER_ACCOUNT.c.id.desc())
    .limit(bindparam("recent"))
    .subquery("picked")
)
_NEWEST_BY_ACCOUNT = (
    select(LedgerAccount.number.label("account_number"), Entry.id.label("entry_id"), *LINE_COLUMNS)
    .select_from(_PICKED)
    .join(Entry, Entry.id == _PICKED.c.id)
    .join(Posting, Posting.id == Entry.posting_id)
    .join(LedgerAccount, LedgerAccount.id == Entry.account_id)
    .subquery("newest")
)
TOTALS_AND_NEWEST_BY_ACCOUNT = (
    select(_TOTALS, _NEWEST_BY_ACCOUNT)
    .select_from(_TOTALS.outerjoin(_NEWEST_BY_ACCOUNT, true()))
    .order_by(_NEWEST_BY_ACCOUNT.c.posted_at.desc(), _NEWEST_BY_ACCOUNT.c.entry_id.desc())
)


@dataclass(frozen=True, slots=True)
class Activity:
    accounts: list[AccountOut]
    lines_since: int
    credits_since_kobo: int
    debits_since_kobo: int
    recent: list[Mapping[str, Any]]  # newest first, with LINE_COLUMNS and account_number
    version: str | None  # `activity_version` of the accounts above
    savings_kobo: int = 0  # the balances of the customer's savings pockets


async def customer_activity(
    connection: AsyncConnection, customer_id: str, since: datetime, recent: int
) -> Activity | None:
    """The customer's accounts, the totals of their lines since `since` and their `recent`
    newest lines; None when the customer has no accounts (the caller tells an unknown
    customer from one without accounts)."""
    # On the raw driver on PostgreSQL (`fetch_rows`): SQLAlchemy's execution was most of
    # what was left of the simulator's CPU for this call.
    accounts = await fetch_rows(connection, CUSTOMER_ACCOUNTS, {"customer_id": customer_id})
    if not accounts:
        return None
    rows = await fetch_rows(
        connection,
        TOTALS_AND_NEWEST_BY_ACCOUNT
        if connection.dialect.name == "postgresql"
        else TOTALS_AND_NEWEST,
        {"customer_id": customer_id, "since": since, "recent": recent},
    )
    first = rows[0]
    return Activity(
        accounts=[account_out(row) for row in accounts],
        lines_since=int(first["lines_since"]),
        credits_since_kobo=int(first["credits_kobo"]),
        debits_since_kobo=int(first["debits_kobo"]),
        recent=[row for row in rows if row["reference"] is not None],
        version=activity_version(accounts),
        savings_kobo=int(first["savings_kobo"] or 0),
    )


def activity_version(accounts: Sequence[Mapping[Any, Any]]) -> str | None:
    """The fingerprint of a customer's accounts (ACCOUNTS rows, ordered by id) that their
    activity and lines show: every posting adds to an account's `line_count` and moves its
    balance, every hold moves `held_kobo`, in the same transaction. None without accounts.

    The activity and the lines answer it beside what they read from those very rows, so a
    client that keeps their answers files each under the version it saw without asking
    `activity_versions` first (a hop per computed answer, issue 39)."""
    if not accounts:
        return None
    listed = [
        (
            int(a["id"]),
            str(a["name"]),
            a["account_type_id"],
            str(a["status"]),
            int(a["balance_kobo"]),
            int(a["held_kobo"]),
            int(a["line_count"]),
        )
        for a in accounts
    ]
    return hashlib.blake2b(repr(listed).encode(), digest_size=12).hexdigest()


# Every column `activity_version` reads, for many customers at once.
_VERSION_COLUMNS = select(
    LedgerAccount.customer_id,
    LedgerAccount.id,
    LedgerAccount.name,
    LedgerAccount.account_type_id,
    LedgerAccount.status,
    LedgerAccount.balance_kobo,
    LedgerAccount.held_kobo,
    LedgerAccount.line_count,
).where(LedgerAccount.kind == AccountKind.CUSTOMER)


async def activity_versions(session: AsyncSession, customer_ids: list[str]) -> dict[str, str]:
    """Each customer's `activity_version`, in one read. Customers without accounts are left
    out."""
    rows = (
        await session.execute(
            _VERSION_COLUMNS.where(LedgerAccount.customer_id.in_(set(customer_ids))).order_by(
                LedgerAccount.customer_id, LedgerAccount.id
            )
        )
    ).all()
    accounts: dict[str, list[Mapping[Any, Any]]] = {}
    for row in rows:
        accounts.setdefault(str(row.customer_id), []).append(row._mapping)
    versions = {customer_id: activity_version(listed) for customer_id, listed in accounts.items()}
    return {customer_id: version for customer_id, version in versions.items() if version}


def customer_out(customer: Customer) -> CustomerOut:
    return CustomerOut(
        customer_id=customer.id,
        first_name=customer.first_name,
        last_name=customer.last_name,
        email=customer.email,
        phone_number=customer.phone_number,
        bvn=customer.bvn,
        nin=customer.nin,
        date_of_birth=customer.date_of_birth,
        gender=customer.gender,
        address=customer.address,
        state_of_residence=customer.state_of_residence,
    )
