from __future__ import annotations

from typing import Annotated

import msgspec

from bff.schemas import CamelStruct, DbInt, RequestStruct

Text = Annotated[str, msgspec.Meta(max_length=200)]


class BasicProfile(CamelStruct):
    first_name: str
    last_name: str
    email: str
    phone_number: str
    bvn: str
    nin: str


class BasicProfileIn(RequestStruct):
    first_name: Text | None = None
    last_name: Text | None = None
    email: Text | None = None  # read-only: ignored
    phone_number: Text | None = None
    bvn: Text | None = None
    nin: Text | None = None


class OnboardingStatusOut(CamelStruct):
    basic_profile_status: str | None
    basic_profile_comment: str | None
    document_status: str | None
    document_comment: str | None
    bvn_status: str | None
    bvn_comment: str | None
    nin_status: str | None
    nin_comment: str | None
    onboarding_complete: bool
    # The selfie (docs/contract.md §16.6): REQUIRED, PASSED, FAILED or REFERRED.
    liveness_status: str = "REQUIRED"


class DocumentTypeOut(CamelStruct):
    core_banking_id: int
    name: str


class DocumentOut(CamelStruct):
    id: int | None
    document_type_id: DbInt
    document_name: str
    description: str | None
    mandatory: bool
    uploaded: bool
    status: str | None
    verification_comment: str | None


class DocumentUploadIn(RequestStruct):
    document_type_id: DbInt
    # ~2 MB of file as base64 plus the data-URL prefix; the service checks the real size.
    content: Annotated[str, msgspec.Meta(max_length=3_000_000)]
    core_banking_document_type_id: DbInt | None = None
    description: Text | None = None


class DocumentUploadedOut(CamelStruct):
    message: str
    document: DocumentOut


class DocumentContentOut(CamelStruct):
    content: str


class BusinessInformationOut(CamelStruct):
    required: bool
