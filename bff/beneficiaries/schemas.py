from __future__ import annotations

from typing import Annotated

import msgspec

from bff.passkeys.schemas import PasskeyAssertionIn
from bff.schemas import CamelStruct, RequestStruct

Text = Annotated[str, msgspec.Meta(max_length=200)]
Code = Annotated[str, msgspec.Meta(max_length=12)]


class BeneficiaryOut(CamelStruct):
    id: int
    beneficiary_name: str
    bank_name: str
    account_name: str
    account_number: str
    bank_code: str


class BeneficiaryIn(RequestStruct):
    beneficiary_name: Text | None = None
    bank_code: Text | None = None
    account_number: Text | None = None
    # Accepted for the contract's payload; the server uses the name its own look-up returns.
    account_name: Text | None = None
    bank_name: Text | None = None
    # Step-up: without it the server only checks the beneficiary and sends a code (202);
    # with the code it saves (201).
    otp: Code | None = None
    # Instead of `otp`: a passkey's approval of this beneficiary (the assertion answering
    # `POST /api/beneficiaries/passkey-options` with the same details).
    passkey: PasskeyAssertionIn | None = None


class BeneficiaryCreatedOut(CamelStruct):
    message: str
    beneficiary: BeneficiaryOut
