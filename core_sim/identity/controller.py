"""BVN and NIN look-ups (fault operations identity.bvn and identity.nin)."""

from __future__ import annotations

from typing import Annotated

import msgspec
from litestar import Controller, get, post
from litestar.params import Parameter

from core_sim.db import Database
from core_sim.identity import liveness, service
from core_sim.identity.schemas import IdentityOut, LivenessIn, LivenessOut, ProspectOut
from core_sim.settings import SimSettings


class IdentityController(Controller):
    tags = ["identity"]

    @get("/core/identity/bvn/{bvn:str}")
    async def bvn(self, db: Database, sim_settings: SimSettings, bvn: str) -> IdentityOut:
        return await service.lookup(db, sim_settings.timeout_fault_ms, "identity.bvn", "bvn", bvn)

    @get("/core/identity/nin/{nin:str}")
    async def nin(self, db: Database, sim_settings: SimSettings, nin: str) -> IdentityOut:
        return await service.lookup(db, sim_settings.timeout_fault_ms, "identity.nin", "nin", nin)

    @post("/core/identity/liveness", status_code=200)
    async def check_liveness(
        self, db: Database, sim_settings: SimSettings, data: LivenessIn
    ) -> LivenessOut:
        """Liveness and face match of a selfie against a BVN or NIN record (fault operation
        identity.liveness); idempotent on `reference`."""
        return await liveness.check(db, data, sim_settings.timeout_fault_ms)

    @get("/sim/identities")
    async def prospects(
        self,
        db: Database,
        customers: bool | None = None,
        limit: Annotated[int, Parameter(ge=1, le=500)] = 50,
    ) -> list[ProspectOut]:
        """Registry records for testers; `customers=false` lists people who can register as new."""
        records, customer_bvns = await service.records_and_customer_bvns(db)
        out = []
        for record in records:
            is_customer = record.bvn in customer_bvns
            if customers is not None and customers != is_customer:
                continue
            identity = msgspec.structs.asdict(service.identity_out(record))
            out.append(ProspectOut(**identity, is_customer=is_customer))
            if len(out) >= limit:
                break
        return out
