"""Scheduled and repeating transfers, and one row per run so each due date runs once."""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import Boolean, Date, ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from bff.db import Base, UTCDateTime, utcnow
from bff.payments.lifecycle import PaymentInstruction


class ScheduleStatus:
    PENDING = "PENDING"  # waiting for its (next) due date
    COMPLETED = "COMPLETED"  # every run done
    FAILED = "FAILED"  # a run failed; no more runs


class ScheduledPayment(PaymentInstruction, Base):
    __tablename__ = "scheduled_payments"

    uuid: Mapped[str] = mapped_column(String(36), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    # Shown to the customer and quoted to approve; the rows of one bulk share it.
    reference_number: Mapped[str] = mapped_column(String(20), index=True)
    first_date: Mapped[date] = mapped_column(Date)
    next_date: Mapped[date] = mapped_column(Date, index=True)
    interval: Mapped[str | None] = mapped_column(String(10))  # DAILY, WEEKLY, MONTHLY
    repeat_payment: Mapped[int] = mapped_column(Integer, default=1)
    runs_done: Mapped[int] = mapped_column(Integer, default=0)
    status: Mapped[str] = mapped_column(String(10), default=ScheduleStatus.PENDING)
    # Nothing runs until the customer approves with a code (again after every edit).
    approved: Mapped[bool] = mapped_column(Boolean, default=False)
    failure_reason: Mapped[str | None] = mapped_column(String(300))
    lease_until: Mapped[datetime | None] = mapped_column(UTCDateTime)
    # The browser it was set up from: its runs count against that device's new-device cap.
    device_id: Mapped[int | None] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)


class ScheduledRun(Base):
    """One execution for one due date. The unique key is what makes a date run only once,
    whichever process, however many restarts."""

    __tablename__ = "scheduled_runs"
    __table_args__ = (UniqueConstraint("schedule_uuid", "due_date"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    schedule_uuid: Mapped[str] = mapped_column(
        ForeignKey("scheduled_payments.uuid", ondelete="CASCADE"), index=True
    )
    due_date: Mapped[date] = mapped_column(Date)
    transfer_id: Mapped[str | None] = mapped_column(String(32))
    status: Mapped[str] = mapped_column(String(14))
    message: Mapped[str | None] = mapped_column(String(300))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
