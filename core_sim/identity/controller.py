"""BVN and NIN look-ups (fault operations identity.bvn and identity.nin)."""

from __future__ import annotations

from typing import Annotated

import msgspec
from litestar import Controller, get
from litestar.params import Parameter
from sqlalchemy import select

from core_sim.customers.models import Customer
from core_sim.db import Database
from core_sim.errors import NotFound
from core_sim.faults.effects import apply_fault
from core_sim.faults.service import CallContext, take_fault
from core_sim.identity.models import IdentityRecord
from core_sim.identity.schemas import IdentityOut, ProspectOut
from core_sim.settings import SimSettings


def identity_out(record: IdentityRecord) -> IdentityOut:
    return msgspec.convert(record, IdentityOut, from_attributes=True)


async def _lookup(
    db: Database, settings: SimSettings, operation: str, column: str, number: str
) -> IdentityOut:
    fault = await take_fault(db, CallContext(operation, accounts=(number,)))
    await apply_fault(fault, settings.timeout_fault_ms)
    async with db.reader() as session:
        record = await session.scalar(
            select(IdentityRecord).where(getattr(IdentityRecord, column) == number)
        )
    if record is None:
        raise NotFound(f"No {column.upper()} record for {number}")
    return identity_out(record)


class IdentityController(Controller):
    tags = ["identity"]

    @get("/core/identity/bvn/{bvn:str}")
    async def bvn(self, db: Database, sim_settings: SimSettings, bvn: str) -> IdentityOut:
        return await _lookup(db, sim_settings, "identity.bvn", "bvn", bvn)

    @get("/core/identity/nin/{nin:str}")
    async def nin(self, db: Database, sim_settings: SimSettings, nin: str) -> IdentityOut:
        return await _lookup(db, sim_settings, "identity.nin", "nin", nin)

    @get("/sim/identities")
    async def prospects(
        self,
        db: Database,
        customers: bool | None = None,
        limit: Annotated[int, Parameter(ge=1, le=500)] = 50,
    ) -> list[ProspectOut]:
        """Registry records for testers; `customers=false` lists people who can register as new."""
        async with db.reader() as session:
            customer_bvns = set(
                (await session.scalars(select(Customer.bvn).where(Customer.bvn.is_not(None)))).all()
            )
            records = (
                await session.scalars(select(IdentityRecord).order_by(IdentityRecord.id))
            ).all()
        out = []
        for record in records:
            is_customer = record.bvn in customer_bvns
            if customers is not None and customers != is_customer:
                continue
            identity = msgspec.structs.asdict(identity_out(record))
            out.append(ProspectOut(**identity, is_customer=is_customer))
            if len(out) >= limit:
                break
        return out
