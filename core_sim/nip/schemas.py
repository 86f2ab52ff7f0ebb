from __future__ import annotations

from datetime import datetime
from typing import Annotated

import msgspec

from core_sim.schemas import CamelStruct

BankCode = Annotated[str, msgspec.Meta(pattern=r"^\d{6}$")]
Nuban = Annotated[str, msgspec.Meta(pattern=r"^\d{10}$")]
Reference = Annotated[str, msgspec.Meta(pattern=r"^[A-Za-z0-9_-]{6,64}$")]


class NameInquiryIn(CamelStruct, forbid_unknown_fields=True):
    destination_institution_code: BankCode
    account_number: Nuban


class NameInquiryOut(CamelStruct):
    response_code: str
    response_message: str
    session_id: str | None
    account_number: str
    account_name: str | None
    destination_institution_code: str


class NipTransferIn(CamelStruct, forbid_unknown_fields=True):
    reference: Reference
    name_inquiry_ref: Annotated[str, msgspec.Meta(pattern=r"^\d{30}$")]
    debit_account: Nuban
    destination_institution_code: BankCode
    beneficiary_account: Nuban
    beneficiary_name: Annotated[str, msgspec.Meta(min_length=1, max_length=120)]
    amount_kobo: Annotated[int, msgspec.Meta(gt=0, le=10**15)]
    narration: Annotated[str, msgspec.Meta(min_length=1, max_length=200)]


class NipTransferOut(CamelStruct):
    reference: str
    session_id: str
    response_code: str
    response_message: str
    amount_kobo: int
    beneficiary_account: str
    destination_institution_code: str
    created_at: datetime


class TsqIn(CamelStruct, forbid_unknown_fields=True):
    reference: Reference


class TsqOut(CamelStruct):
    reference: str
    response_code: str
    response_message: str
    session_id: str | None
    amount_kobo: int | None


class ExternalAccountOut(CamelStruct):
    bank_code: str
    bank_name: str
    account_number: str
    account_name: str | None
    scenario: str | None


Reason = Annotated[str, msgspec.Meta(min_length=1, max_length=200)]
Reporter = Annotated[str, msgspec.Meta(min_length=1, max_length=120)]


class WatchListReportIn(CamelStruct, forbid_unknown_fields=True):
    """A bank reports an account as a mule; idempotent on `reference`."""

    reference: Reference
    bank_code: BankCode
    account_number: Nuban
    reason: Reason
    reported_by: Reporter


class SimWatchListIn(CamelStruct, forbid_unknown_fields=True):
    """A tester lists an account: the reference may be left out, the reporter too."""

    bank_code: BankCode
    account_number: Nuban
    reason: Reason
    reported_by: Reporter = "simulator"
    reference: Reference | None = None


class WatchListEntryOut(CamelStruct):
    seq: int
    bank_code: str
    account_number: str
    reason: str
    reported_by: str
    reported_at: datetime
    removed_at: datetime | None


class WatchListReportOut(WatchListEntryOut):
    """An entry with the reference it was reported under (the feed leaves it out)."""

    reference: str


class WatchListOut(CamelStruct):
    entries: list[WatchListEntryOut]
    last: int  # the highest seq in `entries`, or the `after` asked for
