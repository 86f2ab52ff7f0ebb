from __future__ import annotations

from typing import Literal

from bff.schemas import CamelStruct


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


class DashboardScheduledPayment(CamelStruct):
    amount: float
    beneficiary_account: str
    type: str
    status: str


class ClientSummaryOut(CamelStruct):
    accounts: list[AccountOut]
    total_current_balance: float
    total_available_balance: float
    weekly_transaction_summary: WeeklyTransactionSummary
    recent_transactions: list[RecentTransaction]
    scheduled_payments: list[DashboardScheduledPayment]
