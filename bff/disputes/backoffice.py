"""The back office's side of disputes: the queue by deadline, and the three decisions (in
review, refunded, rejected). Every change is told to the customer by SMS and e-mail, through
the outbox in the change's own transaction.

A refund is a reversal credit the core posts under `RVSL-<payment reference>`: the same
reference on every try, so a retry after a time-out can never pay twice. It is funded by the
account the money went to (the NIP or biller settlement account, or the transfers suspense
account for a payment inside Kobo); its narration is "Reversal: <the payment>"."""

from __future__ import annotations

import logging
from datetime import datetime

from sqlalchemy import select, update

from bff.bills.models import Vend
from bff.bills.vending import BILLER_SETTLEMENT
from bff.config.dispute_deadlines import Reason
from bff.core_client import CoreClient, CoreError, CoreRefused, CoreUnavailable
from bff.dates import wat
from bff.db import Database, utcnow
from bff.disputes.models import Dispute
from bff.disputes.payments import DEBIT
from bff.disputes.presenter import dispute_out
from bff.disputes.reasons import STATUS_LABELS, DisputeStatus
from bff.disputes.schemas import AdminDisputeOut, DisputeOut
from bff.disputes.service import DisputeService
from bff.errors import Conflict, ServiceUnavailable, ValidationFailed
from bff.history.presentation import load_records
from bff.money import format_naira
from bff.notifications.message import Message
from bff.notifications.notifier import Notifier
from bff.notifications.templates import branded_email, sms
from bff.payments.lifecycle import Status
from bff.risk.sync import copy_watched
from bff.tickets.models import Sender
from bff.transfers.execution import NIP_SETTLEMENT
from bff.transfers.models import Transfer, TransferType
from bff.users.models import User

log = logging.getLogger(__name__)

SUSPENSE = "GL-SUSPENSE"
CLOSED = "This dispute is already closed"
NOTHING_TO_REFUND = "Nothing to refund: no money left the customer's account in this payment"
CORE_DOWN = "The core banking system did not answer. Nothing was refunded; try again."
REASON_REQUIRED = "Give the customer the reason"


def refund_reference(payment_reference: str) -> str:
    return f"RVSL-{payment_reference}"


