"""The time scheduled work runs by: real time plus an offset that testers can move.

The offset lives in the database so that every BFF process agrees on "now". Production never
moves it (the admin call that does is for test environments; see docs/admin-api.md).
"""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import Integer
from sqlalchemy.orm import Mapped, mapped_column

from bff.db import Base, Database, utcnow


class ClockOffset(Base):
    __tablename__ = "clock_offset"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)  # always 1
    seconds: Mapped[int] = mapped_column(Integer, default=0)


class Clock:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def offset(self) -> timedelta:
        async with self.db.transaction() as session:
            row = await session.get(ClockOffset, 1)
        return timedelta(seconds=row.seconds if row else 0)

    async def now(self) -> datetime:
        return utcnow() + await self.offset()

    async def set_offset(self, seconds: int) -> None:
        async with self.db.transaction() as session:
            row = await session.get(ClockOffset, 1)
            if row is None:
                session.add(ClockOffset(id=1, seconds=seconds))
            else:
                row.seconds = seconds
