"""Disputes: a problem reported on a payment, acknowledged at once with a tracking number and
an answer-by time, answered by the ledger when it can be, else by the back office."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from datetime import datetime, timedelta

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from bff.bills.service import BillService
from bff.dates import REFERENCE_DAY, format_date, wat
from bff.db import Database, utcnow
from bff.disputes.models import Dispute
from bff.disputes.payments import ReportedPayment, find_payment, instant_answer
from bff.disputes.presenter import detail_out, dispute_out
from bff.disputes.reasons import REASON_LABELS, STATUS_LABELS, DisputeStatus, Reason
from bff.disputes.schemas import DisputeDetailOut, DisputeIn, DisputeOut, ReasonOut
from bff.errors import Conflict, FieldErrors, NotFound, ValidationFailed
from bff.history.service import HistoryService
from bff.notifications.message import Message
from bff.notifications.notifier import Notifier
from bff.notifications.templates import branded_email, sms
from bff.security.uploads import Upload
from bff.tickets.models import Sender, Ticket
from bff.tickets.service import TicketService
from bff.transfers.service import TransferService
from bff.users.models import User

CHOOSE_REASON = "Choose what went wrong"
NOT_FOUND = "Dispute not found"
# Letters and digits nobody confuses when reading them out (no 0/O, 1/I/L).
_TRACKING_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"


def new_tracking_number(now: datetime) -> str:
    tail = "".join(secrets.choice(_TRACKING_ALPHABET) for _ in range(6))
    return f"KOBO-DSP-{format_date(now, REFERENCE_DAY)}-{tail}"


class DisputeService:
    def __init__(
        self,
        db: Database,
        history: HistoryService,
        tickets: TicketService,
        transfers: TransferService,
        bills: BillService,
        notifier: Notifier,
        deadline_hours: Mapping[str, int],
        window_days: int = 90,
    ) -> None:
        self.db = db
        self.history = history
        self.tickets = tickets
        self.transfers = transfers
        self.bills = bills
        self.notifier = notifier
        self.deadline_hours = dict(deadline_hours)
        self.window = timedelta(days=window_days)

    def reasons(self) -> list[ReasonOut]:
        return [
            ReasonOut(reason=r, label=label, answer_within_hours=self.deadline_hours[r])
            for r, label in REASON_LABELS.items()
        ]

    # -- customer side ------------------------------------------------------------------
    async def open(self, user: User, data: DisputeIn) -> DisputeDetailOut:
        reference = (data.payment_reference or "").strip()
        reason = (data.reason or "").strip().upper()
        errors = []
        if not reference:
            errors.append({"field": "paymentReference", "message": "This field is required"})
        if reason not in REASON_LABELS:
            errors.append({"field": "reason", "message": CHOOSE_REASON})
        if errors:
            raise FieldErrors(errors)
        note = (data.note or "").strip()
        files = self.tickets.files(data.attachments)
        payment = await find_payment(self.history, user, reference)
        now = utcnow()
        if payment.at < now - self.window:
            raise ValidationFailed(
                f"Only payments of the last {self.window.days} days can be reported here. "
                "Please write to customer service about older ones.",
                field="paymentReference",
            )
        await self._refuse_second_open(payment.reference)
        answer = None
        if reason == Reason.DEBITED_BUT_FAILED:
            answer = await instant_answer(self.transfers, self.bills, payment)
        keys = await self.tickets.store_files(files)
        try:
            dispute, rows = await self._record(user, payment, reason, note, files, keys, answer)
        except IntegrityError:  # another request opened one on this payment just now
            await self._refuse_second_open(payment.reference)
            raise
        await self.notifier.deliver(rows)
        return await self._detail(user, dispute)

    async def _refuse_second_open(self, reference: str) -> None:
        async with self.db.transaction() as session:
            dispute = await session.scalar(
                select(Dispute).where(Dispute.open_reference == reference)
            )
        if dispute is not None:
            raise Conflict(
                "You have already reported a problem with this payment "
                f"({dispute.tracking_number}). We will answer by {wat(dispute.due_at)}."
            )

    async def _record(
        self,
        user: User,
        payment: ReportedPayment,
        reason: str,
        note: str,
        files: list[tuple[str, Upload]],
        keys: list[str],
        answer: str | None,
    ) -> tuple[Dispute, list[int]]:
        """The ticket, the dispute, the bank's instant answer if any and the acknowledgement
        (SMS and e-mail, in the outbox): all in one transaction, so none exists without the
        others."""
        now = utcnow()
        label = REASON_LABELS[reason]
        async with self.db.transaction() as session:
            ticket = await self.tickets.open_in(
                session,
                user,
                f"{label}: {payment.summary}"[:200],
                note or label,
                files,
                keys,
            )
            dispute = Dispute(
                tracking_number=new_tracking_number(now),
                user_id=user.id,
                ticket_id=ticket.id,
                payment_reference=payment.reference,
                open_reference=payment.reference,
                reason=reason,
                status=DisputeStatus.RECEIVED,
                amount_kobo=payment.amount_kobo,
                account_number=payment.account_number,
                direction=payment.direction,
                payment_summary=payment.summary[:250],
                payment_at=payment.at,
                due_at=now + timedelta(hours=self.deadline_hours[reason]),
                created_at=now,
                updated_at=now,
            )
            if answer is not None:
                dispute.status, dispute.answer = DisputeStatus.ANSWERED, answer
                dispute.open_reference, dispute.closed_at = None, now
                ticket.resolved = True
                # The bank's automatic answer: no agent wrote it, so it carries the customer's
                # own id as its author (the column only says who may have written it).
                await self.tickets.add_message_in(session, ticket, Sender.AGENT, user.id, answer)
            session.add(dispute)
            await session.flush()
            recorded = await self.notifier.record(session, acknowledgement(user, dispute))
        return dispute, recorded

    async def owned(self, user: User | None, tracking_number: str) -> Dispute:
        async with self.db.transaction() as session:
            dispute = await session.scalar(
                select(Dispute).where(Dispute.tracking_number == tracking_number.strip().upper())
            )
        if dispute is None or (user is not None and dispute.user_id != user.id):
            raise NotFound(NOT_FOUND)
        return dispute

    async def ticket_in(self, session: AsyncSession, ticket_id: int) -> Ticket:
        ticket = await session.get(Ticket, ticket_id)
        assert ticket is not None  # a dispute's ticket goes only with the dispute (cascade)
        return ticket

    async def _detail(self, user: User | None, dispute: Dispute) -> DisputeDetailOut:
        ticket = await self.tickets.get(user, dispute.ticket_id)
        return detail_out(dispute, ticket.messages, utcnow())

    async def get(self, user: User | None, tracking_number: str) -> DisputeDetailOut:
        return await self._detail(user, await self.owned(user, tracking_number))

    async def of_customer(self, user: User, payment_reference: str | None) -> list[DisputeOut]:
        query = select(Dispute).where(Dispute.user_id == user.id)
        if payment_reference:
            query = query.where(Dispute.payment_reference == payment_reference.strip())
        async with self.db.transaction() as session:
            disputes = (
                await session.scalars(query.order_by(Dispute.created_at.desc(), Dispute.id.desc()))
            ).all()
        now = utcnow()
        return [dispute_out(d, now) for d in disputes]


def acknowledgement(user: User, dispute: Dispute) -> list[Message]:
    """The SMS and e-mail that acknowledge a report at once: its tracking number and the
    answer-by time in West Africa Time (or the answer itself, when the ledger gave it)."""
    number, label = dispute.tracking_number, REASON_LABELS[dispute.reason]
    if dispute.answer is not None:
        text = f"Kobo: your report {number} is answered. {dispute.answer}"
        paragraphs = [
            f"We received your report about {dispute.payment_summary} and answered it at once.",
            dispute.answer,
        ]
    else:
        text = (
            f"Kobo: we received your report {number} about {dispute.payment_summary}. "
            f"We will answer by {wat(dispute.due_at)}."
        )
        paragraphs = [
            f"We received your report about {dispute.payment_summary}.",
            f"We will answer by {wat(dispute.due_at)}. Quote {number} whenever you contact us.",
        ]
    rows = [
        ("Tracking number", number),
        ("What went wrong", label),
        ("Payment reference", dispute.payment_reference),
        ("Answer by", wat(dispute.due_at)),
        ("Status", STATUS_LABELS[dispute.status]),
    ]
    messages = [
        branded_email(
            user.email,
            f"We received your report {number}",
            "We received your report",
            paragraphs,
            rows,
        )
    ]
    if user.phone_number:
        messages.append(sms(user.phone_number, text))
    return messages
