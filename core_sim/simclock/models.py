from __future__ import annotations

from sqlalchemy import BigInteger, Integer
from sqlalchemy.orm import Mapped, mapped_column

from core_sim.db import Base


class SimClockOffset(Base):
    __tablename__ = "sim_clock"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)  # always 1
    offset_ms: Mapped[int] = mapped_column(BigInteger, default=0)
