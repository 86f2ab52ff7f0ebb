"""History lines and details as the wire shows them: the service keeps kobo and datetimes; here
they become naira (bff/money.py) and text (bff/dates.py)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bff.bills.models import Vend
from bff.core_client import (
    CoreAccount,
)
from bff.dates import DATE, TIME, format_date
from bff.history.presentation import Presented
from bff.history.schemas import TransactionDetailOut, TransactionOut
from bff.money import kobo_to_naira
from bff.transfers.models import Transfer


@dataclass(frozen=True, slots=True)
class Line:
    """A line of the customer's history as the service knows it, in kobo and a datetime;
    `line_out` presents it."""

    account_number: str  # the customer's own account
    at: datetime
    shown: Presented
    amount_kobo: int  # negative: money out
    status: str
    balance_after_kobo: int | None = None

    @property
    def transaction_type(self) -> str:
        return "CREDIT" if self.amount_kobo > 0 else "DEBIT"


Party = tuple[str | None, str | None]  # name, account number


def line_out(line: Line) -> TransactionOut:
    shown = line.shown
    return TransactionOut(
        reference_number=shown.reference,
        date_created=format_date(line.at, DATE),
        time_created=format_date(line.at, TIME),
        narration=shown.narration,
        transaction_type=line.transaction_type,
        amount=kobo_to_naira(abs(line.amount_kobo)),
        status=line.status,
        account_number=line.account_number,
        balance_after=(
            kobo_to_naira(line.balance_after_kobo) if line.balance_after_kobo is not None else None
        ),
        counterparty_name=shown.counterparty_name,
        counterparty_bank=shown.counterparty_bank,
        description=shown.description,
    )


def detail_out(
    base: TransactionOut,
    source: Party,
    destination: Party,
    *,
    session_id: str | None = None,
    token: str | None = None,
    units: str | None = None,
) -> TransactionDetailOut:
    return TransactionDetailOut(
        **{f: getattr(base, f) for f in TransactionOut.__struct_fields__},
        session_id=session_id,
        source_account_name=source[0],
        source_account_number=source[1],
        destination_account_name=destination[0],
        destination_account_number=destination[1],
        token=token,
        units=units,
    )


def record_detail_out(
    base: TransactionOut, record: Transfer | Vend, own: dict[str, CoreAccount]
) -> TransactionDetailOut:
    """The customer's own payment, as they made it."""
    account = own.get(record.source_account)
    source = (account.account_name if account else None, record.source_account)
    if isinstance(record, Vend):
        return detail_out(
            base,
            source,
            (record.provider_title, record.customer_number),
            token=record.token,
            units=record.units,
        )
    return detail_out(
        base,
        source,
        (record.destination_name, record.destination_account),
        session_id=record.session_id,
    )
