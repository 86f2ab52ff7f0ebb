"""The national identity registry as the bank sees it: BVN (NIBSS) and NIN (NIMC) records."""

from __future__ import annotations

from datetime import date

from sqlalchemy import Date, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from core_sim.db import Base


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
