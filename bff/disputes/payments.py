"""The payment a customer reports, found among their own, and what its reason lets the
ledger answer at once."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bff.bills.models import Vend
from bff.bills.service import BillService
from bff.dates import wat
from bff.errors import NotFound
from bff.history.presentation import customer_reference, load_records
from bff.history.service import HistoryService
from bff.money import format_naira
from bff.payments.lifecycle import Stage, Status
from bff.transfers.models import Transfer, TransferType
from bff.transfers.service import TransferService
from bff.users.models import User

NOT_FOUND = "We could not find this payment among yours"
DEBIT, CREDIT = "DEBIT", "CREDIT"


@dataclass(frozen=True, slots=True)
class ReportedPayment:
    reference: str
    amount_kobo: int
    summary: str  # "₦5,000.00 to Adaeze Nwosu, Guaranty Trust Bank"
    at: datetime
    account_number: str  # the customer's own account in it
    direction: str  # DEBIT or CREDIT, as the customer's history shows it
    record: Transfer | Vend | None  # when Kobo made the payment (not money received)


def _summary_of(record: Transfer | Vend) -> str:
    amount = format_naira(record.amount_kobo)
    if isinstance(record, Transfer):
        return f"{amount} to {record.payee()}"
    return f"{amount} for {record.narration()}"


async def find_payment(history: HistoryService, user: User, reference: str) -> ReportedPayment:
    """The customer's own payment behind `reference` (404 otherwise, exactly as for a
    reference that does not exist)."""
    reference = customer_reference(reference.strip())
    async with history.db.transaction() as session:
        record = (await load_records(session, [reference])).get(reference)
    if record is not None and record.user_id == user.id:
        if record.status == Status.AWAITING_OTP:  # never confirmed: nothing was paid
            raise NotFound(NOT_FOUND)
        at = record.confirmed_at or record.created_at
        return ReportedPayment(
            reference,
            record.amount_kobo,
            _summary_of(record),
            at,
            record.source_account,
            DEBIT,
            record,
        )
    try:
        line = await history.line(user, reference)  # a ledger line of theirs, or 404
    except NotFound as exc:
        raise NotFound(NOT_FOUND) from exc
    amount_kobo = abs(line.amount_kobo)
    party = line.shown.counterparty_name or line.shown.narration
    direction = "to" if line.transaction_type == DEBIT else "from"
    summary = f"{format_naira(amount_kobo)} {direction} {party}"
    return ReportedPayment(
        reference,
        amount_kobo,
        summary,
        line.at,
        line.account_number,
        line.transaction_type,
        None,
    )


async def instant_answer(
    transfers: TransferService, bills: BillService, payment: ReportedPayment
) -> str | None:
    """ "I was debited but it failed", answered from the payment itself when it can be: a
    pending transfer to another bank, or a pending bill payment, is first asked about (a
    status query to the switch, a requery to the biller: the follow-up the background pass
    makes); then a failed payment says where the money is, and a completed one says where it
    went. None: a person must look (the payment is still pending, or the ledger has nothing
    to say)."""
    record = payment.record
    if record is None:
        return None
    unsettled = record.status in (Status.PENDING, Status.PROCESSING)
    if (
        isinstance(record, Transfer)
        and record.transfer_type == TransferType.OTHER_BANK
        and unsettled
    ):
        record = await transfers.follow_up(record.id)
    elif isinstance(record, Vend) and unsettled:
        record = await bills.follow_up(record.id)
    amount = format_naira(record.amount_kobo)
    if record.status == Status.FAILED:
        if record.stage == Stage.REVERSED and record.finished_at is not None:
            return (
                f"Your money was not taken: the {amount} hold was released on "
                f"{wat(record.finished_at)}."
            )
        return (
            f"Your money was not taken: the payment of {amount} failed before any money "
            "left your account."
        )
    if record.status == Status.COMPLETED and record.finished_at is not None:
        where = record.payee() if isinstance(record, Transfer) else record.narration()
        return (
            f"This payment did not fail: {amount} was paid to {where} on "
            f"{wat(record.finished_at)}. If the recipient has not received it, report "
            '"The recipient has not received it".'
        )
    return None