class DisputeBackOffice:
    def __init__(self, disputes: DisputeService, core: CoreClient, notifier: Notifier) -> None:
        self.disputes = disputes
        self.core = core
        self.notifier = notifier
        self.db: Database = disputes.db

    async def queue(self, open_only: bool) -> list[AdminDisputeOut]:
        """By answer-by time, soonest (or most overdue) first."""
        query = select(Dispute, User).join(User, User.id == Dispute.user_id)
        if open_only:
            query = query.where(Dispute.status.in_(DisputeStatus.OPEN))
        async with self.db.transaction() as session:
            rows = (await session.execute(query.order_by(Dispute.due_at, Dispute.id))).all()
        now = utcnow()
        return [admin_out(dispute, user, now) for dispute, user in rows]

    async def _open(self, tracking_number: str) -> Dispute:
        dispute = await self.disputes.owned(None, tracking_number)
        if dispute.status not in DisputeStatus.OPEN:
            raise Conflict(CLOSED)
        return dispute

    async def review(self, agent: User, tracking_number: str) -> DisputeOut:
        dispute = await self._open(tracking_number)
        text = f"A member of our team is looking into it. We will answer by {wat(dispute.due_at)}."
        return await self._close_or_move(agent, dispute, DisputeStatus.IN_REVIEW, None, text)

    async def reject(self, agent: User, tracking_number: str, reason: str | None) -> DisputeOut:
        reason = (reason or "").strip()
        if not reason:
            raise ValidationFailed(REASON_REQUIRED, field="reason")
        dispute = await self._open(tracking_number)
        return await self._close_or_move(agent, dispute, DisputeStatus.REJECTED, reason, reason)

    async def refund(self, agent: User, tracking_number: str) -> DisputeOut:
        dispute = await self._open(tracking_number)
        async with self.db.transaction() as session:
            record = (await load_records(session, [dispute.payment_reference])).get(
                dispute.payment_reference
            )
        took_money = (
            record.status == Status.COMPLETED if record is not None else dispute.direction == DEBIT
        )
        if not took_money:
            raise Conflict(NOTHING_TO_REFUND)
        reference = refund_reference(dispute.payment_reference)
        try:
            answer = await self.core.transfer(
                reference,
                funded_by(record),
                dispute.account_number,
                dispute.amount_kobo,
                f"Reversal: {reversal_of(record, dispute)}"[:200],
            )
        except CoreUnavailable as exc:
            raise ServiceUnavailable(CORE_DOWN) from exc
        except CoreRefused as exc:
            raise Conflict(
                f"The core refused the reversal ({exc.code}). Nothing was refunded."
            ) from exc
        if answer.status != "SUCCESS":
            raise Conflict(f"The core refused the reversal ({answer.response_code}).")
        if dispute.reason == Reason.NOT_MINE and isinstance(record, Transfer):
            await self._report_payee(dispute, record)
        text = (
            f"We have refunded {format_naira(dispute.amount_kobo)} to your account "
            f"{dispute.account_number}. It shows in your history as a reversal."
        )
        return await self._close_or_move(
            agent, dispute, DisputeStatus.REFUNDED, text, text, refund_reference=reference
        )

    async def _report_payee(self, dispute: Dispute, transfer: Transfer) -> None:
        """A payment the customer did not make, refunded: its payee goes on the switch's
        watch-list of mule accounts, and on Kobo's copy at once (bff/risk/sync.py), so no
        Kobo customer pays it again. The refund does not wait on it: a report the switch
        did not take is logged for the fraud team."""
        bank, account = transfer.destination_bank_code, transfer.destination_account
        reason = f"Payment {transfer.id} reported as not made by the customer"
        try:
            entry = await self.core.report_mule(
                f"DISPUTE-{dispute.tracking_number}", bank, account, reason
            )
        except CoreError:
            log.warning("reporting %s/%s to the watch-list failed", bank, account, exc_info=True)
            return
        async with self.db.transaction() as session:
            await copy_watched(session, entry)

    async def _close_or_move(
        self,
        agent: User,
        dispute: Dispute,
        status: str,
        answer: str | None,
        told: str,
        refund_reference: str | None = None,
    ) -> DisputeOut:
        """One conditional UPDATE (still open) with the agent's message on the ticket and the
        customer's SMS and e-mail: all or nothing, and two decisions at once cannot both win."""
        now = utcnow()
        final = status not in DisputeStatus.OPEN
        values: dict[str, object] = {"status": status, "updated_at": now}
        if final:
            values.update(answer=answer, open_reference=None, closed_at=now)
        if refund_reference is not None:
            values["refund_reference"] = refund_reference
        async with self.db.transaction() as session:
            changed = await session.execute(
                update(Dispute)
                .where(Dispute.id == dispute.id, Dispute.status.in_(DisputeStatus.OPEN))
                .values(**values)
            )
            if not changed.rowcount:  # type: ignore[attr-defined]
                raise Conflict(CLOSED)
            ticket = await self.disputes.ticket_in(session, dispute.ticket_id)
            customer = await session.get(User, dispute.user_id)
            assert customer is not None
            await self.disputes.tickets.add_message_in(
                session, ticket, Sender.AGENT, agent.id, told
            )
            if final:
                ticket.resolved = True
            updated = await session.get(Dispute, dispute.id)
            assert updated is not None
            recorded = await self.notifier.record(
                session, decision_messages(customer, updated, told)
            )
        await self.notifier.deliver(recorded)
        return dispute_out(updated, utcnow())


def funded_by(record: Transfer | Vend | None) -> str:
    if isinstance(record, Vend):
        return BILLER_SETTLEMENT
    if isinstance(record, Transfer) and record.transfer_type == TransferType.OTHER_BANK:
        return NIP_SETTLEMENT
    return SUSPENSE


def reversal_of(record: Transfer | Vend | None, dispute: Dispute) -> str:
    """What the reversal line says it reverses, as the customer's history named the payment."""
    if isinstance(record, Transfer):
        return f"transfer to {record.payee()}"
    if isinstance(record, Vend):
        return record.narration()
    return dispute.payment_summary.split(" ", 1)[-1]  # "to Adaeze Nwosu" without the amount


def admin_out(dispute: Dispute, user: User, now: datetime) -> AdminDisputeOut:
    base = dispute_out(dispute, now)
    return AdminDisputeOut(
        **{f: getattr(base, f) for f in DisputeOut.__struct_fields__},
        user_id=user.id,
        customer_name=f"{user.first_name} {user.last_name}",
        customer_email=user.email,
        account_frozen=user.frozen_at is not None,
    )


def decision_messages(user: User, dispute: Dispute, told: str) -> list[Message]:
    status = STATUS_LABELS[dispute.status]
    number = dispute.tracking_number
    messages = [
        branded_email(
            user.email,
            f"Your report {number}: {status.lower()}",
            f"Your report {number} is {status.lower()}",
            [f"About {dispute.payment_summary}.", told],
            [("Tracking number", number), ("Status", status)],
        )
    ]
    if user.phone_number:
        messages.append(sms(user.phone_number, f"Kobo: your report {number}: {told}"))
    return messages
