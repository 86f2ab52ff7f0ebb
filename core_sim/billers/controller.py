"""/billers/…: catalogue, customer validation, vend and requery."""

from __future__ import annotations

from litestar import Controller, get, post

from core_sim.billers import service
from core_sim.billers.models import Vend
from core_sim.billers.schemas import CatalogOut, RequeryIn, ValidateIn, ValidateOut, VendIn, VendOut
from core_sim.db import Database
from core_sim.response_codes import NIP_MESSAGES
from core_sim.settings import SimSettings


def vend_out(record: Vend) -> VendOut:
    return VendOut(
        reference=record.reference,
        response_code=record.response_code,
        response_message=NIP_MESSAGES.get(record.response_code, ""),
        token=record.token,
        units=record.units,
    )


class BillersController(Controller):
    path = "/billers"
    tags = ["billers"]

    @get("/catalog")
    async def catalog(self) -> CatalogOut:
        return CatalogOut(catalog=service.CATALOG)

    @post("/validate", status_code=200)
    async def validate(
        self, db: Database, sim_settings: SimSettings, data: ValidateIn
    ) -> ValidateOut:
        code, customer = await service.validate(
            db,
            data.category,
            data.provider_code,
            data.customer_number,
            sim_settings.timeout_fault_ms,
        )
        return ValidateOut(
            response_code=code,
            response_message=NIP_MESSAGES.get(code, ""),
            name=customer.name if customer else None,
            phone=customer.phone if customer else None,
            address=customer.address if customer else None,
        )

    @post("/vend", status_code=200)
    async def vend(self, db: Database, sim_settings: SimSettings, data: VendIn) -> VendOut:
        """Idempotent on `reference`; `00` with a token (prepaid electricity), a decline,
        or `09` in progress (requery)."""
        return vend_out(await service.vend(db, data, sim_settings.timeout_fault_ms))

    @post("/requery", status_code=200)
    async def requery(self, db: Database, sim_settings: SimSettings, data: RequeryIn) -> VendOut:
        record = await service.requery(
            db, data.reference, timeout_fault_ms=sim_settings.timeout_fault_ms
        )
        return vend_out(record)
