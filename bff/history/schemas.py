from __future__ import annotations

from typing import Annotated

import msgspec

from bff.schemas import CamelStruct, RequestStruct

Text = Annotated[str, msgspec.Meta(max_length=100)]


class TransactionOut(CamelStruct):
    reference_number: str
    date_created: str  # dd-mm-yyyy
    time_created: str  # hh:mm
    narration: str
    transaction_type: str  # CREDIT or DEBIT
    amount: float
    status: str  # COMPLETED, PENDING, FAILED
    account_number: str
    balance_after: float | None
    # Beside the contract's fields: who the money went to or came from, never a ledger code.
    counterparty_name: str | None
    counterparty_bank: str | None
    description: str | None  # the customer's own words, when they wrote some


class TransactionPageOut(CamelStruct):
    content: list[TransactionOut]
    total_elements: int
    page: int
    size: int


class TransactionDetailOut(TransactionOut):
    session_id: str | None
    source_account_name: str | None
    source_account_number: str | None
    destination_account_name: str | None
    destination_account_number: str | None
    token: str | None  # an electricity token, shown large on the receipt
    units: str | None


class StatementIn(RequestStruct):
    nuban: Text | None = None
    start_date: Text | None = None  # dd-mm-yyyy
    end_date: Text | None = None
