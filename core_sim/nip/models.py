"""The NIBSS Instant Payment switch as Kobo sees it: other banks' accounts, name inquiries and
interbank transfers with their final outcome."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, Index, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from core_sim.db import Base, UTCDateTime
from core_sim.simclock.state import utcnow


class ExternalAccount(Base):
    """An account at another bank (reachable only through NIP)."""

    __tablename__ = "external_accounts"
    __table_args__ = (UniqueConstraint("bank_code", "account_number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    bank_code: Mapped[str] = mapped_column(String(6))
    account_number: Mapped[str] = mapped_column(String(10))
    account_name: Mapped[str | None] = mapped_column(String(120))
    # A magic behaviour from fixtures/scenarios.json, or None for an ordinary account.
    scenario: Mapped[str | None] = mapped_column(String(40))


class NameInquiry(Base):
    __tablename__ = "nip_name_inquiries"

    session_id: Mapped[str] = mapped_column(String(30), primary_key=True)
    bank_code: Mapped[str] = mapped_column(String(6))
    account_number: Mapped[str] = mapped_column(String(10))
    account_name: Mapped[str] = mapped_column(String(120))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)


class InterbankTransfer(Base):
    """One funds transfer as the switch recorded it, keyed by the sender's reference."""

    __tablename__ = "nip_transfers"

    reference: Mapped[str] = mapped_column(String(64), primary_key=True)
    session_id: Mapped[str] = mapped_column(String(30), unique=True)
    name_inquiry_ref: Mapped[str] = mapped_column(String(30))
    body_hash: Mapped[str] = mapped_column(String(64))
    debit_account: Mapped[str] = mapped_column(String(20))
    bank_code: Mapped[str] = mapped_column(String(6))
    account_number: Mapped[str] = mapped_column(String(10))
    account_name: Mapped[str] = mapped_column(String(120))
    amount_kobo: Mapped[int] = mapped_column(BigInteger)
    narration: Mapped[str] = mapped_column(String(200))
    # What a status query answers now, and (while 09) what it will answer from resolve_at.
    response_code: Mapped[str] = mapped_column(String(2))
    final_response_code: Mapped[str] = mapped_column(String(2))
    resolve_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)


class WatchListEntry(Base):
    """An account reported as a mule to NIBSS's watch-list, as the feed publishes it: the
    report and its removal each give the row the next `seq`."""

    __tablename__ = "nip_watch_list"
    __table_args__ = (Index("ix_nip_watch_list_account", "bank_code", "account_number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    seq: Mapped[int] = mapped_column(BigInteger, unique=True)
    bank_code: Mapped[str] = mapped_column(String(6))
    account_number: Mapped[str] = mapped_column(String(10))
    reason: Mapped[str] = mapped_column(String(200))
    reported_by: Mapped[str] = mapped_column(String(120))
    # The reporter's idempotency reference: a report sent again is the same entry.
    reference: Mapped[str] = mapped_column(String(64), unique=True)
    reported_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    removed_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
