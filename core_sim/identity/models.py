"""The national identity registry as the bank sees it: BVN (NIBSS) and NIN (NIMC) records."""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import Date, Float, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from core_sim.db import Base, UTCDateTime
from core_sim.simclock.state import utcnow


class IdentityRecord(Base):
    __tablename__ = "identity_records"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    bvn: Mapped[str] = mapped_column(String(11), unique=True)
    nin: Mapped[str] = mapped_column(String(11), unique=True)
    first_name: Mapped[str] = mapped_column(String(80))
    last_name: Mapped[str] = mapped_column(String(80))
    date_of_birth: Mapped[date] = mapped_column(Date)
    phone_number: Mapped[str] = mapped_column(String(11))
    gender: Mapped[str] = mapped_column(String(10))


class LivenessCheck(Base):
    """A liveness and face-match check as the vendor answered it, kept per the caller's
    reference: the same reference is answered the same again."""

    __tablename__ = "identity_liveness_checks"

    reference: Mapped[str] = mapped_column(String(64), primary_key=True)
    id_type: Mapped[str] = mapped_column(String(3))
    id_number: Mapped[str] = mapped_column(String(11))
    image_sha256: Mapped[str] = mapped_column(String(64))
    result: Mapped[str] = mapped_column(String(5))  # PASS, FAIL, SPOOF
    liveness_score: Mapped[float] = mapped_column(Float)
    face_match: Mapped[float] = mapped_column(Float)
    message: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
