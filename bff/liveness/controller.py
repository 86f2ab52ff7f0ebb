"""/api/ibanking/personal/liveness: a returning profile's selfie; /admin/api/liveness: the
selfies three failed tries sent to a person."""

from __future__ import annotations

import base64

from litestar import Controller, get, post

from bff.liveness.models import LivenessStatus
from bff.liveness.schemas import LivenessDecisionIn, LivenessOut, ReferredOut, SelfieIn
from bff.liveness.service import LivenessService
from bff.openapi_errors import refuses
from bff.schemas import MessageOut, RowId
from bff.users.principal import Principal


class LivenessController(Controller):
    path = "/api/ibanking/personal/liveness"
    tags = ["settings"]
    security = [{"bearer": []}]

    @get("/", summary="Whether this profile owes a selfie before money leaves it")
    async def liveness_state(self, liveness: LivenessService, customer: Principal) -> LivenessOut:
        return await liveness.state(customer.user.id, LivenessStatus.NOT_REQUIRED)

    @post(
        "/",
        status_code=200,
        summary="A selfie, matched to the BVN photo: a returning profile sends money again",
        opt=refuses(409, 503),
    )
    async def submit_selfie(
        self, liveness: LivenessService, customer: Principal, data: SelfieIn
    ) -> LivenessOut:
        return await liveness.submit_returning(customer.user, data.image)


class AdminLivenessController(Controller):
    path = "/admin/api/liveness"
    tags = ["admin"]
    security = [{"bearer": []}]

    @get("/referred", summary="Selfies three failed tries sent to a person, oldest first")
    async def referred(self, liveness: LivenessService, admin: Principal) -> list[ReferredOut]:
        return await liveness.referred()

    @get("/{user_id:int}/selfie", summary="The referred selfie, to compare", opt=refuses(404))
    async def selfie(
        self, liveness: LivenessService, admin: Principal, user_id: RowId
    ) -> MessageOut:
        content = await liveness.selfie(user_id)
        kind = "png" if content.startswith(b"\x89PNG") else "jpeg"
        return MessageOut(message=f"data:image/{kind};base64,{base64.b64encode(content).decode()}")

    @post("/{user_id:int}/approve", status_code=200, summary="It is them", opt=refuses(404))
    async def approve(
        self, liveness: LivenessService, admin: Principal, user_id: RowId
    ) -> MessageOut:
        await liveness.decide(admin.user, user_id, True, None)
        return MessageOut(message="The selfie is approved")

    @post(
        "/{user_id:int}/decline",
        status_code=200,
        summary="Not them: the customer takes a new selfie (three new tries)",
        opt=refuses(404),
    )
    async def decline(
        self,
        liveness: LivenessService,
        admin: Principal,
        user_id: RowId,
        data: LivenessDecisionIn,
    ) -> MessageOut:
        await liveness.decide(admin.user, user_id, False, data.reason)
        return MessageOut(message="The selfie is declined")
