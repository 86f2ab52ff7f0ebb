"""/api/onboarding…: basic profile, documents and the review status, for the signed-in user."""

from __future__ import annotations

from litestar import Controller, delete, get, post

from bff.errors import ValidationFailed
from bff.liveness.schemas import LivenessOut, SelfieIn
from bff.onboarding.schemas import (
    BasicProfile,
    BasicProfileIn,
    BusinessInformationOut,
    DocumentContentOut,
    DocumentOut,
    DocumentTypeOut,
    DocumentUploadedOut,
    DocumentUploadIn,
    OnboardingStatusOut,
)
from bff.onboarding.service import OnboardingService
from bff.openapi_errors import refuses
from bff.schemas import MessageOut, RowId
from bff.users.principal import Principal


class OnboardingController(Controller):
    path = "/api"
    tags = ["onboarding"]
    security = [{"bearer": []}]

    # The contract lists three paths for the same answer; each gets its own operation id.
    @get("/onboarding-statuses", summary="Review status of the four onboarding sections")
    async def statuses(
        self, onboarding: OnboardingService, applicant: Principal
    ) -> OnboardingStatusOut:
        return await onboarding.status(applicant.user)

    @get("/onboarding/status", summary="Same as /api/onboarding-statuses")
    async def status(
        self, onboarding: OnboardingService, applicant: Principal
    ) -> OnboardingStatusOut:
        return await onboarding.status(applicant.user)

    @get("/onboarding-status", summary="Same as /api/onboarding-statuses")
    async def status_alias(
        self, onboarding: OnboardingService, applicant: Principal
    ) -> OnboardingStatusOut:
        return await onboarding.status(applicant.user)

    @get("/onboarding/basic-profile", summary="The basic profile (prefilled from the bank)")
    async def get_basic_profile(
        self, onboarding: OnboardingService, applicant: Principal
    ) -> BasicProfile:
        return await onboarding.basic_profile(applicant.user)

    @post(
        "/onboarding/basic-profile",
        status_code=200,
        summary="Save and submit the basic profile",
        opt=refuses(409),
    )
    async def save_basic_profile(
        self, onboarding: OnboardingService, applicant: Principal, data: BasicProfileIn
    ) -> MessageOut:
        await onboarding.save_basic_profile(applicant.user, data)
        return MessageOut(message="Basic Profile updated successfully")

    @get("/onboarding/liveness", summary="The selfie step: its state and tries left")
    async def liveness(self, onboarding: OnboardingService, applicant: Principal) -> LivenessOut:
        return await onboarding.liveness_state(applicant.user)

    @post(
        "/onboarding/liveness",
        status_code=200,
        summary="A selfie, matched to the BVN photo (three tries, then a person)",
        opt=refuses(409, 503),
    )
    async def submit_selfie(
        self, onboarding: OnboardingService, applicant: Principal, data: SelfieIn
    ) -> LivenessOut:
        return await onboarding.submit_selfie(applicant.user, data.image)

    @get("/onboarding/business-information", summary="Not used by personal customers")
    async def get_business_information(self, applicant: Principal) -> BusinessInformationOut:
        return BusinessInformationOut(required=False)

    @post(
        "/onboarding/business-information",
        status_code=200,
        summary="Not used by personal customers",
        opt=refuses(400),
    )
    async def save_business_information(self, applicant: Principal) -> MessageOut:
        raise ValidationFailed("Business information is not required for personal accounts")

    @get("/onboarding/document-types", summary="Identity documents the customer may upload")
    async def document_types(
        self, onboarding: OnboardingService, applicant: Principal
    ) -> list[DocumentTypeOut]:
        return await onboarding.document_types()

    @get("/onboarding/documents", summary="Required documents and what was uploaded")
    async def documents(
        self, onboarding: OnboardingService, applicant: Principal
    ) -> list[DocumentOut]:
        return await onboarding.documents(applicant.user)

    @post(
        "/onboarding/documents",
        status_code=201,
        summary="Upload a document (PNG/JPEG, 2MB)",
        opt=refuses(409),
    )
    async def upload(
        self, onboarding: OnboardingService, applicant: Principal, data: DocumentUploadIn
    ) -> DocumentUploadedOut:
        document = await onboarding.upload(applicant.user, data)
        return DocumentUploadedOut(message="Document uploaded successfully", document=document)

    @get(
        "/onboarding/documents/{document_id:int}/download",
        summary="A document's content",
        opt=refuses(404),
    )
    async def download(
        self, onboarding: OnboardingService, applicant: Principal, document_id: RowId
    ) -> DocumentContentOut:
        return DocumentContentOut(content=await onboarding.download(applicant.user, document_id))

    @delete(
        "/onboarding/documents/{document_id:int}",
        status_code=200,
        summary="Delete a document",
        opt=refuses(404, 409),
    )
    async def remove(
        self, onboarding: OnboardingService, applicant: Principal, document_id: RowId
    ) -> MessageOut:
        await onboarding.delete(applicant.user, document_id)
        return MessageOut(message="Deleted successfully")
