"""Transfers as the wire shows them: the service keeps kobo and datetimes; here they become
naira (bff/money.py) and text (bff/dates.py)."""

from __future__ import annotations

from bff.accounts.service import Balances, account_out
from bff.dates import format_date
from bff.money import kobo_to_naira
from bff.risk.presenter import is_held
from bff.risk.reviews import HELD_MESSAGE
from bff.transfers.messages import PENDING_MESSAGE
from bff.transfers.models import Status, Transfer
from bff.transfers.schemas import (
    BalancesOut,
    TransferOut,
)


def transfer_out(transfer: Transfer) -> TransferOut:
    message = None
    held = is_held(transfer)
    if transfer.status == Status.FAILED:
        message = transfer.failure_reason
    elif held:
        message = HELD_MESSAGE
    elif transfer.status == Status.PENDING:
        message = PENDING_MESSAGE
    elif transfer.status == Status.COMPLETED:
        message = "Transferred Successfully"
    return TransferOut(
        id=transfer.id,
        reference_number=transfer.id,
        status=transfer.status,  # type: ignore[arg-type]
        transfer_type=transfer.transfer_type,
        source_account_number=transfer.source_account,
        destination_account_number=transfer.destination_account,
        destination_account_name=transfer.destination_name,
        destination_bank_code=transfer.destination_bank_code,
        destination_bank_name=transfer.destination_bank_name,
        amount=kobo_to_naira(transfer.amount_kobo),
        description=transfer.description,
        response_code=transfer.response_code,
        message=message,
        session_id=transfer.session_id,
        date_created=format_date(transfer.created_at),
        held_for_review=held,
    )


def balances_out(balances: Balances) -> BalancesOut:
    return BalancesOut(
        accounts=[account_out(a) for a in balances.accounts],
        total_current_balance=kobo_to_naira(balances.ledger_kobo),
        total_available_balance=kobo_to_naira(balances.available_kobo),
        this_week_inwards=kobo_to_naira(balances.inwards_kobo),
        this_week_outwards=kobo_to_naira(balances.outwards_kobo),
    )


def total_of(transfers: list[Transfer]) -> float:
    """The naira a batch moves."""
    return kobo_to_naira(sum(t.amount_kobo for t in transfers))
