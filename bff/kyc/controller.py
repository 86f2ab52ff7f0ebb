"""/api/kyc/…: the customer's KYC levels; /admin/api/kyc/…: level-3 review."""

from __future__ import annotations

from typing import Literal

from litestar import Controller, get, post

from bff.kyc.schemas import BiodataOut, KycDocumentOut, KycStatusOut, LevelIn
from bff.kyc.service import KycService
from bff.onboarding.schemas import DocumentContentOut
from bff.openapi_errors import refuses
from bff.schemas import MessageOut, ReviewIn, RowId
from bff.users.principal import Principal

SUBMITTED = "Details has been submitted successfully"


class KycController(Controller):
    path = "/api/kyc"
    tags = ["kyc"]
    security = [{"bearer": []}]

    @get("/status", summary="Current level and each level's status")
    async def status(self, kyc: KycService, customer: Principal) -> KycStatusOut:
        return await kyc.status(customer.user)

    @get("/biodata", summary="What the bank holds about the customer")
    async def biodata(self, kyc: KycService, customer: Principal) -> BiodataOut:
        return await kyc.biodata(customer.user)

    @get("/uploaded-documents", summary="Level-3 documents and their review")
    async def documents(self, kyc: KycService, customer: Principal) -> list[KycDocumentOut]:
        return await kyc.documents(customer.user)

    @post("/level-1", status_code=200, summary="BVN and/or NIN, checked at once", opt=refuses(409))
    async def level_1(self, kyc: KycService, customer: Principal, data: LevelIn) -> MessageOut:
        await kyc.submit_identity_level(customer.user, 1, data)
        return MessageOut(message=SUBMITTED)

    @post(
        "/level-2", status_code=200, summary="Both BVN and NIN, checked at once", opt=refuses(409)
    )
    async def level_2(self, kyc: KycService, customer: Principal, data: LevelIn) -> MessageOut:
        await kyc.submit_identity_level(customer.user, 2, data)
        return MessageOut(message=SUBMITTED)

    @post(
        "/level-3",
        status_code=200,
        summary="Utility bill and ID card, for review",
        opt=refuses(409),
    )
    async def level_3(self, kyc: KycService, customer: Principal, data: LevelIn) -> MessageOut:
        await kyc.submit_level_3(customer.user, data)
        return MessageOut(message=SUBMITTED)


class AdminKycController(Controller):
    path = "/admin/api/kyc"
    tags = ["admin"]
    security = [{"bearer": []}]

    @get("/reviews", summary="Level-3 submissions waiting for review")
    async def pending(self, kyc: KycService, admin: Principal) -> list[dict[str, object]]:
        return [
            {
                "id": r.id,
                "userId": r.user_id,
                "level": r.level,
                "status": r.status,
                "createdAt": r.created_at.isoformat(),
            }
            for r in await kyc.pending_reviews()
        ]

    @post(
        "/submissions/{submission_id:int}/review",
        status_code=200,
        summary="Approve or decline",
        opt=refuses(404),
    )
    async def review(
        self, kyc: KycService, admin: Principal, submission_id: RowId, data: ReviewIn
    ) -> MessageOut:
        await kyc.review(
            submission_id, data.decision == "APPROVE", data.comment, reviewer=admin.user
        )
        return MessageOut(message="Review saved")

    @get(
        "/submissions/{submission_id:int}/{which:str}",
        summary="utility-bill or id-card image",
        opt=refuses(404),
    )
    async def image(
        self,
        kyc: KycService,
        admin: Principal,
        submission_id: RowId,
        which: Literal["utility-bill", "id-card"],
    ) -> DocumentContentOut:
        return DocumentContentOut(content=await kyc.image(submission_id, which))
