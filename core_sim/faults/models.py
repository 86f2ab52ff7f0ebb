"""Fault rules testers set to force declines, timeouts, delays and pending results."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from core_sim.db import Base, UTCDateTime
from core_sim.simclock.state import utcnow


class FaultEffect:
    DECLINE = "decline"
    TIMEOUT = "timeout"
    DELAY = "delay"
    PENDING = "pending"
    # The call is refused before any work: the simulator answers 503 (nothing happened).
    UNAVAILABLE = "unavailable"
    # The work is done but the answer is garbage (HTTP 200, unreadable body): the caller
    # must find out what happened by querying, exactly as after a timeout.
    MALFORMED = "malformed"
    ALL = (DECLINE, TIMEOUT, DELAY, PENDING, UNAVAILABLE, MALFORMED)


class FaultRule(Base):
    __tablename__ = "fault_rules"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    operation: Mapped[str] = mapped_column(String(40), index=True)
    # Optional matchers; a rule with none matches every call of its operation.
    # An account number; for messaging.send also a recipient (phone number or e-mail).
    account: Mapped[str | None] = mapped_column(String(200))
    bank: Mapped[str | None] = mapped_column(String(6))
    amount_kobo: Mapped[int | None] = mapped_column(BigInteger)
    min_amount_kobo: Mapped[int | None] = mapped_column(BigInteger)
    max_amount_kobo: Mapped[int | None] = mapped_column(BigInteger)
    effect: Mapped[str] = mapped_column(String(12))  # "unavailable" is 11
    response_code: Mapped[str | None] = mapped_column(String(4))
    delay_ms: Mapped[int | None] = mapped_column(Integer)
    pending_outcome: Mapped[str | None] = mapped_column(String(4))
    resolve_after_ms: Mapped[int | None] = mapped_column(Integer)
    # None: applies until deleted; otherwise how many more calls it applies to.
    remaining_uses: Mapped[int | None] = mapped_column(Integer)
    times_applied: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
