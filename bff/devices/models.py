"""Known devices: each browser a customer signs in from, told apart by a long random cookie
set by the BFF (only its SHA-256 is stored, as for session tokens)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from bff.db import Base, UTCDateTime, utcnow


class Device(Base):
    """One browser of one customer (the same browser shared by two customers is two rows)."""

    __tablename__ = "devices"
    __table_args__ = (UniqueConstraint("user_id", "token_hash"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    token_hash: Mapped[str] = mapped_column(String(64))
    # From the browser at first sign-in ("Chrome on Android"); the customer may rename it.
    name: Mapped[str] = mapped_column(String(60))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    last_used_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    # The end of the new-device transfer cap (24 hours after the first sign-in here, or
    # after a passkey was added here); None: never capped (the customer's first device).
    capped_until: Mapped[datetime | None] = mapped_column(UTCDateTime)
