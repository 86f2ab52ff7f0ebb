"""What GET /api/client-summary answers (docs/contract.md, the dashboard)."""

from __future__ import annotations

from typing import Literal

from bff.accounts.schemas import AccountOut
from bff.schemas import CamelStruct


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
    total_savings: float = 0.0  # the savings pockets' balances (docs/contract.md §17)
