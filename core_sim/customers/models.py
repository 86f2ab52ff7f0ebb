"""Core-banking customers and account products."""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import Date, ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from core_sim.db import Base, UTCDateTime
from core_sim.simclock.state import utcnow


class AccountType(Base):
    __tablename__ = "account_types"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(60), unique=True)
    code: Mapped[str] = mapped_column(String(20), unique=True)


class Customer(Base):
    __tablename__ = "customers"

    id: Mapped[str] = mapped_column(String(20), primary_key=True)  # e.g. CIF00000001
    first_name: Mapped[str] = mapped_column(String(80))
    last_name: Mapped[str] = mapped_column(String(80))
    email: Mapped[str | None] = mapped_column(String(200), index=True)
    phone_number: Mapped[str | None] = mapped_column(String(20), index=True)
    bvn: Mapped[str | None] = mapped_column(String(11), index=True)
    nin: Mapped[str | None] = mapped_column(String(11))
    date_of_birth: Mapped[date | None] = mapped_column(Date)
    gender: Mapped[str | None] = mapped_column(String(10))
    address: Mapped[str | None] = mapped_column(String(200))
    state_of_residence: Mapped[str | None] = mapped_column(String(40))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    # Set for customers opened from the seed's Faker run rather than a persona.
    branch_code: Mapped[str] = mapped_column(String(10), default="001")
    primary_account_type_id: Mapped[int | None] = mapped_column(
        ForeignKey("account_types.id"), nullable=True
    )
    employment_status: Mapped[str | None] = mapped_column(String(20))
    marital_status: Mapped[str | None] = mapped_column(String(20))
    # The client reference of the call that created this customer (idempotent retries).
    creation_reference: Mapped[str | None] = mapped_column(String(64), unique=True)
