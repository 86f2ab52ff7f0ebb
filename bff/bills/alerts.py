"""The debit alert of a completed bill payment (bff/notifications/alerts.py renders it)."""

from __future__ import annotations

from bff.bills.models import Vend
from bff.core_client import CoreClient, CorePosting
from bff.db import Database, utcnow
from bff.notifications.alerts import Alert, available_after, messages_for, payment_and_payer
from bff.notifications.message import Message

# The payment kind a vend's outbox row names (Lifecycle's `alert`).
VEND_ALERT = "vend"


class VendAlerts:
    def __init__(self, db: Database, core: CoreClient) -> None:
        self.db = db
        self.core = core

    async def render(self, vend_id: str, posting: CorePosting | None = None) -> list[Message]:
        """`posting`: as the vend's settlement answer carried it; else read from the core."""
        found = await payment_and_payer(self.db, Vend, vend_id)
        if found is None:
            return []
        vend, user = found
        if posting is None:
            posting = await self.core.first_posting(vend.posting_references())
        return messages_for(
            user,
            Alert(
                debit=True,
                amount_kobo=vend.amount_kobo,
                account_number=vend.source_account,
                counterparty=vend.provider_title,
                narration=vend.narration(),
                available_after_kobo=available_after(posting, vend.source_account),
                reference=vend.id,
                at=vend.finished_at or utcnow(),
            ),
        )
