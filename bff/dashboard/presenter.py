"""The dashboard as the wire shows it: the service keeps kobo and datetimes; here they become
naira (bff/money.py) and text (bff/dates.py)."""

from __future__ import annotations

from bff.accounts.service import account_out
from bff.core_client.schemas import CoreAccountLine, CoreCustomerActivity
from bff.dashboard.schemas import (
    ClientSummaryOut,
    DashboardScheduledPayment,
    RecentTransaction,
    WeeklyTransactionSummary,
)
from bff.dates import DATE, format_date
from bff.history.presentation import (
    Records,
    customer_facing_account,
    present_core_line,
    present_unsettled,
)
from bff.money import kobo_to_naira
from bff.schedules.models import ScheduledPayment
from bff.transfers.models import Status, Transfer
from bff.users.models import User


def recent_transfer_out(transfer: Transfer, customer_name: str) -> RecentTransaction:
    shown = present_unsettled(transfer)
    return RecentTransaction(
        amount=kobo_to_naira(transfer.amount_kobo),
        date=format_date(transfer.created_at),
        transaction_type="DEBIT",
        beneficiary_account=transfer.destination_account,
        sender=customer_name,
        status="PENDING" if transfer.status == Status.PENDING else "FAILED",
        narration=shown.narration,
        reference_number=shown.reference,
        counterparty_name=shown.counterparty_name,
        counterparty_bank=shown.counterparty_bank,
    )


def recent_line_out(
    line: CoreAccountLine, records: Records, customer_name: str
) -> RecentTransaction:
    shown = present_core_line(line, records)
    credit = line.amount_kobo > 0
    record = records.get(shown.reference)
    paid_to = (
        record.destination_account
        if isinstance(record, Transfer)
        else customer_facing_account(line.counterparty_number)
    )
    return RecentTransaction(
        amount=kobo_to_naira(abs(line.amount_kobo)),
        date=format_date(line.posted_at),
        transaction_type="CREDIT" if credit else "DEBIT",
        # A settlement account is the bank's business: the account paid, where known.
        beneficiary_account=line.account_number if credit else paid_to or "",
        sender=(shown.counterparty_name or "") if credit else customer_name,
        status="COMPLETED",
        narration=shown.narration,
        reference_number=shown.reference,
        counterparty_name=shown.counterparty_name,
        counterparty_bank=shown.counterparty_bank,
    )


def summary_out(
    user: User,
    activity: CoreCustomerActivity,
    unsettled: list[Transfer],
    schedules: list[ScheduledPayment],
    recent: list[CoreAccountLine | Transfer],
    records: Records,
) -> ClientSummaryOut:
    """`recent`: the lines and unsettled transfers to show, newest first."""
    accounts = activity.accounts
    full_name = f"{user.first_name} {user.last_name}"
    return ClientSummaryOut(
        accounts=[account_out(a) for a in accounts],
        total_current_balance=kobo_to_naira(sum(a.ledger_balance_kobo for a in accounts)),
        total_available_balance=kobo_to_naira(sum(a.available_balance_kobo for a in accounts)),
        total_savings=kobo_to_naira(activity.savings_kobo),
        weekly_transaction_summary=WeeklyTransactionSummary(
            failed_transactions=sum(1 for t in unsettled if t.status == Status.FAILED),
            pending_transactions=sum(1 for t in unsettled if t.status == Status.PENDING),
            completed_transactions=activity.lines_since,
            inwards=kobo_to_naira(activity.credits_since_kobo),
            outwards=kobo_to_naira(activity.debits_since_kobo),
        ),
        recent_transactions=[
            recent_transfer_out(item, full_name)
            if isinstance(item, Transfer)
            else recent_line_out(item, records, full_name)
            for item in recent
        ],
        scheduled_payments=[
            DashboardScheduledPayment(
                amount=kobo_to_naira(s.amount_kobo),
                beneficiary_account=s.destination_account,
                type=s.transfer_type,
                status=s.status,
                uuid=s.uuid,
                schedule_date=format_date(s.next_date, DATE),
                beneficiary_name=s.destination_name,
            )
            for s in schedules
        ],
    )
