"""The time scheduled work runs by: real time plus an offset that testers can move.

The offset lives in the database so that every BFF process agrees on "now". Production never
moves it (the admin call that does is for test environments; see docs/admin-api.md).
"""

from __future__ import annotations

import logging
import time
from datetime import datetime, timedelta
from typing import Protocol, runtime_checkable

from sqlalchemy import Integer
from sqlalchemy.orm import Mapped, mapped_column

from bff.core_client import CoreClient, CoreError
from bff.db import Base, Database, utcnow

log = logging.getLogger(__name__)


class ClockOffset(Base):
    __tablename__ = "clock_offset"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)  # always 1
    seconds: Mapped[int] = mapped_column(Integer, default=0)


# runtime_checkable: Litestar checks an injected dependency against its annotation.
@runtime_checkable
class BankClock(Protocol):
    async def offset(self) -> timedelta: ...
    async def now(self) -> datetime: ...
    async def set_offset(self, seconds: int) -> None: ...


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


class SimulatorClock:
    """The simulator's clock (/sim/clock), so that a tester moving it moves the whole bank.

    Read at most once a second per process; if the simulator cannot be asked, the last known
    offset stands (a clock must not make a request fail).
    """

    CACHE_S = 1.0

    def __init__(self, core: CoreClient) -> None:
        self.core = core
        self._offset = timedelta(0)
        self._read_at: float | None = None

    async def offset(self) -> timedelta:
        if self._read_at is None or time.monotonic() - self._read_at > self.CACHE_S:
            try:
                self._offset = timedelta(seconds=(await self.core.clock()).offset_seconds)
            except CoreError as exc:
                log.warning("simulator clock unreadable, keeping the last offset: %s", exc)
            self._read_at = time.monotonic()
        return self._offset

    async def now(self) -> datetime:
        return utcnow() + await self.offset()

    async def set_offset(self, seconds: int) -> None:
        await self.core.set_clock(utcnow() + timedelta(seconds=seconds))
        self._read_at = None
