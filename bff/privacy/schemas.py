"""Wire structs of the customer's data rights (docs/contract.md §14.6)."""

from __future__ import annotations

from typing import Annotated

import msgspec

from bff.passkeys.schemas import Code, PasskeyAssertionIn
from bff.schemas import CamelStruct, RequestStruct


class ProcessingOut(CamelStruct):
    what: str
    why: str
    legal_basis: str
    kept_for: str
    recipients: list[str]
    erased_on_request: bool


class RecordOut(CamelStruct):
    controller: str
    contact: str
    rights: str
    retention: str
    processing: list[ProcessingOut]


class ExportIn(RequestStruct):
    """Without `otp` or `passkey` a code is sent (202); with one, the archive is asked for."""

    otp: Code | None = None
    passkey: PasskeyAssertionIn | None = None


class ExportOut(CamelStruct):
    id: int
    status: str  # PREPARING, READY, DOWNLOADED, DELETED, FAILED
    status_label: str
    requested_at: str  # ISO 8601
    ready_at: str | None
    link_expires_at: str | None
    delete_after: str | None


class ExportRequestedOut(CamelStruct):
    message: str
    export: ExportOut


class DownloadIn(RequestStruct):
    token: Annotated[str, msgspec.Meta(min_length=1, max_length=100, pattern=r"^[A-Za-z0-9_-]+$")]


class ConsentIn(RequestStruct):
    channel: Annotated[str, msgspec.Meta(max_length=10)]  # SMS or EMAIL
    given: bool


class ConsentLogOut(CamelStruct):
    channel: str  # SMS or EMAIL
    channel_label: str
    given: bool
    at: str  # ISO 8601


class ConsentsOut(CamelStruct):
    marketing_sms: bool
    marketing_email: bool
    alerts_note: str
    log: list[ConsentLogOut]


class DataRequestIn(RequestStruct):
    multiline_fields = frozenset({"details"})

    kind: Annotated[str, msgspec.Meta(max_length=20)] | None = None  # CORRECTION or ERASURE
    details: Annotated[str, msgspec.Meta(max_length=2_000)] | None = None


class DataRequestOut(CamelStruct):
    tracking_number: str
    kind: str
    kind_label: str
    status: str  # RECEIVED, DONE, REJECTED
    status_label: str
    details: str
    created_at: str  # ISO 8601
    answer_by: str  # dd-mm-yyyy hh:mm WAT
    answer_by_utc: str  # ISO 8601
    past_deadline: bool
    answer: str | None
    ticket_id: int


class DataRequestCreatedOut(CamelStruct):
    message: str
    request: DataRequestOut


class AdminDataRequestOut(DataRequestOut):
    user_id: int
    customer_name: str
    customer_email: str


class AnswerIn(RequestStruct):
    multiline_fields = frozenset({"answer"})

    answer: Annotated[str, msgspec.Meta(max_length=2_000)] | None = None


class OfferIn(RequestStruct):
    multiline_fields = frozenset({"text"})

    channel: Annotated[str, msgspec.Meta(max_length=10)] | None = None  # SMS or EMAIL
    subject: Annotated[str, msgspec.Meta(max_length=120)] | None = None  # e-mail only
    text: Annotated[str, msgspec.Meta(max_length=2_000)] | None = None


class OfferSentOut(CamelStruct):
    recipients: int  # queued: the open profiles whose consent on the channel is in force
