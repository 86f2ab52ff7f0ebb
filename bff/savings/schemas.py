from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from bff.passkeys.schemas import PasskeyAssertionIn
from bff.schemas import Amount, CamelStruct, RequestStruct

Code = Annotated[str, msgspec.Meta(max_length=12)]
Reference = Annotated[str, msgspec.Meta(max_length=40)]
AccountNumber = Annotated[str, msgspec.Meta(max_length=10)]
DateText = Annotated[str, msgspec.Meta(max_length=10)]  # dd-mm-yyyy


class AutoSaveRunOut(CamelStruct):
    date: str  # dd-mm-yyyy, or "" for a credit swept
    saved: bool
    message: str


class AutoSaveOut(CamelStruct):
    kind: str  # DAILY, WEEKLY, MONTHLY, PERCENT_OF_CREDITS
    description: str  # "₦5,000.00 every week from 1020000115"
    amount: float | None
    percent: int | None
    source_account_number: str
    next_save: str | None  # dd-mm-yyyy; none for a percentage of credits
    last_run: AutoSaveRunOut | None


class PocketOut(CamelStruct):
    id: int
    name: str
    product: str  # FLEXIBLE, LOCKED, GOAL
    product_name: str  # Flexible savings, Locked savings, Goal savings
    status: str  # ACTIVE, MATURED, BROKEN
    status_text: str  # Active, Matured on 31-03-2027, Broken early
    rate: float  # a year, per cent: 14.0
    balance: float
    interest_this_month: float
    interest_to_date: float  # paid (before tax) and accrued
    interest_paid: float
    tax_withheld: float
    source_account_number: str
    opened_on: str  # dd-mm-yyyy
    term_days: int | None
    matures_on: str | None
    target_amount: float | None
    target_date: str | None
    progress_percent: int | None  # a goal's balance over its target, 0-100
    forfeited_interest: float
    auto_save: AutoSaveOut | None


class ProductOut(CamelStruct):
    product: str
    name: str
    rate: float
    description: str


class SavingsOut(CamelStruct):
    total_savings: float
    pockets: list[PocketOut]
    products: list[ProductOut]
    # What the customer's KYC level lets them hold in savings; null: no limit.
    holding_limit: float | None
    withholding_tax_percent: int


class OpenPocketIn(RequestStruct):
    product: Literal["FLEXIBLE", "LOCKED", "GOAL"]
    name: Annotated[str, msgspec.Meta(max_length=60)]
    source_account_number: AccountNumber
    amount: Amount | None = None
    term_days: Annotated[int, msgspec.Meta(ge=1, le=3650)] | None = None
    target_amount: Amount | None = None
    target_date: DateText | None = None
    reference: Reference | None = None  # the same again opens nothing more


class MoveIn(RequestStruct):
    """`reference`: one per attempt of a move, the same again when it is retried (after a
    503, say): the money moves once."""

    amount: Amount
    reference: Reference | None = None


class BreakIn(RequestStruct):
    """Without `otp` or `passkey` the forfeit is shown and a code sent (202); with one, the
    pocket is broken (200)."""

    otp: Code | None = None
    passkey: PasskeyAssertionIn | None = None


class BreakCodeSentOut(CamelStruct):
    message: str
    two_factor_authentication: str
    warning: str  # "Breaking Rent now forfeits ₦1,150.68 of interest. ..."
    forfeit: float
    balance: float
    passkey_approval: bool


class BrokenOut(CamelStruct):
    message: str
    pocket: PocketOut


class AutoSaveIn(RequestStruct):
    kind: Literal["DAILY", "WEEKLY", "MONTHLY", "PERCENT_OF_CREDITS", "NONE"]
    source_account_number: AccountNumber | None = None
    amount: Amount | None = None
    percent: Annotated[int, msgspec.Meta(ge=1, le=100)] | None = None
    start_date: DateText | None = None
