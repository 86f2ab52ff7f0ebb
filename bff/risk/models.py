"""What the risk check reads besides payments, and the back office's queue of held payments.

`WatchedAccount` and `AccountFlag` are copies, kept by bff/risk/sync.py, of what the switch
(the watch-list of reported mule accounts) and the core (accounts flagged by its watch on
money coming in) publish: the check reads them locally, so it costs no outside call.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, ForeignKey, Index, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from bff.db import Base, UTCDateTime, utcnow


class ReviewState:
    OPEN = "OPEN"
    RELEASED = "RELEASED"  # the back office let it go: the payment runs
    CANCELLED = "CANCELLED"  # the back office stopped it: the money went back
    EXPIRED = "EXPIRED"  # nobody decided by the deadline: cancelled, the money went back


class FlagState:
    OPEN = "OPEN"  # the core holds the account's outflows while the back office looks
    CLEARED = "CLEARED"
    CONFIRMED = "CONFIRMED"  # found to be a mule account: its outflows stay stopped


class WatchedAccount(Base):
    __tablename__ = "watched_accounts"

    bank_code: Mapped[str] = mapped_column(String(6), primary_key=True)
    account_number: Mapped[str] = mapped_column(String(10), primary_key=True)
    reason: Mapped[str] = mapped_column(String(200))
    reported_at: Mapped[datetime] = mapped_column(UTCDateTime)


class AccountFlag(Base):
    __tablename__ = "account_flags"

    account_number: Mapped[str] = mapped_column(String(10), primary_key=True)
    customer_id: Mapped[str | None] = mapped_column(String(30))
    rule: Mapped[str] = mapped_column(String(30))
    state: Mapped[str] = mapped_column(String(10))
    raised_at: Mapped[datetime] = mapped_column(UTCDateTime)
    decided_at: Mapped[datetime | None] = mapped_column(UTCDateTime)


class SyncCursor(Base):
    """How far a copied feed was read (its last sequence number)."""

    __tablename__ = "sync_cursors"

    name: Mapped[str] = mapped_column(String(30), primary_key=True)
    last_seq: Mapped[int] = mapped_column(BigInteger, default=0)


class PaymentReview(Base):
    """A payment held for review: its money reserved in the core under `hold_reference`
    until the back office releases or cancels it, or its deadline passes."""

    __tablename__ = "payment_reviews"
    __table_args__ = (Index("ix_payment_reviews_state_deadline", "state", "deadline_at"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    # The payment's kind ("TRANSFER") and id: which service runs it once released.
    kind: Mapped[str] = mapped_column(String(12))
    payment_id: Mapped[str] = mapped_column(String(32), unique=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    source_account: Mapped[str] = mapped_column(String(10))
    amount_kobo: Mapped[int] = mapped_column(BigInteger)
    payee: Mapped[str] = mapped_column(String(250))
    # The rules that held it (ids, for the back office) and what the customer was told.
    rules: Mapped[str] = mapped_column(String(200))
    reasons: Mapped[str] = mapped_column(Text)
    state: Mapped[str] = mapped_column(String(10), default=ReviewState.OPEN)
    deadline_at: Mapped[datetime] = mapped_column(UTCDateTime)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    decided_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    decided_by: Mapped[int | None] = mapped_column(Integer)
    # What the back office told the customer when it cancelled.
    answer: Mapped[str | None] = mapped_column(Text)

    @property
    def hold_reference(self) -> str:
        return review_hold_reference(self.payment_id)


def review_hold_reference(payment_id: str) -> str:
    """The core hold that reserves a held payment's money. The core lets a `REVIEW-` hold
    through even on an account whose outflows it stopped: reserving sends nothing."""
    return f"REVIEW-{payment_id}"
