"""What a customer sees of a movement of their money: one set of rules for the dashboard,
history, details, statements and receipts.

The core speaks in postings with its own references (`TRF-<id>` for a transfer it posted,
`HOLD-<id>` for a hold it settled, `HOLD-TRF-<id>` for a transfer it first held) and its own
counterparties (settlement accounts such as GL-NIP-SETTLEMENT). None of that is the
customer's business. The customer knows a payment by the reference the success screen showed
them, which is the BFF's transfer or vend id, and by whom they paid. So:

- the customer's reference is the posting reference with the core's prefixes taken off, the
  same from submission to completion;
- where the BFF holds the payment (a transfer or a vend), its record names the other party,
  their bank, the customer's description and the bill details;
- otherwise (money received from another bank, the simulator's seeded history) the core's
  narration and counterparty name are shown, and a settlement account is never named.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from bff.banks import own_name
from bff.bills.models import Vend
from bff.core_client import CoreStatementLine
from bff.transfers.models import Transfer, TransferType

# The core's posting references, outermost first: HOLD-TRF-<id> is a held transfer settled.
CORE_PREFIXES = ("HOLD-", "TRF-")
# A ledger account the bank keeps for itself (settlement, suspense, fees, funding).
INTERNAL_ACCOUNT = re.compile(r"^GL-")
# How many ids one IN (...) query carries: well under SQLite's bound on parameters.
RECORDS_PER_QUERY = 500


def customer_facing_account(account_number: str | None) -> str | None:
    """An account number the customer may see: never one of the bank's own ledger accounts."""
    if account_number is None or INTERNAL_ACCOUNT.match(account_number):
        return None
    return account_number


def customer_reference(posting_reference: str) -> str:
    reference = posting_reference
    stripped = True
    while stripped:
        stripped = False
        for prefix in CORE_PREFIXES:
            if reference.startswith(prefix):
                reference, stripped = reference[len(prefix) :], True
    return reference


def posting_references(reference: str, record: Transfer | Vend | None) -> list[str]:
    """Where the core keeps the posting of the payment the customer calls `reference`."""
    if record is not None:
        return record.posting_references()
    # A transfer the core posted for someone else than this BFF (a refund's reversal credit,
    # a tester's move) is kept under TRF-<reference>, which the customer's reference drops;
    # a payment this BFF has no record of (another BFF's database, one restored from a
    # backup older than the payment) under the hold it settled.
    return [reference, f"TRF-{reference}", f"HOLD-{reference}", f"HOLD-TRF-{reference}"]


@dataclass(frozen=True, slots=True)
class Presented:
    reference: str
    narration: str
    counterparty_name: str | None
    counterparty_bank: str | None
    description: str | None


@dataclass(slots=True)
class Records:
    """The BFF's transfers and vends behind a set of lines, by id."""

    transfers: dict[str, Transfer]
    vends: dict[str, Vend]

    def get(self, reference: str) -> Transfer | Vend | None:
        return self.transfers.get(reference) or self.vends.get(reference)


# The ids Kobo gives its transfers and vends (uuid4().hex): a line whose reference has another
# shape (a salary, a seeded line, another bank's credit) has no record here to look up.
OUR_ID = re.compile(r"[0-9a-f]{32}")


async def load_records(session: AsyncSession, references: Iterable[str]) -> Records:
    """Our transfers and vends behind `references`: no query for references that cannot be
    ours, and vends looked up only for what is not a transfer (profiles of the computed
    dashboard and history page showed these reads as a fifth of the BFF's work)."""
    ids = sorted({r for r in references if OUR_ID.fullmatch(r)})
    records = Records({}, {})
    for start in range(0, len(ids), RECORDS_PER_QUERY):
        chunk = ids[start : start + RECORDS_PER_QUERY]
        for transfer in await session.scalars(select(Transfer).where(Transfer.id.in_(chunk))):
            records.transfers[transfer.id] = transfer
        rest = [i for i in chunk if i not in records.transfers]
        if rest:
            for vend in await session.scalars(select(Vend).where(Vend.id.in_(rest))):
                records.vends[vend.id] = vend
    return records


def present_vend(vend: Vend) -> Presented:
    return Presented(vend.id, vend.narration(), vend.provider_title, None, None)


def present_transfer(transfer: Transfer, *, outgoing: bool, sender: str | None) -> Presented:
    """`outgoing` for the sender's side; the recipient of a Kobo transfer sees who sent it."""
    description = transfer.description.strip() or None
    if outgoing:
        if transfer.transfer_type == TransferType.OWN_ACCOUNT:
            narration = f"Transfer to own account {transfer.destination_account}"
        else:
            narration = f"Transfer to {transfer.payee()}"
        return Presented(
            transfer.id,
            narration,
            transfer.destination_name,
            transfer.destination_bank_name,
            description,
        )
    name = sender or "a Kobo customer"
    return Presented(transfer.id, f"From {name}", sender, own_name(), description)


def present_line(
    posting_reference: str,
    narration: str,
    amount_kobo: int,
    counterparty_number: str | None,
    counterparty_name: str | None,
    records: Records,
) -> Presented:
    """One ledger line of the customer's account."""
    reference = customer_reference(posting_reference)
    record = records.get(reference)
    internal = counterparty_number is not None and bool(INTERNAL_ACCOUNT.match(counterparty_number))
    if isinstance(record, Vend):
        return present_vend(record)
    if isinstance(record, Transfer):
        sender = None if internal else counterparty_name
        return present_transfer(record, outgoing=amount_kobo < 0, sender=sender)
    name = None if internal else counterparty_name
    bank = own_name() if counterparty_number and not internal else None
    return Presented(reference, narration, name, bank, None)


def present_core_line(line: CoreStatementLine, records: Records) -> Presented:
    """A line as the core lists it (history, statements, the dashboard's recent lines)."""
    return present_line(
        line.posting_reference,
        line.narration,
        line.amount_kobo,
        line.counterparty_number,
        line.counterparty_name,
        records,
    )


async def load_records_of(session: AsyncSession, lines: Iterable[CoreStatementLine]) -> Records:
    """The BFF's records behind lines as the core lists them."""
    return await load_records(session, (customer_reference(ln.posting_reference) for ln in lines))


def present_unsettled(record: Transfer | Vend) -> Presented:
    """A payment the ledger has not got (pending or failed): the customer is the payer."""
    if isinstance(record, Vend):
        return present_vend(record)
    return present_transfer(record, outgoing=True, sender=None)


INTERNAL_CODE = re.compile(r"GL-[A-Z]|HOLD-|TRF-|SEED-|\b[A-Z]+_[A-Z_]+/")


def internal_codes(texts: Sequence[str]) -> list[str]:
    """The bank's own codes found in customer-facing text (for tests and a last check)."""
    return [match.group(0) for text in texts for match in INTERNAL_CODE.finditer(text)]
