from __future__ import annotations

from typing import Annotated

import msgspec

from bff.schemas import CamelStruct, DbInt, RequestStruct


class AccountOut(CamelStruct):
    account_number: str
    account_name: str
    account_type_id: int | None
    account_type_name: str
    available_balance: float
    ledger_balance: float
    currency: str
    status: str


class AccountTypeOut(CamelStruct):
    id: int
    name: str


class CreateAccountIn(RequestStruct):
    account_type_id: DbInt


class AccountCreatedOut(CamelStruct):
    message: str
    account: AccountOut


class ConfirmCodeIn(RequestStruct):
    otp: Annotated[str, msgspec.Meta(max_length=12)]
