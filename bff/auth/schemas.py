from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from bff.schemas import CamelStruct, DbInt, RequestStruct

TwoFactorType = Literal["OTP_AUTHENTICATION", "GOOGLE_AUTHENTICATOR"]
Text200 = Annotated[str, msgspec.Meta(max_length=200)]


class LoginIn(RequestStruct):
    email: Annotated[str, msgspec.Meta(max_length=200, description="E-mail or 11-digit phone")]
    password: Text200
    remember: bool = False


class LoginOut(CamelStruct):
    user_id: int
    user_uuid: str = msgspec.field(name="userUUID")
    two_factor_authentication: TwoFactorType


class OtpVerificationIn(RequestStruct):
    user_id: DbInt
    user_uuid: Annotated[str, msgspec.Meta(max_length=64)] = msgspec.field(name="userUUID")
    otp: Annotated[str, msgspec.Meta(max_length=12)]


class TokenDTO(CamelStruct):
    access_token: str
    token_type: str
    expires_in: int


class SessionOut(CamelStruct):
    """What the web app stores under localStorage.userInfo."""

    token_dto: TokenDTO = msgspec.field(name="tokenDTO")
    onboarding_complete: bool
    role: Literal["CUSTOMER", "ADMIN"]
    user_id: int
    user_uuid: str = msgspec.field(name="userUUID")
    first_name: str
    last_name: str
    email: str
    phone_number: str | None
    two_factor_authentication: TwoFactorType


class EmailVerificationIn(RequestStruct):
    email: Text200
    code: Annotated[str, msgspec.Meta(max_length=12)]


class EmailIn(RequestStruct):
    email: Text200


class LinkValidOut(CamelStruct):
    valid: bool


class PasswordResetIn(RequestStruct):
    email: Text200
    password_reset_code: Annotated[str, msgspec.Meta(max_length=100)]
    password: Text200
    confirm_password: Text200
