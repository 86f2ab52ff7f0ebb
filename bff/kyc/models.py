"""KYC level submissions (levels 1-3 of the CBN tiered framework)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from bff.db import Base, UTCDateTime, utcnow


class KycStatus:
    PENDING = "pending"
    APPROVED = "approved"
    DECLINED = "declined"


class KycSubmission(Base):
    __tablename__ = "kyc_submissions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    level: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(10))
    # Sealed (bff/storage/fields.py): about 150 characters, not the 11 digits.
    bvn: Mapped[str | None] = mapped_column(String(255))
    nin: Mapped[str | None] = mapped_column(String(255))
    utility_bill_key: Mapped[str | None] = mapped_column(String(64))
    utility_bill_type: Mapped[str | None] = mapped_column(String(20))
    id_card_key: Mapped[str | None] = mapped_column(String(64))
    id_card_type: Mapped[str | None] = mapped_column(String(20))
    comment: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    reviewed_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
