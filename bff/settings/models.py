"""Customer settings kept by the BFF: a Google Authenticator secret being set up."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, String
from sqlalchemy.orm import Mapped, mapped_column

from bff.db import Base, UTCDateTime, utcnow


class PendingAuthenticatorSecret(Base):
    """A TOTP secret shown to the customer, adopted once they prove their app has it."""

    __tablename__ = "pending_authenticator_secrets"

    user_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    secret: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
