from __future__ import annotations

import hashlib
from typing import Any

from sqlalchemy import Row, select
from sqlalchemy.ext.asyncio import AsyncSession

from core_sim.customers.models import AccountType, Customer
from core_sim.customers.schemas import AccountOut, CustomerOut
from core_sim.errors import NotFound
from core_sim.ledger.models import AccountKind, LedgerAccount


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
).outerjoin(AccountType, AccountType.id == LedgerAccount.account_type_id)


def _account_out(row: Row[*tuple[Any, ...]]) -> AccountOut:
    return AccountOut(
        account_number=row.number,
        account_name=row.name,
        customer_id=row.customer_id,
        account_type_id=row.account_type_id,
        account_type_name=row.type_name,
        status=row.status,
        ledger_balance_kobo=row.balance_kobo,
        available_balance_kobo=row.balance_kobo - row.held_kobo,
        currency="NGN",
        opened_at=row.opened_at,
    )


async def account(session: AsyncSession, number: str) -> AccountOut:
    """One account by number, in one query; NotFound if there is none."""
    row = (await session.execute(ACCOUNTS.where(LedgerAccount.number == number))).first()
    if row is None:
        raise NotFound(f"Account {number} not found")
    return _account_out(row)


async def customer_accounts(
    session: AsyncSession, customer_id: str
) -> list[tuple[int, AccountOut]]:
    """The customer's accounts (ledger id and what the core answers), in one query; NotFound
    for an unknown customer. The customer is looked up only when there are no accounts:
    accounts imply their customer (a foreign key)."""
    rows = (
        await session.execute(
            ACCOUNTS.where(LedgerAccount.customer_id == customer_id)
            .where(LedgerAccount.kind == AccountKind.CUSTOMER)
            .order_by(LedgerAccount.id)
        )
    ).all()
    if not rows:
        await get_customer(session, customer_id)
    return [(row.id, _account_out(row)) for row in rows]


async def activity_versions(session: AsyncSession, customer_ids: list[str]) -> dict[str, str]:
    """Each customer's fingerprint of their accounts as their activity and lines show them:
    every posting adds to an account's `line_count` and moves its balance, every hold moves
    `held_kobo`, in the same transaction. Customers without accounts are left out."""
    rows = (
        await session.execute(
            select(
                LedgerAccount.customer_id,
                LedgerAccount.id,
                LedgerAccount.name,
                LedgerAccount.account_type_id,
                LedgerAccount.status,
                LedgerAccount.balance_kobo,
                LedgerAccount.held_kobo,
                LedgerAccount.line_count,
            )
            .where(LedgerAccount.customer_id.in_(set(customer_ids)))
            .where(LedgerAccount.kind == AccountKind.CUSTOMER)
            .order_by(LedgerAccount.customer_id, LedgerAccount.id)
        )
    ).all()
    accounts: dict[str, list[tuple[object, ...]]] = {}
    for customer_id, *account in rows:
        accounts.setdefault(str(customer_id), []).append(tuple(account))
    return {
        customer_id: hashlib.blake2b(repr(listed).encode(), digest_size=12).hexdigest()
        for customer_id, listed in accounts.items()
    }


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
