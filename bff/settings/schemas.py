from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from bff.passkeys.schemas import PasskeyAssertionIn
from bff.schemas import CamelStruct, RequestStruct

Secret = Annotated[str, msgspec.Meta(max_length=200)]
Code = Annotated[str, msgspec.Meta(max_length=12)]
Naira = Annotated[float, msgspec.Meta(ge=0)]


class ChangePasswordIn(RequestStruct):
    old_password: Secret | None = None
    new_password: Secret | None = None
    confirm_password: Secret | None = None
    # Step-up: without it the server only checks the change and sends a code (202); with the
    # code it changes the password (200).
    otp: Code | None = None


class TwoFactorTypeOut(CamelStruct):
    two_factor_authentication_type: Literal["OTP_AUTHENTICATION", "GOOGLE_AUTHENTICATOR"]


class GoogleCredentialsOut(CamelStruct):
    image: str  # data:image/png;base64 QR code of the otpauth:// URI
    secret_code: str
    message: str


class TwoFactorConfirmIn(RequestStruct):
    """`code` proves the new method works; `currentCode` proves the customer holds the
    current one (the OTP sent by the generate call, or the authenticator's code)."""

    code: Code
    current_code: Code | None = None
    # Instead of `currentCode`: a passkey's approval of this switch (the assertion answering
    # `POST /api/ibanking/personal/2fa/change/passkey-options`).
    passkey: PasskeyAssertionIn | None = None


class TwoFactorPasskeyOptionsIn(RequestStruct):
    method: Literal["OTP_AUTHENTICATION", "GOOGLE_AUTHENTICATOR"]


class FreezeOut(CamelStruct):
    frozen: bool
    frozen_at: str | None  # dd-mm-yyyy hh:mm:ss, Lagos time
    message: str


class InstantTransfersOut(CamelStruct):
    enabled: bool
    switched_off_at: str | None  # dd-mm-yyyy hh:mm:ss, Lagos time
    message: str


class SwitchOnIn(RequestStruct):
    """Without `otp` or `passkey` a code is sent (202); with one, switched on (200)."""

    otp: Code | None = None
    passkey: PasskeyAssertionIn | None = None


class UnfreezeIn(RequestStruct):
    new_password: Secret | None = None
    confirm_password: Secret | None = None
    # Without it the new password is checked and a code sent (202); with it, unfrozen (200).
    otp: Code | None = None


class FrozenCustomerOut(CamelStruct):
    user_id: int
    name: str
    email: str
    frozen_at: str
