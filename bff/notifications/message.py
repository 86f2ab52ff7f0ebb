"""One message to one customer, whatever carries it."""

from __future__ import annotations

from dataclasses import dataclass, field


class Channel:
    SMS = "SMS"
    EMAIL = "EMAIL"


@dataclass(frozen=True, slots=True)
class Attachment:
    name: str
    content_type: str
    base64: str


@dataclass(frozen=True, slots=True)
class Message:
    channel: str
    recipient: str  # a phone number (SMS) or an e-mail address
    text: str  # the SMS, or the e-mail's plain-text part
    subject: str | None = None
    html: str | None = None  # the e-mail's branded HTML part
    attachments: tuple[Attachment, ...] = field(default=())
