"""A confirmed transfer's outside calls, as `Lifecycle.drive` makes them. Every call carries
the transfer's id as its reference, so a retry never moves money twice. Only the core and
the transfer's own row are touched: nothing calls back into the transfer service.

- `IntrabankTransfer` (a `DirectPayment`): one posting between two Kobo accounts.
- `NipTransfer` (a `HeldPayment`): hold the money, send it through NIP (then only status
  queries), settle the hold to the NIP settlement account or release it.
"""

from __future__ import annotations

from sqlalchemy import update

from bff.core_client import CoreClient, CorePosting, CoreRefused
from bff.db import Database
from bff.payments.lifecycle import DirectPayment, HeldPayment, Outcome
from bff.transfers.messages import failure_message
from bff.transfers.models import Status, Transfer, TransferType

NIP_SETTLEMENT = "GL-NIP-SETTLEMENT"


def payment_of(
    db: Database, core: CoreClient, transfer: Transfer, customer_id: str | None
) -> DirectPayment | HeldPayment:
    """`customer_id`: the paying customer, when the caller has them (a confirm): the core
    then refuses a debit from an account that is not theirs, whatever the BFF checked."""
    if transfer.transfer_type == TransferType.OTHER_BANK:
        return NipTransfer(db, core, transfer, customer_id)
    return IntrabankTransfer(core, transfer, customer_id)


class IntrabankTransfer:
    def __init__(self, core: CoreClient, transfer: Transfer, customer_id: str | None) -> None:
        self.core = core
        self.transfer = transfer
        self.customer_id = customer_id

    async def post(self) -> Outcome:
        """The final answer, with the posting the core answered (for the alerts), or
        PENDING when the core's answer is not final."""
        transfer = self.transfer
        try:
            result = await self.core.transfer(
                transfer.id,
                transfer.source_account,
                transfer.destination_account,
                transfer.amount_kobo,
                transfer.description,
                self.customer_id,
            )
        except CoreRefused as exc:
            return Outcome(Status.FAILED, exc.code, failure_message(exc.code))
        if result.status == "SUCCESS":
            return Outcome(Status.COMPLETED, result.response_code, None, result.posting)
        if result.status == "FAILED":
            return Outcome(
                Status.FAILED, result.response_code, failure_message(result.response_code)
            )
        return Outcome(Status.PENDING, None, None)


class NipTransfer:
    def __init__(
        self, db: Database, core: CoreClient, transfer: Transfer, customer_id: str | None
    ) -> None:
        self.db = db
        self.core = core
        self.transfer = transfer
        self.customer_id = customer_id

    async def hold(self) -> None:
        transfer = self.transfer
        await self.core.place_hold(
            transfer.id,
            transfer.source_account,
            transfer.amount_kobo,
            f"NIP/{transfer.description}",
            self.customer_id,
        )

    async def send(self) -> str:
        transfer = self.transfer
        try:
            answer = await self.core.nip_transfer(
                {
                    "reference": transfer.id,
                    "nameInquiryRef": transfer.name_inquiry_ref or "",
                    "debitAccount": transfer.source_account,
                    "destinationInstitutionCode": transfer.destination_bank_code,
                    "beneficiaryAccount": transfer.destination_account,
                    "beneficiaryName": transfer.destination_name,
                    "amountKobo": transfer.amount_kobo,
                    "narration": transfer.description,
                }
            )
        except CoreRefused as exc:
            return exc.code or "96"
        async with self.db.transaction() as session:
            await session.execute(
                update(Transfer)
                .where(Transfer.id == transfer.id)
                .values(session_id=answer.session_id)
            )
        return answer.response_code

    async def query(self) -> str:
        return (await self.core.nip_status(self.transfer.id)).response_code

    async def settle(self) -> CorePosting | None:
        transfer = self.transfer
        held = await self.core.post_hold(
            transfer.id, NIP_SETTLEMENT, f"NIP/{transfer.destination_name}/{transfer.description}"
        )
        return held.posting

    async def release(self) -> None:
        transfer = self.transfer
        await self.core.void_hold(transfer.id, transfer.source_account, transfer.amount_kobo)

    def failure_message(self, code: str | None) -> str:
        return failure_message(code)
