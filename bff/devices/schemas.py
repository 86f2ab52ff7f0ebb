"""Known devices in Settings, and the new-device cap the transfer form shows."""

from __future__ import annotations

from typing import Annotated

import msgspec

from bff.passkeys.schemas import PasskeyAssertionIn
from bff.schemas import CamelStruct, RequestStruct

DeviceName = Annotated[str, msgspec.Meta(max_length=60)]
Code = Annotated[str, msgspec.Meta(max_length=12)]


class DeviceOut(CamelStruct):
    id: int
    name: str
    created_at: str
    last_used_at: str
    this_device: bool  # the browser asking
    signed_in: bool  # a session is still open on it
    # While the new-device transfer cap applies to it: when it ends (ISO 8601), else null.
    capped_until: str | None


class RenameDeviceIn(RequestStruct):
    name: DeviceName


class RemoveDeviceIn(RequestStruct):
    # Neither: a code is sent (202). `otp`, or `passkey` (an assertion of this removal, from
    # `passkey-options`): the device is removed (200).
    otp: Code | None = None
    passkey: PasskeyAssertionIn | None = None


class DeviceCapOut(CamelStruct):
    """The new-device cap of the browser asking (docs/contract.md, "Known devices")."""

    capped: bool
    # The rest is null unless capped: the cap and what is left of it (naira), when it ends
    # (ISO 8601) and the sentence the transfer form shows.
    limit: float | None = None
    left: float | None = None
    ends_at: str | None = None
    message: str | None = None
