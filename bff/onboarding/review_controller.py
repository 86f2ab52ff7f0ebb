"""/admin/api/onboarding: back-office review (role ADMIN only)."""

from __future__ import annotations

from litestar import Controller, get, post

from bff.onboarding.review import OnboardingReviewService
from bff.onboarding.review_schemas import ApplicantOut
from bff.onboarding.schemas import DocumentContentOut
from bff.openapi_errors import refuses
from bff.schemas import MessageOut, ReviewIn, RowId
from bff.users.principal import Principal


class AdminOnboardingController(Controller):
    path = "/admin/api/onboarding"
    tags = ["admin"]
    security = [{"bearer": []}]

    @get("/reviews", summary="Applicants with something waiting for review")
    async def pending(
        self, onboarding_review: OnboardingReviewService, admin: Principal
    ) -> list[ApplicantOut]:
        return await onboarding_review.pending()

    @get(
        "/applicants/{user_id:int}", summary="One applicant's onboarding in full", opt=refuses(404)
    )
    async def applicant(
        self, onboarding_review: OnboardingReviewService, admin: Principal, user_id: RowId
    ) -> ApplicantOut:
        return await onboarding_review.applicant(user_id)

    @post(
        "/applicants/{user_id:int}/basic-profile/review",
        status_code=200,
        summary="Approve or decline a basic profile",
        opt=refuses(404),
    )
    async def review_profile(
        self,
        onboarding_review: OnboardingReviewService,
        admin: Principal,
        user_id: RowId,
        data: ReviewIn,
    ) -> MessageOut:
        await onboarding_review.review_profile(admin.user, user_id, data)
        return MessageOut(message="Review saved")

    @post(
        "/documents/{document_id:int}/review",
        status_code=200,
        summary="Approve or decline a document",
        opt=refuses(404),
    )
    async def review_document(
        self,
        onboarding_review: OnboardingReviewService,
        admin: Principal,
        document_id: RowId,
        data: ReviewIn,
    ) -> MessageOut:
        await onboarding_review.review_document(admin.user, document_id, data)
        return MessageOut(message="Review saved")

    @get("/documents/{document_id:int}/download", summary="A document's content", opt=refuses(404))
    async def download(
        self, onboarding_review: OnboardingReviewService, admin: Principal, document_id: RowId
    ) -> DocumentContentOut:
        return DocumentContentOut(content=await onboarding_review.download(document_id))
