"""Savings tables: the pockets, the accrual-run ledger, the days done, payments and rules.

A pocket is a ledger account of kind SAVINGS (its balance is the ledger's, moved only by
postings) with the product's terms beside it. `savings_accruals` is the accrual-run ledger:
one row per pocket and business date, written in the transaction that adds the day's
interest to the pocket, under a unique key, so a day is accrued at most once whatever
crashes and restarts (core_sim/savings/eod.py; the `savings_days` row of the date is what
stops a second run). Rows of dates already paid are deleted at each month's end, their units
added to the pocket's `pruned_units`."""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import BigInteger, Date, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from core_sim.db import Base, UTCDateTime
from core_sim.simclock.state import utcnow

INTEREST_EXPENSE = "GL-INTEREST-EXPENSE"
WHT_PAYABLE = "GL-WHT-PAYABLE"


class Product:
    FLEXIBLE = "FLEXIBLE"
    LOCKED = "LOCKED"
    GOAL = "GOAL"
    ALL = (FLEXIBLE, LOCKED, GOAL)


class PocketStatus:
    ACTIVE = "ACTIVE"
    MATURED = "MATURED"  # a locked pocket at the end of its term: paid out to its account
    BROKEN = "BROKEN"  # a locked pocket broken early: interest forfeited, money returned


class SavingsPocket(Base):
    __tablename__ = "savings_pockets"
    __table_args__ = (Index("ix_savings_pockets_status", "status", "product"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    customer_id: Mapped[str] = mapped_column(ForeignKey("customers.id"), index=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("ledger_accounts.id"), unique=True)
    # The customer's account it is funded from; a matured or broken pocket pays back to it.
    source_account: Mapped[str] = mapped_column(String(20))
    product: Mapped[str] = mapped_column(String(10))
    name: Mapped[str] = mapped_column(String(60))
    rate_bps: Mapped[int] = mapped_column(Integer)  # fixed at opening
    status: Mapped[str] = mapped_column(String(10), default=PocketStatus.ACTIVE)
    opened_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    opened_on: Mapped[date] = mapped_column(Date)  # the Lagos business date
    term_days: Mapped[int | None] = mapped_column(Integer)  # locked
    matures_on: Mapped[date | None] = mapped_column(Date)  # locked: opened_on + term_days
    target_kobo: Mapped[int | None] = mapped_column(BigInteger)  # goal
    target_date: Mapped[date | None] = mapped_column(Date)  # goal
    # Interest accrued and not paid yet, in units of 1/3,650,000 kobo (interest.py).
    accrued_units: Mapped[int] = mapped_column(BigInteger, default=0)
    accrued_through: Mapped[date | None] = mapped_column(Date)  # the last business date
    interest_paid_kobo: Mapped[int] = mapped_column(BigInteger, default=0)  # gross, to date
    tax_withheld_kobo: Mapped[int] = mapped_column(BigInteger, default=0)
    forfeited_units: Mapped[int] = mapped_column(BigInteger, default=0)  # broken early
    # The units of the accrual rows deleted once paid: these and the rows kept are every unit
    # the pocket ever accrued.
    pruned_units: Mapped[int] = mapped_column(BigInteger, default=0)
    closed_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    opening_reference: Mapped[str] = mapped_column(String(64), unique=True)


class SavingsAccrual(Base):
    """The accrual-run ledger: a pocket's interest for one business date, once."""

    __tablename__ = "savings_accruals"

    pocket_id: Mapped[int] = mapped_column(ForeignKey("savings_pockets.id"), primary_key=True)
    business_date: Mapped[date] = mapped_column(Date, primary_key=True)
    balance_kobo: Mapped[int] = mapped_column(BigInteger)  # the end-of-day balance
    rate_bps: Mapped[int] = mapped_column(Integer)
    units: Mapped[int] = mapped_column(BigInteger)


class SavingsDay(Base):
    """A business date the end of day has run for: written first in that day's transaction,
    so two runners meet on its key and one of them does the day."""

    __tablename__ = "savings_days"

    business_date: Mapped[date] = mapped_column(Date, primary_key=True)
    pockets: Mapped[int] = mapped_column(Integer, default=0)
    payments: Mapped[int] = mapped_column(Integer, default=0)
    finished_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)


class PaymentReason:
    MONTH_END = "MONTH_END"
    MATURITY = "MATURITY"


class SavingsPayment(Base):
    """Interest paid to a pocket at the end of a business date: the month's end (flexible,
    goal) or a locked pocket's maturity. Its two postings are written from these rows."""

    __tablename__ = "savings_payments"

    pocket_id: Mapped[int] = mapped_column(ForeignKey("savings_pockets.id"), primary_key=True)
    business_date: Mapped[date] = mapped_column(Date, primary_key=True)
    account_id: Mapped[int] = mapped_column(Integer)
    reason: Mapped[str] = mapped_column(String(10))
    gross_kobo: Mapped[int] = mapped_column(BigInteger)
    tax_kobo: Mapped[int] = mapped_column(BigInteger)
    narration: Mapped[str] = mapped_column(String(120))


class RuleKind:
    DAILY = "DAILY"
    WEEKLY = "WEEKLY"
    MONTHLY = "MONTHLY"
    PERCENT_OF_CREDITS = "PERCENT_OF_CREDITS"
    ALL = (DAILY, WEEKLY, MONTHLY, PERCENT_OF_CREDITS)


class SavingsRule(Base):
    """A goal's automatic saving: an amount every day, week or month, or a percentage of every
    credit to `source_account`."""

    __tablename__ = "savings_rules"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    pocket_id: Mapped[int] = mapped_column(ForeignKey("savings_pockets.id"), unique=True)
    kind: Mapped[str] = mapped_column(String(20))
    source_account: Mapped[str] = mapped_column(String(20))
    amount_kobo: Mapped[int | None] = mapped_column(BigInteger)
    percent: Mapped[int | None] = mapped_column(Integer)
    next_due: Mapped[date | None] = mapped_column(Date)  # DAILY, WEEKLY, MONTHLY
    starts_on: Mapped[date | None] = mapped_column(Date)  # the first due date
    # PERCENT_OF_CREDITS: credits to the source account after this entry id are swept.
    after_entry_id: Mapped[int | None] = mapped_column(BigInteger)
    active: Mapped[bool] = mapped_column(default=True)


class RuleOutcome:
    SAVED = "SAVED"
    SHORT_OF_FUNDS = "SHORT_OF_FUNDS"


class SavingsRuleRun(Base):
    """One run of a rule: per due date (or per credit swept), once, under its key."""

    __tablename__ = "savings_rule_runs"

    rule_id: Mapped[int] = mapped_column(ForeignKey("savings_rules.id"), primary_key=True)
    # The due date as yyyy-mm-dd, or `credit-<entry id>` for a swept credit.
    occasion: Mapped[str] = mapped_column(String(40), primary_key=True)
    outcome: Mapped[str] = mapped_column(String(20))
    amount_kobo: Mapped[int] = mapped_column(BigInteger)
    message: Mapped[str] = mapped_column(String(200))
    posting_reference: Mapped[str | None] = mapped_column(String(64))
    ran_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
