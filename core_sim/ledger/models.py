"""Double-entry ledger tables.

Every movement of money is a `Posting` whose `Entry` rows sum to zero. A ledger account's
`balance_kobo` is the running sum of its entries; `held_kobo` is what active holds reserve,
so `available = balance - held`. Customer accounts may never go below zero available;
bank-side accounts (settlement, suspense, funding) may, which is what lets the sum of all
balances stay exactly zero.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    BigInteger,
    Boolean,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    false,
    text,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from core_sim.db import Base, UTCDateTime
from core_sim.simclock.state import utcnow


class AccountKind:
    CUSTOMER = "CUSTOMER"
    SUSPENSE = "SUSPENSE"
    NIP_SETTLEMENT = "NIP_SETTLEMENT"
    BILLER_SETTLEMENT = "BILLER_SETTLEMENT"
    FEE_INCOME = "FEE_INCOME"
    FUNDING = "FUNDING"  # the bank's own capital: where seeded opening balances come from
    INTEREST_EXPENSE = "INTEREST_EXPENSE"  # interest the bank pays on savings
    WHT_PAYABLE = "WHT_PAYABLE"  # withholding tax on that interest, owed to the tax office
    # A customer's savings pocket (core_sim/savings/): owned by the customer, never listed
    # with their accounts, moved only by the savings service.
    SAVINGS = "SAVINGS"

    BANK_SIDE = (
        SUSPENSE,
        NIP_SETTLEMENT,
        BILLER_SETTLEMENT,
        FEE_INCOME,
        FUNDING,
        INTEREST_EXPENSE,
        WHT_PAYABLE,
    )


class AccountStatus:
    ACTIVE = "ACTIVE"
    DISABLED = "DISABLED"


class LedgerAccount(Base):
    __tablename__ = "ledger_accounts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    number: Mapped[str] = mapped_column(String(20), unique=True)  # NUBAN, or GL code
    name: Mapped[str] = mapped_column(String(120))
    kind: Mapped[str] = mapped_column(String(20))
    status: Mapped[str] = mapped_column(String(10), default=AccountStatus.ACTIVE)
    customer_id: Mapped[str | None] = mapped_column(
        ForeignKey("customers.id"), nullable=True, index=True
    )
    account_type_id: Mapped[int | None] = mapped_column(
        ForeignKey("account_types.id"), nullable=True
    )
    balance_kobo: Mapped[int] = mapped_column(BigInteger, default=0)
    held_kobo: Mapped[int] = mapped_column(BigInteger, default=0)
    # How many entries the account has, kept by every posting in the same UPDATE as the
    # balance: the total of an unfiltered history page then costs nothing, however long
    # the history (docs/benchmarks.md, the growth figures).
    line_count: Mapped[int] = mapped_column(BigInteger, default=0, server_default="0")
    allow_negative: Mapped[bool] = mapped_column(Boolean, default=False)
    # The client reference of the call that opened this account (idempotent retries).
    opening_reference: Mapped[str | None] = mapped_column(String(64), unique=True)
    opened_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    # The inflow watch (core_sim/ledger/inflow.py), kept on the account so that a posting
    # reads it with the accounts it locks, at no statement more. `outflows_held`: an open or
    # confirmed risk flag, every debit refused (34). `large_credit_at`: when the account last
    # received a credit of at least SIM_INFLOW_LARGE_CREDIT_KOBO (set by the posting's own
    # UPDATE). `watched_from`: credits before it count for no rule (a flag cleared then).
    outflows_held: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    large_credit_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    watched_from: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)

    @property
    def available_kobo(self) -> int:
        return self.balance_kobo - self.held_kobo


class Posting(Base):
    __tablename__ = "postings"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    reference: Mapped[str] = mapped_column(String(64), unique=True)
    kind: Mapped[str] = mapped_column(String(30))  # TRANSFER, SEED, HOLD_POST, ...
    narration: Mapped[str] = mapped_column(String(200))
    posted_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    # Never loaded with the posting: the one reader (`posting_with_accounts`) asks for the
    # entries and their accounts in one query of its own.
    entries: Mapped[list[Entry]] = relationship(back_populates="posting", lazy="raise")


class Entry(Base):
    __tablename__ = "entries"
    __table_args__ = (
        Index("ix_entries_account_time", "account_id", "posted_at"),
        # A posting's lines (a receipt, an alert's available balance) without reading the
        # whole ledger: without it, each alert cost a scan that grew with the ledger.
        Index("ix_entries_posting", "posting_id"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    posting_id: Mapped[int] = mapped_column(ForeignKey("postings.id"))
    account_id: Mapped[int] = mapped_column(ForeignKey("ledger_accounts.id"))
    # Signed: negative debits the account, positive credits it.
    amount_kobo: Mapped[int] = mapped_column(BigInteger)
    balance_after_kobo: Mapped[int] = mapped_column(BigInteger)
    # What the customer could spend right after this entry (the balance less open holds), as
    # a debit or credit alert tells them. Empty on lines written before it was recorded.
    available_after_kobo: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    # The other side, as the customer would read it on a statement.
    counterparty_number: Mapped[str | None] = mapped_column(String(20))
    counterparty_name: Mapped[str | None] = mapped_column(String(120))
    posted_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    posting: Mapped[Posting] = relationship(back_populates="entries")


class HoldStatus:
    ACTIVE = "ACTIVE"
    POSTED = "POSTED"
    VOIDED = "VOIDED"


class Hold(Base):
    """Money reserved on an account, to be posted (moved) or voided (released) later."""

    __tablename__ = "holds"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    reference: Mapped[str] = mapped_column(String(64), unique=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("ledger_accounts.id"))
    amount_kobo: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(10), default=HoldStatus.ACTIVE)
    narration: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)


class TransferRequest(Base):
    """One row per client reference: makes transfers idempotent and remembers their answer."""

    __tablename__ = "transfer_requests"

    reference: Mapped[str] = mapped_column(String(64), primary_key=True)
    body_hash: Mapped[str] = mapped_column(String(64))
    status: Mapped[str] = mapped_column(String(12))  # SUCCESS, FAILED, PENDING
    response_code: Mapped[str] = mapped_column(String(4))
    debit_account: Mapped[str] = mapped_column(String(20))
    credit_account: Mapped[str] = mapped_column(String(20))
    amount_kobo: Mapped[int] = mapped_column(BigInteger)
    narration: Mapped[str] = mapped_column(String(200))
    posting_reference: Mapped[str | None] = mapped_column(String(64))
    # For a forced "pending": what it becomes, and when.
    pending_outcome: Mapped[str | None] = mapped_column(String(4))
    resolve_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    message: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)


class RiskRule:
    MANY_SENDERS = "MANY_SENDERS"
    PASS_THROUGH = "PASS_THROUGH"  # noqa: S105 (a rule's name)
    ALL = (MANY_SENDERS, PASS_THROUGH)


class FlagState:
    OPEN = "OPEN"
    CLEARED = "CLEARED"
    CONFIRMED = "CONFIRMED"


class RiskFlag(Base):
    """An account the inflow watch flagged, as the risk feed publishes it: every change (raised,
    cleared, confirmed) gives the row the next `seq`, so a follower reading after the last
    `seq` it saw meets each change once. At most one OPEN flag per account."""

    __tablename__ = "risk_flags"
    __table_args__ = (
        Index(
            "ux_risk_flags_open",
            "account_number",
            unique=True,
            sqlite_where=text("state = 'OPEN'"),
            postgresql_where=text("state = 'OPEN'"),
        ),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    seq: Mapped[int] = mapped_column(BigInteger, unique=True)
    account_number: Mapped[str] = mapped_column(String(20), index=True)
    customer_id: Mapped[str | None] = mapped_column(String(20))
    rule: Mapped[str] = mapped_column(String(20))
    raised_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    state: Mapped[str] = mapped_column(String(10), default=FlagState.OPEN)
    decided_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
