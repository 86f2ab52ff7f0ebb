"""A vend's outside calls, as `Lifecycle.drive` makes them (`HeldPayment`): hold the
customer's money, ask the biller to vend (or requery), then settle the hold to the biller
settlement account or release it. Each call carries the vend's id as its reference. Only the
core and the vend's own row are touched: nothing calls back into the bill service."""

from __future__ import annotations

from sqlalchemy import update

from bff.bills.messages import failure_message
from bff.bills.models import ProductType, Vend
from bff.core_client import CoreClient, CorePosting
from bff.db import Database

BILLER_SETTLEMENT = "GL-BILLER-SETTLEMENT"


class BillerVend:
    def __init__(self, db: Database, core: CoreClient, vend: Vend, customer_id: str | None) -> None:
        self.db = db
        self.core = core
        self.vend = vend
        # The paying customer when known (a confirm): the core refuses to hold another
        # customer's money, whatever the BFF checked before.
        self.customer_id = customer_id
        self.narration = vend.narration()  # the core's statement reads like Kobo's

    async def hold(self) -> None:
        vend = self.vend
        await self.core.place_hold(
            vend.id, vend.source_account, vend.amount_kobo, self.narration, self.customer_id
        )

    async def send(self) -> str:
        vend = self.vend
        answer = await self.core.biller_vend(
            {
                "reference": vend.id,
                "category": ProductType.CATEGORY[vend.product_type],
                "providerCode": vend.provider_code,
                "customerNumber": vend.customer_number,
                "amountKobo": vend.amount_kobo,
                "productCode": vend.product_code,
                "meterType": vend.meter_type,
            }
        )
        await self._keep_token(answer.token, answer.units)
        return answer.response_code

    async def query(self) -> str:
        answer = await self.core.biller_requery(self.vend.id)
        await self._keep_token(answer.token, answer.units)
        return answer.response_code

    async def settle(self) -> CorePosting | None:
        held = await self.core.post_hold(self.vend.id, BILLER_SETTLEMENT, self.narration)
        return held.posting

    async def release(self) -> None:
        vend = self.vend
        await self.core.void_hold(vend.id, vend.source_account, vend.amount_kobo)

    def failure_message(self, code: str | None) -> str:
        return failure_message(code)

    async def _keep_token(self, token: str | None, units: str | None) -> None:
        if token or units:
            async with self.db.transaction() as session:
                await session.execute(
                    update(Vend).where(Vend.id == self.vend.id).values(token=token, units=units)
                )
