"""Scheduled payments as the wire shows them: the service keeps kobo and datetimes; here they
become naira (bff/money.py) and text (bff/dates.py)."""

from __future__ import annotations

from bff.dates import DATE, format_date
from bff.money import kobo_to_naira
from bff.schedules.models import ScheduledPayment
from bff.schedules.schemas import ScheduledPaymentOut


def schedule_out(row: ScheduledPayment) -> ScheduledPaymentOut:
    return ScheduledPaymentOut(
        uuid=row.uuid,
        client_id=row.user_id,
        reference_number=row.reference_number,
        transfer_type=row.transfer_type,
        source_account_number=row.source_account,
        destination_account_number=row.destination_account,
        destination_account_name=row.destination_name,
        destination_bank_code=row.destination_bank_code,
        destination_bank_name=row.destination_bank_name,
        amount=kobo_to_naira(row.amount_kobo),
        description=row.description,
        schedule_date=format_date(row.next_date, DATE),
        interval=row.interval,
        repeat_payment=row.repeat_payment,
        runs_done=row.runs_done,
        status=row.status,
        approved=row.approved,
        failure_reason=row.failure_reason,
    )
