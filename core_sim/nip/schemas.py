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
