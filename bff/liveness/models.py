"""A customer's liveness check: a selfie matched to their BVN photo, at onboarding and when a
frozen or dormant profile comes back (bff/liveness/service.py)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from bff.db import Base, UTCDateTime, utcnow


class LivenessStatus:
    REQUIRED = "REQUIRED"  # not taken yet
    PASSED = "PASSED"  # matched, by the vendor or by a person
    FAILED = "FAILED"  # tries left
    REFERRED = "REFERRED"  # three failed tries: a person compares the last selfie
    NOT_REQUIRED = "NOT_REQUIRED"  # a signed-in customer with nothing to confirm (no row)


class LivenessReason:
    ONBOARDING = "ONBOARDING"
    RETURNING = "RETURNING"  # unfrozen by the customer, or dormant


class LivenessCheck(Base):
    __tablename__ = "liveness_checks"

    user_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    reason: Mapped[str] = mapped_column(String(12))
    status: Mapped[str] = mapped_column(String(10), default=LivenessStatus.REQUIRED)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    # The vendor's last answer (PASS, FAIL, SPOOF).
    last_result: Mapped[str | None] = mapped_column(String(6))
    # A referred selfie, sealed in the document store for the person who compares it;
    # forgotten once they decide.
    selfie_key: Mapped[str | None] = mapped_column(String(64))
    required_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    decided_by: Mapped[int | None] = mapped_column(Integer)
