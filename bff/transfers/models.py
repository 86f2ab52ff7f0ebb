"""Transfers as the BFF tracks them, from the code step to a final outcome.

`id` is also the idempotency reference sent to the core (transfer, hold and NIP calls), so
re-running a transfer after any failure can never move money twice.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from bff.db import Base, UTCDateTime, utcnow
from bff.payments.lifecycle import PaymentInstruction, PaymentState, Stage, Status

__all__ = ["Stage", "Status", "Transfer", "TransferBatch", "TransferType"]


class TransferType:
    """`transferType` on the wire; the transfer limits (bff/limits) are kept per type too."""

    INTRA_BANK = "INTRA_BANK"
    OWN_ACCOUNT = "OWN_ACCOUNT"
    OTHER_BANK = "OTHER_BANK"
    # The types a transfer limit applies to: money leaving the customer (moving it between
    # their own accounts is not limited).
    LIMITED = (INTRA_BANK, OTHER_BANK)


class TransferBatch(Base):
    __tablename__ = "transfer_batches"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    status: Mapped[str] = mapped_column(String(14), default=Status.AWAITING_OTP)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)


class Transfer(PaymentInstruction, PaymentState, Base):
    __tablename__ = "transfers"
    __table_args__ = (
        Index("ix_transfers_due", "status", "next_attempt_at"),
        Index("ix_transfers_source_day", "source_account", "created_at"),
        # The day's total against the daily limit (confirmed today, per source account).
        Index("ix_transfers_source_confirmed", "source_account", "confirmed_at"),
        # A customer's pending and failed payments (the dashboard, the history pages).
        Index("ix_transfers_user_status", "user_id", "status", "created_at"),
        # What one device sent while it is new (the new-device cap, bff/devices).
        Index("ix_transfers_device_confirmed", "device_id", "confirmed_at"),
    )

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    batch_id: Mapped[str | None] = mapped_column(ForeignKey("transfer_batches.id"), index=True)
    # The row's place in its bulk, so results come back in the order the customer gave.
    batch_position: Mapped[int | None] = mapped_column(Integer)
    name_inquiry_ref: Mapped[str | None] = mapped_column(String(30))
    save_as_beneficiary: Mapped[bool] = mapped_column(Boolean, default=False)
    session_id: Mapped[str | None] = mapped_column(String(30))
    # The browser it was made from (bff/devices; no foreign key: removing a device keeps
    # its payments). None: made before devices were known, or by no device.
    device_id: Mapped[int | None] = mapped_column(Integer)
    # The risk check's outcome before the code step (bff/risk/rules.py: ALLOW, STEP_UP or
    # HOLD; a BLOCK stores nothing) and the ids of the rules that applied. None: checked
    # before the risk check existed, or a move between the customer's own accounts.
    risk_outcome: Mapped[str | None] = mapped_column(String(8))
    risk_rules: Mapped[str | None] = mapped_column(String(200))
    # When the paying account stops being new (the new-account cap, account_cap.py), if it
    # was new when the transfer was made: the cap is checked again at confirmation.
    account_cap_until: Mapped[datetime | None] = mapped_column(UTCDateTime)

    def payee(self) -> str:
        """Who was paid, as the customer reads it in history and alerts: the account holder
        and their bank ("Adaeze Nwosu, Guaranty Trust Bank")."""
        return f"{self.destination_name}, {self.destination_bank_name}"

    def posting_references(self) -> list[str]:
        """Where the core keeps this transfer's posting: an intra-bank transfer posts at once
        (`TRF-<id>`), or is held first when the core answers late (`HOLD-TRF-<id>`); one to
        another bank is held and settled (`HOLD-<id>`)."""
        if self.transfer_type == TransferType.OTHER_BANK:
            return [f"HOLD-{self.id}"]
        return [f"TRF-{self.id}", f"HOLD-TRF-{self.id}"]
