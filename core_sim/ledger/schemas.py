from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

import msgspec

from core_sim.schemas import CamelStruct

Reference = Annotated[str, msgspec.Meta(pattern=r"^[A-Za-z0-9_-]{6,64}$")]
AccountNumber = Annotated[str, msgspec.Meta(pattern=r"^(\d{10}|GL-[A-Z-]+)$")]
PositiveKobo = Annotated[int, msgspec.Meta(gt=0, le=10**15)]
Narration = Annotated[str, msgspec.Meta(min_length=1, max_length=200)]


CustomerId = Annotated[str, msgspec.Meta(min_length=1, max_length=40)]


class PostingEntryOut(CamelStruct):
    account_number: str
    account_name: str
    amount_kobo: int
    # What the account's holder could spend right after this line (None on old lines).
    available_after_kobo: int | None = None
    # The account's ledger balance right after this line, as its statement line shows it
    # (None on old lines).
    balance_after_kobo: int | None = None
    # The account's holder (None for the bank's own accounts): whom to alert.
    customer_id: str | None = None
    # The other side as this account's statement line names it (a seeded or interbank line's
    # payer, where the posting's other leg is a settlement account).
    counterparty_number: str | None = None
    counterparty_name: str | None = None


class PostingOut(CamelStruct):
    reference: str
    kind: str
    narration: str
    posted_at: datetime
    entries: list[PostingEntryOut]


class TransferIn(CamelStruct, forbid_unknown_fields=True):
    reference: Reference
    debit_account: AccountNumber
    credit_account: AccountNumber
    amount_kobo: PositiveKobo
    narration: Narration
    # The customer the payment is made for: the debit account must be theirs (57 if not).
    # Optional for the bank's own callers (a tester's move, a reversal).
    debit_customer_id: CustomerId | None = None


class TransferOut(CamelStruct):
    reference: str
    status: str  # SUCCESS, FAILED, PENDING
    response_code: str
    response_message: str
    debit_account: str
    credit_account: str
    amount_kobo: int
    narration: str
    created_at: datetime
    # The posting as it was just made, with each side's balance after and holder: what a
    # debit or credit alert needs, so the caller reads nothing back. None on a replay or a
    # status query (GET /core/postings/{reference} has it).
    posting: PostingOut | None = None


class HoldIn(CamelStruct, forbid_unknown_fields=True):
    reference: Reference
    account: AccountNumber
    amount_kobo: PositiveKobo
    narration: Narration
    # As on a transfer: the held account must be this customer's (57 if not).
    customer_id: CustomerId | None = None


class HoldPostIn(CamelStruct, forbid_unknown_fields=True):
    credit_account: AccountNumber
    narration: Narration


class HoldVoidIn(CamelStruct, forbid_unknown_fields=True):
    """The hold's account and amount, so that a void that arrives before its hold can be
    recorded (the hold is then refused nothing, and reserves nothing, when it arrives)."""

    account: AccountNumber
    amount_kobo: PositiveKobo


class HoldOut(CamelStruct):
    reference: str
    account: str
    amount_kobo: int
    status: str
    # On the call that posts it: the posting just made (as on a transfer's answer).
    posting: PostingOut | None = None


class BalanceCheckOut(CamelStruct):
    sum_of_all_balances_kobo: int
    balanced: bool


class RiskFlagOut(CamelStruct):
    """A flag of the inflow watch (core_sim/ledger/inflow.py) as its feed publishes it."""

    seq: int
    account_number: str
    customer_id: str | None
    rule: str  # MANY_SENDERS, PASS_THROUGH
    raised_at: datetime
    state: str  # OPEN, CLEARED, CONFIRMED
    decided_at: datetime | None


class RiskFlagsOut(CamelStruct):
    flags: list[RiskFlagOut]
    last: int  # the highest seq in `flags`, or the `after` asked for


class RiskDecisionIn(CamelStruct, forbid_unknown_fields=True):
    decision: Literal["CLEAR", "CONFIRM"]


class RiskFlagIn(CamelStruct, forbid_unknown_fields=True):
    account_number: Annotated[str, msgspec.Meta(pattern=r"^\d{10}$")]
    rule: Literal["MANY_SENDERS", "PASS_THROUGH"]
