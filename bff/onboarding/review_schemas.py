"""What back-office staff see of an applicant waiting for review."""

from __future__ import annotations

from datetime import datetime

from bff.onboarding.schemas import BasicProfile, OnboardingStatusOut
from bff.schemas import CamelStruct


class ReviewDocumentOut(CamelStruct):
    id: int
    document_type_id: int
    document_name: str
    description: str
    status: str
    verification_comment: str | None
    uploaded_at: datetime


class ApplicantOut(CamelStruct):
    user_id: int
    first_name: str
    last_name: str
    email: str
    basic_profile: BasicProfile | None
    status: OnboardingStatusOut
    documents: list[ReviewDocumentOut]
