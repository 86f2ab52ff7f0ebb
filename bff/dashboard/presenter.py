"""The dashboard as the wire shows it: the service keeps kobo and datetimes; here they become
naira (bff/money.py) and text (bff/dates.py)."""

from __future__ import annotations

from bff.core_client.schemas import CoreAccountLine
from bff.dashboard.schemas import (
    RecentTransaction,
)
from bff.dates import format_date
from bff.history.presentation import (
    Records,
    customer_facing_account,
    present_core_line,
    present_unsettled,
)
from bff.money import kobo_to_naira
from bff.transfers.models import Status, Transfer


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
