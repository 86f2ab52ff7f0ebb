"""Debit and credit alerts: one per customer account a completed payment moved.

Rendered by the outbox worker from the BFF's record of the payment (who, to whom, the
customer's own description) and the core's line for that posting (the balance after it):
the payment's own path only inserts one outbox row, naming its kind and id. Each payment
domain renders its own kind (bff/transfers/alerts.py, bff/bills/alerts.py) and the app
registers them here, so this package never imports the domains that use it.

Every figure is what the customer sees in the app: the reference they were given, names,
their narration; never a ledger code or a settlement account.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Awaitable, Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, TypeVar, cast

import msgspec
from sqlalchemy import Select, bindparam, select
from sqlalchemy.orm import aliased

from bff.core_client import CoreClient, CorePosting, CoreRefused
from bff.core_client.schemas import CorePostingEntry
from bff.dates import wat
from bff.db import Database
from bff.money import format_naira
from bff.notifications.message import Message
from bff.notifications.templates import branded_email, sms
from bff.users.models import User

log = logging.getLogger(__name__)


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


# A payment kind's alerts: its id, and the core's posting when the payment's answer carried it
# (None: the renderer reads it from the core).
Renderer = Callable[[str, CorePosting | None], Awaitable[Sequence[Message]]]


class PostingAlerts:
    """The outbox's renderer for posting alerts: hands each to its payment kind's renderer."""

    def __init__(self, renderers: Mapping[str, Renderer]) -> None:
        self.renderers = dict(renderers)

    async def render(self, payload: dict[str, Any]) -> Sequence[Message]:
        renderer = self.renderers.get(payload.get("payment", ""))
        if renderer is None:
            log.error("unknown posting alert %s", payload)
            return []
        kept = payload.get("posting")
        posting = None if kept is None else msgspec.convert(kept, CorePosting)
        return await renderer(payload["id"], posting)


Payment = TypeVar("Payment")


async def payment_and_payer(
    db: Database, model: type[Payment], payment_id: str
) -> tuple[Payment, User] | None:
    """A payment row (a transfer, a vend: any model with `id` and `user_id`) with the customer
    who made it, in one joined read; None if there is no such payment."""
    found = await payment_and_people(db, model, payment_id, None)
    return None if found is None else (found[0], found[1])


async def payment_and_people(
    db: Database, model: type[Payment], payment_id: str, recipient_customer_id: str | None
) -> tuple[Payment, User, User | None] | None:
    """As `payment_and_payer`, with the Kobo customer `recipient_customer_id` names (None if
    none does) in the same read: an alert pass reads each payment once."""
    async with db.autocommit() as session:
        found = (
            await session.execute(
                _payment_and_people(cast(Hashable, model)),
                {"payment_id": payment_id, "recipient": recipient_customer_id},
            )
        ).first()
    if found is None:
        return None
    payment, payer, recipient = found
    return cast(Payment, payment), payer, recipient


@functools.cache
def _payment_and_people(model: Any) -> Select[Any]:
    """Built once per payment model: every alert runs it, and building it per call (and its
    cache key) was most of its SQLAlchemy time (py-spy on the transfer, session 20). No
    recipient (NULL) matches no user."""
    recipient = aliased(User)
    return (
        select(model, User, recipient)
        .join(User, User.id == model.user_id)
        .outerjoin(recipient, recipient.customer_id == bindparam("recipient"))
        .where(model.id == bindparam("payment_id"))
        .order_by(recipient.id)
        .limit(1)
    )


def holder_of(posting: CorePosting | None, account_number: str) -> str | None:
    """The core customer who holds this account, as the posting names them."""
    entry = entry_for(posting, account_number)
    return entry.customer_id if entry is not None else None


def entry_for(posting: CorePosting | None, account_number: str) -> CorePostingEntry | None:
    """The posting's line on this account. The posting comes with the payment's answer, or
    else is read by its own reference (`CoreClient.first_posting`), never found by searching
    the account's lines: a search costs as much as the account's history."""
    entries = posting.entries if posting is not None else []
    return next((entry for entry in entries if entry.account_number == account_number), None)


def available_after(posting: CorePosting | None, account_number: str) -> int | None:
    """What the customer could spend right after a payment's posting (balance less open
    holds), from its line on this account."""
    mine = entry_for(posting, account_number)
    return mine.available_after_kobo if mine is not None else None


async def owner_of(
    db: Database, core: CoreClient, account_number: str, posting: CorePosting | None = None
) -> User | None:
    """The Kobo customer who owns an account of this bank, if one does: the holder named
    on the payment's posting, else as the core answers for the account."""
    entry = entry_for(posting, account_number)
    customer_id = entry.customer_id if entry is not None else None
    if customer_id is None:
        try:
            customer_id = (await core.account(account_number)).customer_id
        except CoreRefused:
            return None
    if not customer_id:
        return None
    async with db.autocommit() as session:
        return await session.scalar(select(User).where(User.customer_id == customer_id).limit(1))
