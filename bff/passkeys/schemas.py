"""Passkey wire structs: the browser's WebAuthn answers as @simplewebauthn/browser sends them
(base64url fields), and what the BFF answers."""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec

from bff.schemas import CamelStruct, RequestStruct

# WebAuthn's binary fields travel base64url-encoded (no padding); generous but bounded.
B64Url = Annotated[str, msgspec.Meta(min_length=1, max_length=8192, pattern=r"^[A-Za-z0-9_-]+$")]
Code = Annotated[str, msgspec.Meta(max_length=12)]
PasskeyName = Annotated[str, msgspec.Meta(max_length=60)]
# How the authenticator can be reached ("internal", "hybrid", "usb", …): a few short words.
Transport = Annotated[str, msgspec.Meta(max_length=20, pattern=r"^[a-z-]+$")]
Transports = Annotated[list[Transport], msgspec.Meta(max_length=8)]


class AssertionResponse(RequestStruct):
    client_data_json: B64Url = msgspec.field(name="clientDataJSON")
    authenticator_data: B64Url
    signature: B64Url
    user_handle: B64Url | None = None


class PasskeyAssertionIn(RequestStruct):
    """The result of navigator.credentials.get() (`startAuthentication()`), as JSON."""

    id: B64Url
    raw_id: B64Url
    response: AssertionResponse
    type: Literal["public-key"] = "public-key"
    client_extension_results: dict[str, Any] = msgspec.field(default_factory=dict)
    authenticator_attachment: Literal["platform", "cross-platform"] | None = None


class AttestationResponse(RequestStruct):
    client_data_json: B64Url = msgspec.field(name="clientDataJSON")
    attestation_object: B64Url
    transports: Transports = msgspec.field(default_factory=list)


class PasskeyRegistrationIn(RequestStruct):
    """The result of navigator.credentials.create() (`startRegistration()`), and a name."""

    id: B64Url
    raw_id: B64Url
    response: AttestationResponse
    type: Literal["public-key"] = "public-key"
    client_extension_results: dict[str, Any] = msgspec.field(default_factory=dict)
    authenticator_attachment: Literal["platform", "cross-platform"] | None = None
    # Not part of WebAuthn: the customer's label for it (default: from the browser's name).
    name: PasskeyName | None = None


class PasskeyCodeIn(RequestStruct):
    """The code sent by the step before (`code`), as the other 2FA choices take it."""

    code: Code


class PasskeySignInIn(RequestStruct):
    credential: PasskeyAssertionIn
    remember: bool = False


class RenamePasskeyIn(RequestStruct):
    name: PasskeyName


class RemovePasskeyIn(RequestStruct):
    # Neither: a code is sent (202). `otp`, or `passkey` (an assertion of this removal, from
    # `passkey-options`): the passkey is removed (200).
    otp: Code | None = None
    passkey: PasskeyAssertionIn | None = None


class PasskeyOptionsOut(CamelStruct):
    """`options` goes to `startRegistration({optionsJSON})` / `startAuthentication(...)`
    unchanged (WebAuthn's PublicKeyCredential*OptionsJSON)."""

    options: dict[str, Any]


class PasskeyOut(CamelStruct):
    id: int
    name: str
    created_at: str
    last_used_at: str | None
    synced: bool  # backed up by the platform (e.g. iCloud Keychain, Google Password Manager)


class PasskeyAddedOut(CamelStruct):
    message: str
    passkey: PasskeyOut
