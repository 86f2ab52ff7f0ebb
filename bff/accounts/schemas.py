from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from bff.schemas import CamelStruct, DbInt, RequestStruct


class AccountOut(CamelStruct):
    account_number: str
    account_name: str
    account_type_id: int | None
    account_type_name: str
    available_balance: float
    ledger_balance: float
    currency: str
    status: str


class WeeklyTransactionSummary(CamelStruct):
    failed_transactions: int
    pending_transactions: int
    completed_transactions: int
    inwards: float
    outwards: float


class RecentTransaction(CamelStruct):
    amount: float
    date: str  # dd-mm-yyyy hh:mm:ss, Africa/Lagos
    transaction_type: Literal["CREDIT", "DEBIT"]
    beneficiary_account: str
    sender: str
    status: Literal["COMPLETED", "PENDING", "FAILED"]
    narration: str
    # Beside the contract's fields: the reference the customer knows, and who the other party is.
    reference_number: str
    counterparty_name: str | None
    counterparty_bank: str | None


class DashboardScheduledPayment(CamelStruct):
    amount: float
    beneficiary_account: str
    type: str
    status: str
    uuid: str
    schedule_date: str
    beneficiary_name: str


class ClientSummaryOut(CamelStruct):
    accounts: list[AccountOut]
    total_current_balance: float
    total_available_balance: float
    weekly_transaction_summary: WeeklyTransactionSummary
    recent_transactions: list[RecentTransaction]
    scheduled_payments: list[DashboardScheduledPayment]


class AccountTypeOut(CamelStruct):
    id: int
    name: str


class CreateAccountIn(RequestStruct):
    account_type_id: DbInt


class AccountCreatedOut(CamelStruct):
    message: str
    account: AccountOut


class ConfirmCodeIn(RequestStruct):
    otp: Annotated[str, msgspec.Meta(max_length=12)]
