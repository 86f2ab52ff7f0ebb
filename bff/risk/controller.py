"""/admin/api/risk/…: the fraud team's queue of held payments and flagged accounts."""

from __future__ import annotations

from typing import Annotated, Literal

from litestar import Controller, get, post
from litestar.params import Parameter

from bff.openapi_errors import refuses
from bff.risk.backoffice import RiskBackOffice
from bff.risk.schemas import CancelIn, RiskQueueItemOut
from bff.schemas import RowId, TextPath
from bff.users.principal import Principal

AccountNumber = Annotated[str, TextPath(10)]


class AdminRiskController(Controller):
    path = "/admin/api/risk"
    tags = ["admin"]
    security = [{"bearer": []}]

    @get("/queue", summary="Held payments and flagged accounts, soonest deadline first")
    async def queue(
        self,
        risk_back_office: RiskBackOffice,
        admin: Principal,
        all_items: Annotated[bool, Parameter(query="all")] = False,
    ) -> list[RiskQueueItemOut]:
        return await risk_back_office.queue(open_only=not all_items)

    @post(
        "/reviews/{review_id:int}/release",
        status_code=200,
        summary="Release a held payment: it is sent now",
        opt=refuses(404, 409),
    )
    async def release(
        self, risk_back_office: RiskBackOffice, admin: Principal, review_id: RowId
    ) -> RiskQueueItemOut:
        return await risk_back_office.release(admin.user, review_id)

    @post(
        "/reviews/{review_id:int}/cancel",
        status_code=200,
        summary="Cancel a held payment with a reason the customer reads; the money goes back",
        opt=refuses(404, 409),
    )
    async def cancel(
        self, risk_back_office: RiskBackOffice, admin: Principal, review_id: RowId, data: CancelIn
    ) -> RiskQueueItemOut:
        return await risk_back_office.cancel(admin.user, review_id, data.reason)

    @post(
        "/accounts/{account_number:str}/{decision:str}",
        status_code=200,
        summary="Clear a flagged account (outflows flow again) or confirm it as a mule",
        opt=refuses(404, 409),
    )
    async def decide_account(
        self,
        risk_back_office: RiskBackOffice,
        admin: Principal,
        account_number: AccountNumber,
        decision: Literal["clear", "confirm"],
    ) -> RiskQueueItemOut:
        return await risk_back_office.decide_account(admin.user, account_number, decision)
