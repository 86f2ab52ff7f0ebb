from __future__ import annotations

from datetime import date
from typing import Annotated, Literal

import msgspec

from core_sim.ledger.schemas import PositiveKobo
from core_sim.schemas import CamelStruct

Reference = Annotated[str, msgspec.Meta(min_length=1, max_length=40)]
CustomerId = Annotated[str, msgspec.Meta(min_length=1, max_length=20)]
AccountNumber = Annotated[str, msgspec.Meta(pattern=r"^\d{10}$")]


class OpenPocketIn(CamelStruct, forbid_unknown_fields=True):
    reference: Reference
    customer_id: CustomerId
    source_account: AccountNumber
    product: Literal["FLEXIBLE", "LOCKED", "GOAL"]
    name: Annotated[str, msgspec.Meta(min_length=1, max_length=60)]
    amount_kobo: Annotated[int, msgspec.Meta(ge=0, le=10**15)] = 0
    term_days: Annotated[int, msgspec.Meta(ge=30, le=365)] | None = None
    target_kobo: PositiveKobo | None = None
    target_date: date | None = None


class MoveIn(CamelStruct, forbid_unknown_fields=True):
    reference: Reference
    customer_id: CustomerId
    amount_kobo: PositiveKobo


class BreakIn(CamelStruct, forbid_unknown_fields=True):
    reference: Reference
    customer_id: CustomerId


class RuleIn(CamelStruct, forbid_unknown_fields=True):
    customer_id: CustomerId
    kind: Literal["DAILY", "WEEKLY", "MONTHLY", "PERCENT_OF_CREDITS", "NONE"]
    source_account: AccountNumber | None = None
    amount_kobo: PositiveKobo | None = None
    percent: Annotated[int, msgspec.Meta(ge=1, le=100)] | None = None
    starts_on: date | None = None


class RuleRunOut(CamelStruct):
    occasion: str
    outcome: str
    amount_kobo: int
    message: str


class RuleOut(CamelStruct):
    kind: str
    source_account: str
    amount_kobo: int | None
    percent: int | None
    next_due: date | None
    last_run: RuleRunOut | None = None


class PocketOut(CamelStruct):
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
    # Interest: accrued and not paid yet (whole kobo), accrued this calendar month, paid
    # (gross) and withheld to date; earned to date = paid + accrued.
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
    rule: RuleOut | None = None


class PocketsOut(CamelStruct):
    pockets: list[PocketOut]
    total_kobo: int


class BreakQuoteOut(CamelStruct):
    pocket_id: int
    balance_kobo: int
    forfeit_kobo: int
    matures_on: date | None


class BreakOut(CamelStruct):
    pocket: PocketOut
    returned_kobo: int
    forfeited_kobo: int


class ProductOut(CamelStruct):
    product: str
    name: str
    rate_bps: int
    min_term_days: int | None = None
    max_term_days: int | None = None


class ProductsOut(CamelStruct):
    products: list[ProductOut]
    # A locked pocket's rate by term: the rate of the longest `fromDays` it reaches.
    locked_rates: list[dict[str, int]]
    withholding_tax_percent: int


class DayRunOut(CamelStruct):
    business_date: date
    pockets: int
    payments: int
    matured: int


class EndOfDayOut(CamelStruct):
    days: list[DayRunOut]
    automatic_saves: int
