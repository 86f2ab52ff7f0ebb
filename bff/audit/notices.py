"""E-mails that tell a customer about a change to their security settings, so that a change
they did not make does not go unnoticed (issue 12: notify on password, two-factor method,
limits and new beneficiaries). Sent after the change is committed, through the outbox: a
delivery failure is retried by the worker and never undoes the change."""

from __future__ import annotations

from bff.audit.events import Event
from bff.banks import BANK_NAME
from bff.notifications.notifier import Notifier
from bff.notifications.templates import plain_email, sms
from bff.users.models import User

SUBJECTS = {
    Event.PASSWORD_CHANGED: "Your Kobo password was changed",
    Event.PASSWORD_RESET: "Your Kobo password was reset",
    Event.TWO_FACTOR_CHANGED: "Your Kobo sign-in verification method was changed",
    Event.LIMIT_CHANGED: "Your Kobo transfer limits were changed",
    Event.BENEFICIARY_ADDED: "A beneficiary was added to your Kobo profile",
    Event.PASSKEY_ADDED: "A passkey was added to your Kobo profile",
    Event.PASSKEY_REMOVED: "A passkey was removed from your Kobo profile",
    Event.NEW_DEVICE: "New sign-in to your Kobo account",
    Event.DEVICE_REMOVED: "A device was removed from your Kobo profile",
    Event.ACCOUNT_FROZEN: "Your Kobo account is frozen",
    Event.ACCOUNT_UNFROZEN: "Your Kobo account is unfrozen",
    Event.INSTANT_TRANSFERS_OFF: "Instant transfers are switched off on your Kobo profile",
    Event.INSTANT_TRANSFERS_ON: "Instant transfers are switched on on your Kobo profile",
    Event.CODES_PAUSED: "Too many wrong codes were entered on your Kobo account",
}
NOT_YOU = (
    "If you did not make this change, contact Kobo customer service at once and change your "
    "password. Kobo will never ask you for your password or a one-time code."
)


class SecurityNotices:
    def __init__(self, notifier: Notifier) -> None:
        self.notifier = notifier

    async def tell(self, user: User, event: Event, what: str) -> None:
        """`what` completes "…" in the e-mail: the change, in the customer's words."""
        body = f"Hello {user.first_name},\n\n{what}\n\n{NOT_YOU}\n\n{BANK_NAME}"
        # Recorded in the outbox first: a transport outage delays the notice, never loses it.
        await self.notifier.send([plain_email(user.email, SUBJECTS[event], body)])

    async def text(self, user: User, text: str) -> None:
        """The same news by SMS as well, where the customer has a phone number (the outbox)."""
        if user.phone_number:
            await self.notifier.send([sms(user.phone_number, text)])
