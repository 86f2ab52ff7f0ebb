"""Shapes of the simulator's answers (the simulator speaks kobo)."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

import msgspec


class CoreStruct(msgspec.Struct, rename="camel"):
    pass


class CoreAccount(CoreStruct):
    account_number: str
    account_name: str
    customer_id: str | None
    account_type_id: int | None
    account_type_name: str | None
    status: str
    ledger_balance_kobo: int
    available_balance_kobo: int
    currency: str
    opened_at: datetime


class CoreCustomer(CoreStruct):
    customer_id: str
    first_name: str
    last_name: str
    email: str | None
    phone_number: str | None
    bvn: str | None
    nin: str | None
    date_of_birth: date | None
    gender: str | None
    address: str | None
    state_of_residence: str | None


class CoreStatementLine(CoreStruct):
    posting_reference: str
    kind: str
    narration: str
    amount_kobo: int
    balance_after_kobo: int
    counterparty_number: str | None
    counterparty_name: str | None
    posted_at: datetime
    available_after_kobo: int | None


class CoreAccountLine(CoreStatementLine):
    account_number: str


class CoreCustomerActivity(CoreStruct):
    accounts: list[CoreAccount]
    since: datetime
    lines_since: int
    credits_since_kobo: int
    debits_since_kobo: int
    recent: list[CoreAccountLine]  # newest first, over all the accounts
    # The customer's activity version as the accounts above were read (None: no accounts):
    # a kept answer is filed under it without asking for it first (bff/users/read_cache.py).
    version: str | None = None
    savings_kobo: int = 0  # the customer's savings pockets, together


class CoreActivityVersion(CoreStruct):
    customer_id: str
    version: str  # equal versions: nothing on the customer's accounts has changed


class CoreLinesPage(CoreStruct):
    lines: list[CoreStatementLine]
    total: int  # matching lines, counted no further than the core's cap
    total_is_exact: bool


class CoreAccountLinesPage(CoreStruct):
    account_number: str
    page: CoreLinesPage


class CoreCustomerLines(CoreStruct):
    accounts: list[CoreAccount]
    pages: list[CoreAccountLinesPage]  # the chosen account's, or each account's
    version: str | None = None  # as CoreCustomerActivity's


class CoreMessageSent(CoreStruct):
    id: int | None  # None: refused, with `response_code`
    response_code: str


class CoreIdentity(CoreStruct):
    bvn: str
    nin: str
    first_name: str
    last_name: str
    date_of_birth: date
    phone_number: str
    gender: str


class CoreCustomerCreated(CoreStruct):
    customer: CoreCustomer
    account: CoreAccount


class CoreNamedId(CoreStruct):
    id: int
    name: str


class CoreTransfer(CoreStruct):
    reference: str
    status: str  # SUCCESS, FAILED, PENDING
    response_code: str
    response_message: str
    # The posting this call made (each side's balance after, holder, names): a completed
    # payment's alerts are written from it, with no read back. None on a replay.
    posting: CorePosting | None = None


class CoreHold(CoreStruct):
    reference: str
    account: str
    amount_kobo: int
    status: str
    posting: CorePosting | None = None  # on the call that posts it, as CoreTransfer's


class NipNameInquiry(CoreStruct):
    response_code: str
    response_message: str
    session_id: str | None
    account_number: str
    account_name: str | None
    destination_institution_code: str


class NipTransfer(CoreStruct):
    reference: str
    session_id: str
    response_code: str
    response_message: str


class NipStatus(CoreStruct):
    reference: str
    response_code: str
    response_message: str
    session_id: str | None


class BillerCatalog(CoreStruct):
    catalog: dict[str, Any]


class BillerHolder(CoreStruct):
    response_code: str
    response_message: str
    name: str | None
    phone: str | None
    address: str | None


class BillerVend(CoreStruct):
    reference: str
    response_code: str
    response_message: str
    token: str | None
    units: str | None


class CoreBalanceAt(CoreStruct):
    account_number: str
    balance_kobo: int


class CorePostingEntry(CoreStruct):
    account_number: str
    account_name: str
    amount_kobo: int
    available_after_kobo: int | None = None
    # The ledger balance right after this line, as the account's statement shows it.
    balance_after_kobo: int | None = None
    customer_id: str | None = None  # the holder; None for the bank's own accounts
    # The other side as this account's statement line names it.
    counterparty_number: str | None = None
    counterparty_name: str | None = None


class CorePosting(CoreStruct):
    reference: str
    kind: str
    narration: str
    posted_at: datetime
    entries: list[CorePostingEntry]


class SimClock(CoreStruct):
    now: datetime
    offset_seconds: float


class WatchListEntry(CoreStruct):
    """A reported mule account on the switch's watch-list; `removed_at`: taken off it."""

    seq: int
    bank_code: str
    account_number: str
    reason: str
    reported_by: str
    reported_at: datetime
    removed_at: datetime | None = None


class WatchListPage(CoreStruct):
    entries: list[WatchListEntry]
    last: int


class AccountFlagEntry(CoreStruct):
    """An account the core's watch on money coming in flagged: OPEN while its outflows are
    stopped for review, then CLEARED or CONFIRMED."""

    seq: int
    account_number: str
    customer_id: str | None
    rule: str
    raised_at: datetime
    state: str
    decided_at: datetime | None = None


class AccountFlagPage(CoreStruct):
    flags: list[AccountFlagEntry]
    last: int


class LivenessResult(CoreStruct):
    """The identity vendor's answer to a selfie: PASS, FAIL (no match) or SPOOF (not live)."""

    reference: str
    result: str
    liveness_score: float
    face_match: float
    message: str


class CoreSavingsRun(CoreStruct):
    occasion: str
    outcome: str
    amount_kobo: int
    message: str


class CoreSavingsRule(CoreStruct):
    kind: str
    source_account: str
    amount_kobo: int | None
    percent: int | None
    next_due: date | None
    last_run: CoreSavingsRun | None = None


class CoreSavingsPocket(CoreStruct):
    """A savings pocket (docs/simulator.md, "Savings that earn")."""

    id: int
    number: str
    customer_id: str
    product: str
    product_name: str
    name: str
    status: str
    rate_bps: int
    balance_kobo: int
    source_account: str
    opened_on: date
    accrued_kobo: int
    interest_this_month_kobo: int
    interest_paid_kobo: int
    tax_withheld_kobo: int
    interest_to_date_kobo: int
    term_days: int | None = None
    matures_on: date | None = None
    target_kobo: int | None = None
    target_date: date | None = None
    forfeited_kobo: int = 0
    rule: CoreSavingsRule | None = None


class CoreSavingsPockets(CoreStruct):
    pockets: list[CoreSavingsPocket]
    total_kobo: int


class CoreBreakQuote(CoreStruct):
    pocket_id: int
    balance_kobo: int
    forfeit_kobo: int
    matures_on: date | None


class CoreBroken(CoreStruct):
    pocket: CoreSavingsPocket
    returned_kobo: int
    forfeited_kobo: int


class CoreSavingsProduct(CoreStruct):
    product: str
    name: str
    rate_bps: int
    min_term_days: int | None = None
    max_term_days: int | None = None


class CoreSavingsProducts(CoreStruct):
    products: list[CoreSavingsProduct]
    locked_rates: list[dict[str, int]]
    withholding_tax_percent: int
