"""BVN and NIN records: the look-ups the BFF makes (after the fault a tester set for them),
and the registry as testers list it."""

from __future__ import annotations

import msgspec
from sqlalchemy import select

from core_sim.customers.models import Customer
from core_sim.db import Database
from core_sim.errors import NotFound
from core_sim.faults.effects import meet_fault
from core_sim.faults.service import CallContext
from core_sim.identity.models import IdentityRecord
from core_sim.identity.schemas import IdentityOut


def identity_out(record: IdentityRecord) -> IdentityOut:
    return msgspec.convert(record, IdentityOut, from_attributes=True)


async def lookup(
    db: Database, timeout_fault_ms: int, operation: str, column: str, number: str
) -> IdentityOut:
    await meet_fault(db, CallContext(operation, accounts=(number,)), timeout_fault_ms)
    async with db.reader() as session:
        record = await session.scalar(
            select(IdentityRecord).where(getattr(IdentityRecord, column) == number)
        )
    if record is None:
        raise NotFound(f"No {column.upper()} record for {number}")
    return identity_out(record)


async def records_and_customer_bvns(db: Database) -> tuple[list[IdentityRecord], set[str]]:
    """Every registry record in order, and the BVNs that already belong to customers."""
    async with db.reader() as session:
        customer_bvns = set(
            (await session.scalars(select(Customer.bvn).where(Customer.bvn.is_not(None)))).all()
        )
        records = (await session.scalars(select(IdentityRecord).order_by(IdentityRecord.id))).all()
    return list(records), {bvn for bvn in customer_bvns if bvn}
