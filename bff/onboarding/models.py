"""Onboarding: the basic profile under review, identity checks, and uploaded documents."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from bff.db import Base, UTCDateTime, utcnow


class ReviewStatus:
    SUBMITTED = "SUBMITTED"
    APPROVED = "APPROVED"
    DECLINED = "DECLINED"


class OnboardingProfile(Base):
    """One row per user once they save their basic profile."""

    __tablename__ = "onboarding_profiles"

    user_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    first_name: Mapped[str] = mapped_column(String(80))
    last_name: Mapped[str] = mapped_column(String(80))
    phone_number: Mapped[str] = mapped_column(String(11))
    # Sealed (bff/storage/fields.py): about 150 characters, not the 11 digits.
    bvn: Mapped[str] = mapped_column(String(255))
    nin: Mapped[str] = mapped_column(String(255))
    basic_profile_status: Mapped[str | None] = mapped_column(String(10))
    basic_profile_comment: Mapped[str | None] = mapped_column(Text)
    bvn_status: Mapped[str | None] = mapped_column(String(10))
    bvn_comment: Mapped[str | None] = mapped_column(Text)
    nin_status: Mapped[str | None] = mapped_column(String(10))
    nin_comment: Mapped[str | None] = mapped_column(Text)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    reviewed_by: Mapped[int | None] = mapped_column(ForeignKey("users.id"))


class OnboardingDocument(Base):
    __tablename__ = "onboarding_documents"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    # The required-document slot (see onboarding/slots.py), the contract's `documentTypeId`.
    slot_id: Mapped[int] = mapped_column(Integer)
    # The identity-document type chosen from the core's list; None for the passport photograph.
    core_document_type_id: Mapped[int | None] = mapped_column(Integer)
    description: Mapped[str] = mapped_column(String(120))
    storage_key: Mapped[str] = mapped_column(String(64))
    content_type: Mapped[str] = mapped_column(String(40))
    size_bytes: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(10), default=ReviewStatus.SUBMITTED)
    verification_comment: Mapped[str | None] = mapped_column(Text)
    uploaded_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    reviewed_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    reviewed_by: Mapped[int | None] = mapped_column(ForeignKey("users.id"))
