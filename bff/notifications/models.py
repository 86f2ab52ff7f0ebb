"""The outbox: a message is a row written in the transaction of the event that causes it."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Index, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from bff.db import Base, UTCDateTime, utcnow


class OutboxKind:
    SMS = "SMS"
    EMAIL = "EMAIL"
    # A completed posting whose debit and credit alerts are still to be written: rendered by
    # the worker (it reads the balance after from the core), off the payment's own path.
    POSTING_ALERT = "POSTING_ALERT"


class OutboxStatus:
    PENDING = "PENDING"
    SENT = "SENT"


class OutboxMessage(Base):
    __tablename__ = "notification_outbox"
    __table_args__ = (Index("ix_notification_outbox_due", "status", "next_attempt_at"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))
    recipient: Mapped[str | None] = mapped_column(String(200))
    subject: Mapped[str | None] = mapped_column(String(200))
    text: Mapped[str] = mapped_column(Text, default="")
    html: Mapped[str | None] = mapped_column(Text)
    # JSON: an e-mail's attachments, or which payment a POSTING_ALERT is about.
    payload: Mapped[str | None] = mapped_column(Text)
    status: Mapped[str] = mapped_column(String(10), default=OutboxStatus.PENDING)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    next_attempt_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    # Whoever holds an unexpired lease with its claim token is the only one sending the row.
    lease_until: Mapped[datetime | None] = mapped_column(UTCDateTime)
    claim_token: Mapped[str | None] = mapped_column(String(32))
    last_error: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    sent_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
