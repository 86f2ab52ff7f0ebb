"""Opening customers and accounts (idempotent on the caller's reference, new NUBANs in
sequence), and an account's status."""

from __future__ import annotations

from datetime import date
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from core_sim.customers import service
from core_sim.customers.models import AccountType, Customer
from core_sim.customers.schemas import AccountOpenIn, AccountOut, CustomerCreatedOut, CustomerIn
from core_sim.db import Database, next_value
from core_sim.errors import Conflict, NotFound, NotPermitted, SimError
from core_sim.ledger import service as ledger
from core_sim.ledger.models import AccountKind, LedgerAccount
from core_sim.nuban import make_nuban

ACCOUNT_SERIAL = "account_serial"
FIRST_SERIAL = 105_000_000  # persona serials are 102…, Faker customers' 2030…
CUSTOMER_SEQUENCE = "customer_id"
FIRST_CUSTOMER = 20_000


async def open_account(
    session: AsyncSession,
    customer: Customer,
    account_type_id: int,
    reference: str,
    bank_code: str,
) -> LedgerAccount:
    existing = await session.scalar(
        select(LedgerAccount).where(LedgerAccount.opening_reference == reference)
    )
    if existing is not None:
        if existing.customer_id != customer.id or existing.account_type_id != account_type_id:
            raise Conflict("This reference was already used to open another account", code="94")
        return existing
    if await session.get(AccountType, account_type_id) is None:
        raise SimError(f"Unknown account type {account_type_id}", code="30")
    serial = await next_value(session, ACCOUNT_SERIAL, FIRST_SERIAL)
    number = make_nuban(bank_code, f"{serial:09d}")
    return await add_account(
        session, customer, number, account_type_id, opening_reference=reference
    )


async def add_account(
    session: AsyncSession, customer: Customer, number: str, account_type_id: int, **extra: Any
) -> LedgerAccount:
    """A new account of `customer`, in their name, flushed (it has its id). `extra`: more
    LedgerAccount columns (the opening reference; the seed's back-dated opened_at)."""
    account = LedgerAccount(
        number=number,
        name=f"{customer.first_name} {customer.last_name}",
        kind=AccountKind.CUSTOMER,
        customer_id=customer.id,
        account_type_id=account_type_id,
        **extra,
    )
    session.add(account)
    await session.flush()
    return account


async def create_customer(
    session: AsyncSession,
    *,
    reference: str,
    first_name: str,
    last_name: str,
    email: str,
    phone_number: str,
    bvn: str,
    nin: str | None,
    date_of_birth: date,
    gender: str,
    address: str,
    state_of_residence: str,
    employment_status: str | None,
    marital_status: str | None,
    account_type_id: int,
    bank_code: str,
) -> tuple[Customer, LedgerAccount]:
    """A new customer with a first account. The same reference returns the same pair."""
    existing = await session.scalar(
        select(Customer).where(Customer.creation_reference == reference)
    )
    if existing is not None:
        account = await session.scalar(
            select(LedgerAccount).where(LedgerAccount.opening_reference == reference)
        )
        if account is None:
            raise NotFound("Customer exists but its first account is missing")
        return existing, account
    if await session.scalar(select(Customer.id).where(Customer.bvn == bvn)) is not None:
        raise Conflict("A customer with this BVN already exists", code="26")
    sequence = await next_value(session, CUSTOMER_SEQUENCE, FIRST_CUSTOMER)
    customer = Customer(
        id=f"CIF{sequence:08d}",
        first_name=first_name,
        last_name=last_name,
        email=email,
        phone_number=phone_number,
        bvn=bvn,
        nin=nin,
        date_of_birth=date_of_birth,
        gender=gender,
        address=address,
        state_of_residence=state_of_residence,
        employment_status=employment_status,
        marital_status=marital_status,
        primary_account_type_id=account_type_id,
        creation_reference=reference,
    )
    session.add(customer)
    await session.flush()
    account = await open_account(session, customer, account_type_id, reference, bank_code)
    return customer, account


# -- What the controller answers: each in its own unit of work ------------------------------


async def open_customer(db: Database, data: CustomerIn, bank_code: str) -> CustomerCreatedOut:
    """A new customer with a first account; the same reference returns the same pair."""
    async with db.writer() as session:
        customer, account = await create_customer(
            session,
            reference=data.reference,
            first_name=data.first_name,
            last_name=data.last_name,
            email=data.email,
            phone_number=data.phone_number,
            bvn=data.bvn,
            nin=data.nin,
            date_of_birth=data.date_of_birth,
            gender=data.gender,
            address=data.address,
            state_of_residence=data.state_of_residence,
            employment_status=data.employment_status,
            marital_status=data.marital_status,
            account_type_id=data.account_type_id,
            bank_code=bank_code,
        )
        return CustomerCreatedOut(
            customer=service.customer_out(customer),
            account=await service.account(session, account.number),
        )


async def open_customer_account(
    db: Database, customer_id: str, data: AccountOpenIn, bank_code: str
) -> AccountOut:
    async with db.writer() as session:
        customer = await service.get_customer(session, customer_id)
        account = await open_account(
            session, customer, data.account_type_id, data.reference, bank_code
        )
        return await service.account(session, account.number)


async def set_account_status(db: Database, account_number: str, status: str) -> AccountOut:
    """Disable (or re-enable) a customer's account. A disabled account takes no postings."""
    async with db.writer() as session:
        account = await ledger.get_account(session, account_number)
        if account.kind != AccountKind.CUSTOMER:
            raise NotPermitted("Only customer accounts can change status")
        account.status = status
        return await service.account(session, account_number)
