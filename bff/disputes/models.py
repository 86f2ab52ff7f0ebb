"""A dispute: a problem the customer reported about one of their payments, tracked against
the answer-by time its reason allows. Its conversation is an ordinary ticket's."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, ForeignKey, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from bff.db import Base, UTCDateTime, utcnow
from bff.disputes.reasons import DisputeStatus


class Dispute(Base):
    __tablename__ = "disputes"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    # What the customer quotes on the phone: KOBO-DSP-<yymmdd>-<6 letters and digits>.
    tracking_number: Mapped[str] = mapped_column(String(24), unique=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    ticket_id: Mapped[int] = mapped_column(ForeignKey("tickets.id", ondelete="CASCADE"))
    # The payment's reference as the customer knows it (a transfer's or vend's id, or the
    # ledger line's reference with the core's prefixes taken off).
    payment_reference: Mapped[str] = mapped_column(String(40), index=True)
    # The payment's reference while the dispute is open, NULL once it is closed: the unique
    # index lets one dispute per payment be open at a time, even for two requests at once.
    open_reference: Mapped[str | None] = mapped_column(String(40), unique=True)
    reason: Mapped[str] = mapped_column(String(20))
    status: Mapped[str] = mapped_column(String(10), default=DisputeStatus.RECEIVED)
    # The payment as it was reported, so lists need not ask the core again.
    amount_kobo: Mapped[int] = mapped_column(BigInteger)
    # The customer's account the payment left (or reached): where a refund is credited.
    account_number: Mapped[str] = mapped_column(String(10))
    # DEBIT: money left the account (refundable); CREDIT: money the customer received.
    direction: Mapped[str] = mapped_column(String(6))
    payment_summary: Mapped[str] = mapped_column(String(250))
    payment_at: Mapped[datetime] = mapped_column(UTCDateTime)
    due_at: Mapped[datetime] = mapped_column(UTCDateTime, index=True)
    # The bank's last word: the instant answer, the refund, or why it was rejected.
    answer: Mapped[str | None] = mapped_column(Text)
    # The reversal credit of a refund: its reference, `RVSL-<payment reference>`.
    refund_reference: Mapped[str | None] = mapped_column(String(48))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    closed_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
