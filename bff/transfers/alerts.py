"""Debit and credit alerts of a completed transfer: the sender's debit, and for a transfer
to another Kobo account its recipient's credit (bff/notifications/alerts.py renders them)."""

from __future__ import annotations

from bff.core_client import CoreClient, CorePosting
from bff.db import Database, utcnow
from bff.notifications.alerts import (
    Alert,
    available_after,
    holder_of,
    messages_for,
    owner_of,
    payment_and_payer,
    payment_and_people,
)
from bff.notifications.message import Message
from bff.transfers.models import Transfer, TransferType

# The payment kind a transfer's outbox row names (Lifecycle's `alert`).
TRANSFER_ALERT = "transfer"


class TransferAlerts:
    def __init__(self, db: Database, core: CoreClient) -> None:
        self.db = db
        self.core = core

    async def render(self, transfer_id: str, posting: CorePosting | None = None) -> list[Message]:
        """`posting`: as the transfer's answer carried it. With it, the transfer, its sender
        and its recipient are one read, and the core is asked nothing; without it (an alert
        recorded from a replayed answer) the posting and the recipient are looked up."""
        if posting is not None:
            found = await payment_and_people(
                self.db, Transfer, transfer_id, holder_of(posting, _credited(posting))
            )
            if found is None:
                return []
            transfer, sender, recipient = found
        else:
            paid = await payment_and_payer(self.db, Transfer, transfer_id)
            if paid is None:
                return []
            transfer, sender = paid
            posting = await self.core.first_posting(transfer.posting_references())
            recipient = None
            if transfer.transfer_type != TransferType.OTHER_BANK:
                recipient = await owner_of(
                    self.db, self.core, transfer.destination_account, posting
                )
        at = transfer.finished_at or utcnow()
        sender_name = f"{sender.first_name} {sender.last_name}"
        messages = messages_for(
            sender,
            Alert(
                debit=True,
                amount_kobo=transfer.amount_kobo,
                account_number=transfer.source_account,
                # Another customer: named with their bank, as history names them. One's own
                # account: the name alone (the alert's account line says which one left).
                counterparty=transfer.destination_name
                if transfer.transfer_type == TransferType.OWN_ACCOUNT
                else transfer.payee(),
                narration=transfer.description,
                available_after_kobo=available_after(posting, transfer.source_account),
                reference=transfer.id,
                at=at,
            ),
        )
        if transfer.transfer_type == TransferType.OTHER_BANK:
            return messages
        if recipient is not None:
            messages += messages_for(
                recipient,
                Alert(
                    debit=False,
                    amount_kobo=transfer.amount_kobo,
                    account_number=transfer.destination_account,
                    counterparty=sender_name,
                    narration=transfer.description,
                    available_after_kobo=available_after(posting, transfer.destination_account),
                    reference=transfer.id,
                    at=at,
                ),
            )
        return messages


def _credited(posting: CorePosting | None) -> str:
    """The account the posting credits (a transfer's payee), or "" without a posting."""
    entries = posting.entries if posting is not None else []
    return next((e.account_number for e in entries if e.amount_kobo > 0), "")
