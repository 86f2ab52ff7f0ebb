"""Debit and credit alerts: one per customer account a completed payment moved.

Rendered by the outbox worker from the BFF's record of the payment (who, to whom, the
customer's own description) and the core's line for that posting (the balance after it):
the payment's own path only inserts one outbox row. The recipient of a Kobo-to-Kobo
transfer is found from the credit account's customer at the core.

Every figure is what the customer sees in the app: the reference they were given, names,
their narration; never a ledger code or a settlement account.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select

from bff.auth.models import User
from bff.bills.models import Vend
from bff.core_client import CoreClient, CoreRefused
from bff.db import Database, utcnow
from bff.money import format_naira
from bff.notifications.message import Message
from bff.notifications.templates import branded_email, sms
from bff.timefmt import LAGOS
from bff.transfers.models import Kind, Transfer

log = logging.getLogger(__name__)

TRANSFER = "transfer"
VEND = "vend"


@dataclass(frozen=True, slots=True)
class Alert:
    debit: bool
    amount_kobo: int
    account_number: str
    counterparty: str
    narration: str
    available_after_kobo: int | None
    reference: str
    at: datetime


def wat(moment: datetime) -> str:
    return moment.astimezone(LAGOS).strftime("%d-%m-%Y %H:%M WAT")


def masked(account_number: str) -> str:
    return f"{account_number[:3]}****{account_number[-3:]}"


def messages_for(user: User, alert: Alert) -> list[Message]:
    what = "Debit" if alert.debit else "Credit"
    direction = "To" if alert.debit else "From"
    rows = [
        ("Amount", format_naira(alert.amount_kobo)),
        ("Account", masked(alert.account_number)),
        (direction, alert.counterparty),
        ("Narration", alert.narration),
    ]
    if alert.available_after_kobo is not None:
        rows.append(("Available balance", format_naira(alert.available_after_kobo)))
    rows += [("Reference", alert.reference), ("Date", wat(alert.at))]
    out: list[Message] = []
    if user.phone_number:
        out.append(
            sms(user.phone_number, f"Kobo {what} Alert\n" + "\n".join(f"{k}: {v}" for k, v in rows))
        )
    sentence = (
        f"{format_naira(alert.amount_kobo)} has left your account."
        if alert.debit
        else f"{format_naira(alert.amount_kobo)} has arrived in your account."
    )
    out.append(
        branded_email(
            user.email,
            f"Kobo {what} Alert: {format_naira(alert.amount_kobo)}",
            f"{what} alert",
            [f"Dear {user.first_name},", sentence],
            rows,
        )
    )
    return out


class PostingAlerts:
    def __init__(self, db: Database, core: CoreClient) -> None:
        self.db = db
        self.core = core

    async def render(self, payload: dict[str, str]) -> Sequence[Message]:
        if payload.get("payment") == TRANSFER:
            return await self._transfer(payload["id"])
        if payload.get("payment") == VEND:
            return await self._vend(payload["id"])
        log.error("unknown posting alert %s", payload)
        return []

    async def _available_after(self, account_number: str, reference: str) -> int | None:
        """What the customer could spend right after this posting (balance less open holds),
        from the core's line for it (found by the reference, which the posting's contains)."""
        page = await self.core.lines(account_number, search=reference, limit=1)
        return page.lines[0].available_after_kobo if page.lines else None

    async def _transfer(self, transfer_id: str) -> list[Message]:
        async with self.db.autocommit() as session:
            transfer = await session.get(Transfer, transfer_id)
            sender = await session.get(User, transfer.user_id) if transfer else None
        if transfer is None or sender is None:
            return []
        at = transfer.finished_at or utcnow()
        sender_name = f"{sender.first_name} {sender.last_name}"
        messages = messages_for(
            sender,
            Alert(
                debit=True,
                amount_kobo=transfer.amount_kobo,
                account_number=transfer.source_account,
                counterparty=transfer.destination_name,
                narration=transfer.description,
                available_after_kobo=await self._available_after(
                    transfer.source_account, transfer.id
                ),
                reference=transfer.id,
                at=at,
            ),
        )
        if transfer.kind == Kind.OTHER_BANK:
            return messages
        recipient = await self._owner(transfer.destination_account)
        if recipient is not None:
            messages += messages_for(
                recipient,
                Alert(
                    debit=False,
                    amount_kobo=transfer.amount_kobo,
                    account_number=transfer.destination_account,
                    counterparty=sender_name,
                    narration=transfer.description,
                    available_after_kobo=await self._available_after(
                        transfer.destination_account, transfer.id
                    ),
                    reference=transfer.id,
                    at=at,
                ),
            )
        return messages

    async def _owner(self, account_number: str) -> User | None:
        """The Kobo customer who owns an account of this bank, if one does."""
        try:
            account = await self.core.account(account_number)
        except CoreRefused:
            return None
        if not account.customer_id:
            return None
        async with self.db.autocommit() as session:
            return await session.scalar(
                select(User).where(User.customer_id == account.customer_id).limit(1)
            )

    async def _vend(self, vend_id: str) -> list[Message]:
        async with self.db.autocommit() as session:
            vend = await session.get(Vend, vend_id)
            user = await session.get(User, vend.user_id) if vend else None
        if vend is None or user is None:
            return []
        return messages_for(
            user,
            Alert(
                debit=True,
                amount_kobo=vend.amount_kobo,
                account_number=vend.source_account,
                counterparty=vend.provider_title,
                narration=vend.narration(),
                available_after_kobo=await self._available_after(vend.source_account, vend.id),
                reference=vend.id,
                at=vend.finished_at or utcnow(),
            ),
        )
