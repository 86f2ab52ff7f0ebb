"""Transaction limits the customer set per account and transfer type, and changes to them
waiting for their code."""

from __future__ import annotations

import uuid
from datetime import datetime

from sqlalchemy import BigInteger, ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from bff.db import Base, UTCDateTime, utcnow


class TransactionLimit(Base):
    __tablename__ = "transaction_limits"
    __table_args__ = (UniqueConstraint("nuban", "transfer_type"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    nuban: Mapped[str] = mapped_column(String(10))
    transfer_type: Mapped[str] = mapped_column(String(20))
    daily_kobo: Mapped[int] = mapped_column(BigInteger)
    single_kobo: Mapped[int] = mapped_column(BigInteger)
    uuid: Mapped[str] = mapped_column(String(36), default=lambda: str(uuid.uuid4()))
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    # A raise waits out its cooling-off (KOBO_RISK_LIMIT_RAISE_HOURS): from `raise_from` these
    # limits apply instead of the two above; a lowering applies at once.
    raise_daily_kobo: Mapped[int | None] = mapped_column(BigInteger)
    raise_single_kobo: Mapped[int | None] = mapped_column(BigInteger)
    raise_from: Mapped[datetime | None] = mapped_column(UTCDateTime)


class PendingLimitChange(Base):
    """Limits the customer asked for, applied only once confirmed with a code."""

    __tablename__ = "pending_limit_changes"

    uuid: Mapped[str] = mapped_column(String(36), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    nuban: Mapped[str] = mapped_column(String(10))
    # None: the same limits for every transfer type of the account.
    transfer_type: Mapped[str | None] = mapped_column(String(20))
    daily_kobo: Mapped[int] = mapped_column(BigInteger)
    single_kobo: Mapped[int] = mapped_column(BigInteger)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    confirmed_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
