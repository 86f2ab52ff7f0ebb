from __future__ import annotations

from datetime import date, datetime
from typing import Annotated, Literal

import msgspec

from core_sim.schemas import CamelStruct


class AccountTypeOut(CamelStruct):
    id: int
    name: str
    code: str


class AccountOut(CamelStruct):
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


class CustomerOut(CamelStruct):
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


class StatementLineOut(CamelStruct):
    posting_reference: str
    kind: str
    narration: str
    amount_kobo: int  # signed: negative is a debit
    balance_after_kobo: int
    counterparty_number: str | None
    counterparty_name: str | None
    posted_at: datetime
    # The balance less open holds right after the line; null on lines older than the field.
    available_after_kobo: int | None


class AccountLineOut(StatementLineOut):
    account_number: str


class CustomerActivityOut(CamelStruct):
    """What a dashboard shows, in one call: the accounts, the totals since a moment (the
    week), and the newest lines over all the accounts."""

    accounts: list[AccountOut]
    since: datetime
    lines_since: int
    credits_since_kobo: int
    debits_since_kobo: int  # a positive number
    recent: list[AccountLineOut]
    # The customer's activity version (GET /activity-versions) as these accounts were read;
    # null without accounts.
    version: str | None = None
    savings_kobo: int = 0  # the customer's savings pockets, together (issue 58)


# Customers per GET /core/activity-versions (their ids travel in the query string).
MAX_VERSIONS = 200


class ActivityVersionOut(CamelStruct):
    """Changes whenever anything on the customer's accounts does (lines, holds, balances,
    statuses, names, accounts opened); equal versions mean equal activity."""

    customer_id: str
    version: str


class LinesPageOut(CamelStruct):
    lines: list[StatementLineOut]
    total: int  # matching lines, counted no further than the cap
    total_is_exact: bool


class AccountLinesPageOut(CamelStruct):
    account_number: str
    page: LinesPageOut


class CustomerLinesOut(CamelStruct):
    """A history page in one call: the customer's accounts and a page of each chosen one."""

    accounts: list[AccountOut]
    pages: list[AccountLinesPageOut]
    version: str | None = None  # as in CustomerActivityOut


Reference = Annotated[str, msgspec.Meta(pattern=r"^[A-Za-z0-9_-]{6,64}$")]
Name = Annotated[str, msgspec.Meta(min_length=1, max_length=80)]


class CustomerIn(CamelStruct, forbid_unknown_fields=True):
    reference: Reference
    first_name: Name
    last_name: Name
    email: Annotated[str, msgspec.Meta(min_length=3, max_length=200)]
    phone_number: Annotated[str, msgspec.Meta(pattern=r"^\d{11}$")]
    bvn: Annotated[str, msgspec.Meta(pattern=r"^\d{11}$")]
    date_of_birth: date
    gender: Literal["MALE", "FEMALE"]
    address: Annotated[str, msgspec.Meta(min_length=1, max_length=200)]
    state_of_residence: Annotated[str, msgspec.Meta(min_length=1, max_length=40)]
    account_type_id: int
    nin: Annotated[str, msgspec.Meta(pattern=r"^\d{11}$")] | None = None
    employment_status: str | None = None
    marital_status: str | None = None


class CustomerCreatedOut(CamelStruct):
    customer: CustomerOut
    account: AccountOut


class AccountOpenIn(CamelStruct, forbid_unknown_fields=True):
    reference: Reference
    account_type_id: int


class DocumentTypeOut(CamelStruct):
    id: int
    name: str


class AccountStatusIn(CamelStruct, forbid_unknown_fields=True):
    status: Literal["ACTIVE", "DISABLED"]


class BalanceAtOut(CamelStruct):
    account_number: str
    at: datetime
    balance_kobo: int
