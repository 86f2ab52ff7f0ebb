"""Disputes as the wire shows them: the service keeps kobo and datetimes; here they become
naira (bff/money.py) and text (bff/dates.py)."""

from __future__ import annotations

from datetime import datetime

from bff.dates import LAGOS, format_date
from bff.disputes.models import Dispute
from bff.disputes.reasons import REASON_LABELS, STATUS_LABELS, DisputeStatus
from bff.disputes.schemas import DisputeDetailOut, DisputeOut
from bff.money import kobo_to_naira
from bff.tickets.schemas import TicketMessageOut


def dispute_out(dispute: Dispute, now: datetime) -> DisputeOut:
    is_open = dispute.status in DisputeStatus.OPEN
    return DisputeOut(
        tracking_number=dispute.tracking_number,
        reason=dispute.reason,
        reason_label=REASON_LABELS[dispute.reason],
        status=dispute.status,
        status_label=STATUS_LABELS[dispute.status],
        payment_reference=dispute.payment_reference,
        payment_summary=dispute.payment_summary,
        amount=kobo_to_naira(dispute.amount_kobo),
        payment_date=format_date(dispute.payment_at),
        created_at=format_date(dispute.created_at),
        answer_by=format_date(dispute.due_at),
        answer_by_utc=dispute.due_at.astimezone(LAGOS).isoformat(timespec="seconds"),
        past_deadline=is_open and dispute.due_at < now,
        answer=dispute.answer,
        refund_reference=dispute.refund_reference,
        ticket_id=dispute.ticket_id,
    )


def detail_out(
    dispute: Dispute, messages: list[TicketMessageOut], now: datetime
) -> DisputeDetailOut:
    summary = dispute_out(dispute, now)
    return DisputeDetailOut(
        **{f: getattr(summary, f) for f in DisputeOut.__struct_fields__}, messages=messages
    )
