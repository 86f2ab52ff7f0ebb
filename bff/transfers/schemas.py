from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from bff.accounts.schemas import AccountOut
from bff.passkeys.schemas import PasskeyAssertionIn
from bff.risk.schemas import RiskWarningOut
from bff.schemas import Amount, CamelStruct, DbInt, RequestStruct

Text = Annotated[str, msgspec.Meta(max_length=200)]
Code = Annotated[str, msgspec.Meta(max_length=12)]


class BankOut(CamelStruct):
    institution_name: str
    institution_code: str


class NameInquiryIn(RequestStruct):
    account_number: Text | None = None
    bank_code: Text | None = None


class BalancesOut(CamelStruct):
    accounts: list[AccountOut]
    total_current_balance: float
    total_available_balance: float
    this_week_inwards: float
    this_week_outwards: float


class SchedulePaymentSetting(RequestStruct):
    schedule_payment_date: Text | None = None
    continuous: bool = False
    scheduled_interval: Text | None = None
    repeat_payment: DbInt | None = None


class TransferIn(RequestStruct):
    source_account_number: Text | None = None
    destination_account_number: Text | None = None
    destination_bank_code: Text | None = None
    amount: Amount | None = None
    description: Text | None = None
    save_as_beneficiary: bool = False
    schedule_transaction: bool = False
    schedule_payment_setting: SchedulePaymentSetting | None = None
    # Optional on single transfers (the server looks the name up again anyway).
    name_inquiry_reference: Text | None = None
    destination_account_name: Text | None = None
    destination_bank_name: Text | None = None


class BulkTransferRow(RequestStruct):
    source_account_number: Text | None = None
    destination_account_number: Text | None = None
    destination_bank_code: Text | None = None
    destination_account_name: Text | None = None
    destination_bank_name: Text | None = None
    name_inquiry_reference: Text | None = None
    amount: Amount | None = None
    description: Text | None = None


# The most rows one bulk transfer (or bulk schedule) takes; msgspec refuses more with a 400.
MAX_BULK_ROWS = 100
BulkRows = Annotated[list[BulkTransferRow], msgspec.Meta(max_length=MAX_BULK_ROWS)]


class BulkTransferIn(RequestStruct):
    transfers: BulkRows = msgspec.field(default_factory=list)


TransferStatus = Literal["AWAITING_OTP", "PROCESSING", "PENDING", "COMPLETED", "FAILED"]


class TransferOut(CamelStruct):
    id: str
    # The same value as `id`: the reference the customer sees in history, receipts and SMS.
    reference_number: str
    status: TransferStatus
    transfer_type: str
    source_account_number: str
    destination_account_number: str
    destination_account_name: str
    destination_bank_code: str
    destination_bank_name: str
    amount: float
    description: str
    response_code: str | None
    message: str | None
    session_id: str | None
    date_created: str
    # Held for a check by the bank's team (the risk check): PENDING, the money reserved and
    # not sent until the team releases it (docs/contract.md "Payment risk check").
    held_for_review: bool = False


class PendingTransferOut(CamelStruct):
    """Initiation's answer: the transfer waits for the code."""

    id: str
    status: TransferStatus
    message: str
    two_factor_authentication: str
    transfer: TransferOut
    # The customer has a passkey: the dialog offers "Approve with passkey" first (the code
    # was sent all the same, for "Use a code instead").
    passkey_approval: bool = False
    risk_warning: RiskWarningOut | None = None


class BulkPendingOut(CamelStruct):
    id: str
    status: TransferStatus
    message: str
    two_factor_authentication: str
    transfers: list[TransferOut]
    total_amount: float
    # As for a single transfer: the dialog offers "Approve with passkey" first.
    passkey_approval: bool = False
    risk_warning: RiskWarningOut | None = None


class ConfirmIn(RequestStruct):
    """A single transfer's confirmation: the code (`otp`), or instead a passkey's approval of
    this transfer (`passkey`, the assertion answering `POST /api/transfer/passkey-options`)."""

    id: Annotated[str, msgspec.Meta(max_length=40)]
    otp: Code | None = None
    passkey: PasskeyAssertionIn | None = None
    # The customer read the step-up warning (`riskWarning`) and goes on.
    acknowledge_warning: bool = False


class BulkConfirmIn(RequestStruct):
    """The code (`otp`), or instead a passkey's approval of the whole batch (`passkey`, the
    assertion answering `POST /api/transfer/bulk/passkey-options`)."""

    id: Annotated[str, msgspec.Meta(max_length=40)]
    otp: Code | None = None
    passkey: PasskeyAssertionIn | None = None
    # The customer read the step-up warning (`riskWarning`) and goes on.
    acknowledge_warning: bool = False


class TransferRefIn(RequestStruct):
    id: Annotated[str, msgspec.Meta(max_length=40)]


class BulkResultOut(CamelStruct):
    id: str
    message: str
    completed: int
    pending: int
    failed: int
    transfers: list[TransferOut]


class AccountCapOut(CamelStruct):
    """An account in its first day (the new-account cap): what it may still send, until
    when, and the sentence the transfer form shows when it is the one paying."""

    account_number: str
    limit: float
    left: float
    ends_at: str
    message: str
