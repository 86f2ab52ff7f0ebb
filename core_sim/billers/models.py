"""Biller side: the customers billers know (meters, smart cards) and every vend."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from core_sim.db import Base, UTCDateTime
from core_sim.simclock.state import utcnow


class BillerCustomer(Base):
    """A prepaid/postpaid meter (ELECTRICITY) or a decoder smart card (CABLE_TV)."""

    __tablename__ = "biller_customers"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    category: Mapped[str] = mapped_column(String(12))
    number: Mapped[str] = mapped_column(String(20), index=True)
    name: Mapped[str] = mapped_column(String(120))
    phone: Mapped[str | None] = mapped_column(String(11))
    address: Mapped[str | None] = mapped_column(String(200))


class Vend(Base):
    __tablename__ = "vends"

    reference: Mapped[str] = mapped_column(String(64), primary_key=True)
    body_hash: Mapped[str] = mapped_column(String(64))
    category: Mapped[str] = mapped_column(String(12))
    provider_code: Mapped[str] = mapped_column(String(20))
    product_code: Mapped[str | None] = mapped_column(String(30))
    customer_number: Mapped[str] = mapped_column(String(20))
    amount_kobo: Mapped[int] = mapped_column(BigInteger)
    response_code: Mapped[str] = mapped_column(String(2))
    final_response_code: Mapped[str] = mapped_column(String(2))
    resolve_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    token: Mapped[str | None] = mapped_column(String(24))
    units: Mapped[str | None] = mapped_column(String(20))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
