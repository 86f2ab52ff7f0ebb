"""Offers, sent only where the customer's consent for the channel is in force (NDPA 2023
s. 26; docs/contract.md §14.6c). The consent in force is the latest logged change per
channel (none: no), read for every recipient in the one statement that picks them, so an
offer can only reach those who said yes. Closed profiles get nothing. Each offer says how to
stop them. Alerts, codes and notices never come through here: they are not marketing."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import Select, func, select

from bff.db import Database
from bff.errors import FieldErrors
from bff.notifications.message import Message
from bff.notifications.notifier import Notifier
from bff.notifications.templates import branded_email, sms
from bff.privacy.models import ConsentChannel, ConsentEvent
from bff.users.models import User

CHOOSE_CHANNEL = "Choose SMS or EMAIL"
SUBJECT_REQUIRED = "An e-mail offer needs a subject"
TEXT_REQUIRED = "Write the offer"
SMS_TOO_LONG = "An SMS offer is at most {} characters"
# One SMS part less the stop line, so the offer and how to stop it arrive as one message.
SMS_STOP = " Stop: Settings > Your data"
SMS_LIMIT = 160 - len(SMS_STOP)
EMAIL_STOP = (
    "You receive offers by e-mail because you switched them on. To stop them, switch off "
    "Offers by e-mail in Settings, Your data."
)


def consenting(channel: str) -> Select[User]:
    """The open profiles whose latest consent on `channel` is given."""
    ranked = (
        select(
            ConsentEvent.user_id,
            ConsentEvent.given,
            func.row_number()
            .over(
                partition_by=ConsentEvent.user_id,
                order_by=(ConsentEvent.at.desc(), ConsentEvent.id.desc()),
            )
            .label("newest_first"),
        )
        .where(ConsentEvent.channel == channel)
        .subquery()
    )
    return (
        select(User)
        .join(ranked, ranked.c.user_id == User.id)
        .where(ranked.c.newest_first == 1, ranked.c.given.is_(True), User.closed_at.is_(None))
        .order_by(User.id)
    )


@dataclass(frozen=True, slots=True)
class Offer:
    channel: str
    subject: str
    text: str

    def to(self, user: User) -> Message | None:
        if self.channel == ConsentChannel.SMS:
            if not user.phone_number:
                return None
            return sms(user.phone_number, f"Kobo: {self.text}{SMS_STOP}")
        return branded_email(user.email, self.subject, self.subject, [self.text, EMAIL_STOP])


def checked_offer(channel: str | None, subject: str | None, text: str | None) -> Offer:
    """The offer as staff wrote it, or every field's problem at once (400)."""
    offer = Offer((channel or "").strip().upper(), (subject or "").strip(), (text or "").strip())
    errors = []
    if offer.channel not in (ConsentChannel.SMS, ConsentChannel.EMAIL):
        errors.append({"field": "channel", "message": CHOOSE_CHANNEL})
    if offer.channel == ConsentChannel.EMAIL and not offer.subject:
        errors.append({"field": "subject", "message": SUBJECT_REQUIRED})
    if not offer.text:
        errors.append({"field": "text", "message": TEXT_REQUIRED})
    elif offer.channel == ConsentChannel.SMS and len(offer.text) > SMS_LIMIT:
        errors.append({"field": "text", "message": SMS_TOO_LONG.format(SMS_LIMIT)})
    if errors:
        raise FieldErrors(errors)
    return offer


class MarketingOffers:
    def __init__(self, db: Database, notifier: Notifier) -> None:
        self.db = db
        self.notifier = notifier

    async def send(self, offer: Offer) -> int:
        """Queued in the outbox in one transaction with the read of who consented; the
        jobs runner's outbox pass sends them (a campaign is not sent inside a request).
        Answers how many were queued."""
        async with self.db.transaction() as session:
            recipients = (await session.scalars(consenting(offer.channel))).all()
            messages = [m for user in recipients if (m := offer.to(user)) is not None]
            await self.notifier.record(session, messages)
        return len(messages)
