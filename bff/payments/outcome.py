"""The SMS of a payment's final outcome, for a customer who last saw it Pending."""

from __future__ import annotations

from typing import Any

from bff.notifications.notifier import Notifier
from bff.notifications.templates import sms
from bff.payments.lifecycle import Lifecycle, Status
from bff.users.models import User


async def text_the_outcome(
    life: Lifecycle[Any], notifier: Notifier, item: Any, payment: str, receipt: str = ""
) -> None:
    """SMS the outcome of `item` (a transfer or a vend the customer last saw as Pending):
    "Kobo: your <payment> was successful.<receipt> Ref …" or "… failed. <reason> Ref …".
    Once, by whoever marks it notified, and only to a customer with a phone number. Through
    the outbox."""
    if item.status == Status.COMPLETED:
        text = f"Kobo: your {payment} was successful.{receipt} Ref {item.id}."
    else:
        text = f"Kobo: your {payment} failed. {item.failure_reason} Ref {item.id}."
    if not await life.mark_notified(item.id):
        return
    async with life.db.transaction() as session:
        user = await session.get(User, item.user_id)
    if user is None or not user.phone_number:
        return
    await notifier.send([sms(user.phone_number, text)])
