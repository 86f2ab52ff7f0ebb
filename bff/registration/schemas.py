from __future__ import annotations

from typing import Annotated

import msgspec

from bff.schemas import CamelStruct, DbInt, RequestStruct

Text = Annotated[str, msgspec.Meta(max_length=200)]


class RegistrationEnumsOut(CamelStruct):
    gender: list[str]
    employment_status: list[str]
    marital_status: list[str]
    client_type: list[str]
    required_registration_parameter: str


class StateOut(CamelStruct):
    code: str
    name: str


class AccountTypeOut(CamelStruct):
    id: int
    name: str


class NewUserIn(RequestStruct):
    """Every field optional at the schema level so the server can answer with the contract's
    per-field messages rather than a generic type error."""

    phone_number: Text | None = None
    first_name: Text | None = None
    last_name: Text | None = None
    email: Text | None = None
    date_of_birth: Text | None = None
    bvn: Text | None = None
    account_type_id: DbInt | None = None
    state_of_residence: Text | None = None
    gender: Text | None = None
    address: Text | None = None
    employment_status: Text | None = None
    marital_status: Text | None = None
    client_type: Text | None = None
    password: Text | None = None
    confirm_password: Text | None = None
    registration_type: Text | None = None


class AccountOwnerIn(RequestStruct):
    account_nuban: Text | None = msgspec.field(default=None, name="accountNUBAN")
    email: Text | None = None
    password: Text | None = None
    confirm_password: Text | None = None
    bvn: Text | None = None
    phone_number: Text | None = None
    first_name: Text | None = None
    last_name: Text | None = None
    date_of_birth: Text | None = None
    registration_type: Text | None = None
    # Accepted and ignored: the bank already holds the owner's personal details.
    account_type_id: DbInt | None = None
    state_of_residence: Text | None = None
    gender: Text | None = None
    address: Text | None = None
    employment_status: Text | None = None
    marital_status: Text | None = None
    client_type: Text | None = None


class RegisteredOut(CamelStruct):
    user_id: int
    email: str
    message: str
