from __future__ import annotations

from typing import Annotated

import msgspec

from bff.passkeys.schemas import PasskeyAssertionIn
from bff.schemas import Amount, CamelStruct, DbInt, RequestStruct
from bff.transfers.schemas import BulkRows, SchedulePaymentSetting

Text = Annotated[str, msgspec.Meta(max_length=200)]


class ScheduledPaymentOut(CamelStruct):
    uuid: str
    client_id: int
    reference_number: str
    transfer_type: str
    source_account_number: str
    destination_account_number: str
    destination_account_name: str
    destination_bank_code: str
    destination_bank_name: str
    amount: float
    description: str
    schedule_date: str  # dd-mm-yyyy: the next (or last) due date
    interval: str | None
    repeat_payment: int
    runs_done: int
    status: str
    approved: bool
    failure_reason: str | None


class BulkScheduleIn(RequestStruct):
    bulk_schedule_transfer: BulkRows = msgspec.field(default_factory=list)
    schedule_payment_setting: SchedulePaymentSetting | None = None


class ApproveIn(RequestStruct):
    """The code (`otp`), or instead a passkey's approval of these payments (`passkey`, the
    assertion answering `POST …/schedule-payments/passkey-options`)."""

    reference_number: Annotated[str, msgspec.Meta(max_length=20)]
    otp: Annotated[str, msgspec.Meta(max_length=12)] | None = None
    passkey: PasskeyAssertionIn | None = None


class ScheduleRefIn(RequestStruct):
    reference_number: Annotated[str, msgspec.Meta(max_length=20)]


class EditIn(RequestStruct):
    uuid: Annotated[str, msgspec.Meta(max_length=36)]
    source_account_number: Text | None = None
    destination_account_number: Text | None = None
    destination_bank_code: Text | None = None
    amount: Amount | None = None
    description: Text | None = None
    schedule_date: Text | None = None  # yyyy-mm-dd (dd-mm-yyyy also accepted)
    interval: Text | None = None
    repeat_payment: DbInt | None = None


class EditedOut(CamelStruct):
    message: str
    approval_required: bool
    two_factor_authentication: str
    scheduled_payment: ScheduledPaymentOut
