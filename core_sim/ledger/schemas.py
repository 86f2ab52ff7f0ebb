from __future__ import annotations

from datetime import datetime
from typing import Annotated

import msgspec

from core_sim.schemas import CamelStruct

Reference = Annotated[str, msgspec.Meta(pattern=r"^[A-Za-z0-9_-]{6,64}$")]
AccountNumber = Annotated[str, msgspec.Meta(pattern=r"^(\d{10}|GL-[A-Z-]+)$")]
PositiveKobo = Annotated[int, msgspec.Meta(gt=0, le=10**15)]
Narration = Annotated[str, msgspec.Meta(min_length=1, max_length=200)]


class TransferIn(CamelStruct, forbid_unknown_fields=True):
    reference: Reference
    debit_account: AccountNumber
    credit_account: AccountNumber
    amount_kobo: PositiveKobo
    narration: Narration


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


class HoldIn(CamelStruct, forbid_unknown_fields=True):
    reference: Reference
    account: AccountNumber
    amount_kobo: PositiveKobo
    narration: Narration


class HoldPostIn(CamelStruct, forbid_unknown_fields=True):
    credit_account: AccountNumber
    narration: Narration


class HoldOut(CamelStruct):
    reference: str
    account: str
    amount_kobo: int
    status: str


class BalanceCheckOut(CamelStruct):
    sum_of_all_balances_kobo: int
    balanced: bool
